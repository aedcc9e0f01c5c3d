/* json.h - a small, strict JSON reader for m2r-report's record lines.
 *
 * One line is parsed into a tree in an arena (the caller frees the
 * arena after taking what it needs).  Bad input of any kind - truncated,
 * invalid UTF-8, a NUL, nesting deeper than JSON_MAX_DEPTH, a number
 * too big for a long long where an integer is wanted - is an error with
 * a short reason, never a crash: the report's inputs are build logs. */
#ifndef M2R_REPORT_JSON_H
#define M2R_REPORT_JSON_H
#include "m2r.h"

enum { JSON_MAX_DEPTH = 64 };

typedef enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JKind;

typedef struct JVal JVal;
struct JVal {
	JKind k;
	int is_int;       /* J_NUM: an integer that fits a long long (in i) */
	long long i;      /* J_BOOL: 0/1; J_NUM: the integer */
	const char *s;    /* J_STR: decoded, NUL-terminated (no NUL inside) */
	int n;            /* J_STR: length; J_ARR, J_OBJ: element count */
	const char *key;  /* a member of an object: its key */
	JVal *kid, *next; /* J_ARR, J_OBJ: first element; the next sibling */
	JVal **idx;       /* J_OBJ of more than 8 members: json_get's index of them */
	int nidx;         /* its slots (a power of two) */
};

/* Parses s[0..n) as one JSON value with nothing after it but blanks.
 * Returns NULL and sets *why (a static string) on any error. */
JVal *json_parse(Arena *a, const char *s, size_t n, const char **why);
/* The member key of object o, or NULL (also when o is not an object).
 * An object of more than 8 members is parsed with a hash index of its
 * keys: a record has dozens of keys, each looked up, many absent. */
JVal *json_get(const JVal *o, const char *key);
#endif
