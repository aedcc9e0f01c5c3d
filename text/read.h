/* read.h - private header of the reader (read.c, lex.c, operand.c,
 * ins.c): the parser's state and the functions its parts share.  Not
 * for use outside text/: the API is in text.h.  read.c's header
 * comment says what the reader keeps and how errors unwind. */
#ifndef M2R_READ_H
#define M2R_READ_H

#include "text.h"

#include <setjmp.h>
#include <stddef.h>
#include <string.h>

enum { MAXDEPTH = 256 };

/* Name table entry kinds: a value, a defined block, a label used but
 * not defined yet (id indexes Parser.pend). */
enum { N_VAL, N_BLK, N_FLAB };

typedef struct Tok {
	const char *s;  /* name without sigil; quotes kept; numbers canonical */
	int n;
	int line, col;
	int isnum;
	long num;       /* numbered names: the number */
} Tok;

typedef struct Pend {
	int blk;        /* -1 until the label is defined */
	Tok t;          /* first use */
} Pend;

/* Where a value was first mentioned, for errors (the core's Val has no
 * position: the plugin never needs one). */
typedef struct VPos {
	int line, col;
} VPos;

typedef struct Parser {
	Reader *r;
	Fn *f;
	Arena *sa;          /* scratch, freed by read_fn() */
	jmp_buf jb;
	const char *p, *end, *bol; /* cursor, end, start of current line */
	int line, depth;
	Hash names, types, consts; /* in the scratch arena */
	VEC(char) sb;       /* text being built: types, templates */
	VEC(int) ops, labs;
	VEC(Pend) pend;
	VEC(VPos) vpos;     /* by value id; {0, 0} when none was recorded */
	long nextnum;       /* next number for an unnamed value or block */
	int cur;            /* current block, -1 before the first */
	int term, nonphi;   /* current block: terminated, has a non-phi */
	char show[3][96];   /* names quoted in error messages */
	int nshow;
} Parser;

/* Error at position at. */
#define fail(P, at, ...) do { \
		char m_[400]; \
		snprintf(m_, sizeof m_, __VA_ARGS__); \
		failpos((P), (at), m_); \
	} while (0)

/* ---------- lex.c's small helpers, inline: called per character ---------- */

static inline int isname(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '$' || c == '.' || c == '_';
}

static inline int isword(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.';
}

static inline int isdig(int c)
{
	return c >= '0' && c <= '9';
}

static inline int peek(Parser *P)
{
	return P->p < P->end ? (unsigned char)*P->p : -1;
}

static inline int peekat(Parser *P, const char *q)
{
	return q < P->end ? (unsigned char)*q : -1;
}

static inline int at_eol(Parser *P)
{
	int c = peek(P);
	return c < 0 || c == '\n' || c == ';';
}

static inline int weq(const char *s, int n, const char *w)
{
	return (int)strlen(w) == n && memcmp(s, w, (size_t)n) == 0;
}

/* The word at p, not consumed; 1 if it is w (a whole word). */
static inline int at_word(Parser *P, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(P->end - P->p) >= n && memcmp(P->p, w, n) == 0 &&
	       !isword(peekat(P, P->p + n));
}

/* ---------- lex.c: errors, tokens, scratch text ---------- */

_Noreturn void failat(Parser *P, int line, int col, const char *fmt, ...);
int colof(Parser *P, const char *at);
_Noreturn void failpos(Parser *P, const char *at, const char *msg);
const char *shown(Parser *P, const char *pre, const char *s, int n);
const char *tokname(Parser *P, const Tok *t);
const char *tokat(Parser *P, const char *at);
void newline(Parser *P);
void ws(Parser *P);
void skip_comment(Parser *P);
void expect_eol(Parser *P, const char *what);
void open_br(Parser *P);
void expect_ch(Parser *P, int c, const char *what);
void skip_string(Parser *P);
int word(Parser *P, const char **s);
void numbered(Parser *P, Tok *t);
void lex_local(Parser *P, Tok *t);
void sb_put(Parser *P, const char *s, size_t n);
void sb_puts(Parser *P, const char *s);
void sb_putc(Parser *P, int c);
void sb_trim(Parser *P, int from);

/* ---------- operand.c: types, names, values ---------- */

int is_type_word(const char *s, int n);
int parse_type(Parser *P);
HEnt *name_get(Parser *P, const Tok *t, int *found);
void set_name(Parser *P, const char **dst, const Tok *t);
int use_val(Parser *P, const Tok *t, int type);
/* Record value v's position; vpos_of reads it back. */
void vpos_set(Parser *P, int v, int line, int col);
static inline VPos vpos_of(const Parser *P, int v)
{
	VPos none = { 0, 0 };
	return v < P->vpos.n ? P->vpos.v[v] : none;
}
int use_lab(Parser *P, const Tok *t, int branch);
void def_val(Parser *P, const Tok *t, int ins, int type);
void check_num(Parser *P, const Tok *t, const char *what);
void skip_group(Parser *P);
int is_const_word(const char *s, int n);
void skip_global(Parser *P);
int value(Parser *P, int type, int typed);
int label_op(Parser *P, int branch);

/* ---------- ins.c: instructions ---------- */

const char *trailing(Parser *P, int atomic);
int mkins(Parser *P, int op, int type, int line, int col);
int ins_load(Parser *P, int line, int col);
int ins_store(Parser *P, int line, int col);
int ins_alloca(Parser *P, int line, int col);
int ins_phi(Parser *P, int line, int col);
int ins_br(Parser *P, int line, int col);
int ins_switch(Parser *P, int line, int col);
int ins_ret(Parser *P, int line, int col);
extern const char *const term_ops[];
extern const char *const gen_ops[];
int in_list(const char *const *l, const char *s, int n);
int ins_gen(Parser *P, const char *op, int nop, int line, int col);

#endif
