/* rep.h - m2r-report's data model, shared by its readers and writers.
 *
 * A Run is everything read from one side's inputs: the function and
 * unit records (each a Rec, duplicates folded, see load.c), their
 * variables, and what was skipped.  Writers (summary.c, rows.c,
 * diff.c; an HTML writer would be one more) only read a Run.  Names
 * (reasons, verdicts, renamers, fallbacks) are the enums of
 * core/names.h, so a record's objects become arrays indexed by them. */
#ifndef M2R_REPORT_REP_H
#define M2R_REPORT_REP_H
#include <stdio.h>

#include "m2r.h"
#include "names.h"
#include "report.h" /* json_str, csv_str: strings as the records write them */

/* The integer fields of a record, by their JSON key; GCC's figures
 * (1 in the last column) are known only where GCC was compared:
 * "compared" 0 (rewrite mode, compare=no, m2r-opt) makes them unknown,
 * never 0 (rec_known). */
#define REP_FIELDS(X) \
	X(F_FUNCTIONS, "functions", 0) X(F_COMPARED, "compared", 0) \
	X(F_BLOCKS, "blocks", 0) X(F_VARS, "vars", 0) X(F_PROMOTABLE, "promotable", 0) \
	X(F_PROMOTED, "promoted", 0) X(F_GCC_PROMOTED, "gcc_promoted", 1) \
	X(F_PHIS, "phis", 0) X(F_PHIS_KEPT, "phis_kept", 0) X(F_GCC_PHIS, "gcc_phis", 1) \
	X(F_AGREE, "agree", 1) X(F_DIFFER, "differ", 1) X(F_UNEXPLAINED, "unexplained", 1) \
	X(F_REWRITTEN, "rewritten", 0) X(F_PHIS_BUILT, "phis_built", 0) \
	X(F_LOWER_NS, "lower_ns", 0) X(F_CORE_NS, "core_ns", 0) X(F_GCC_NS, "gcc_ns", 1) \
	X(F_REWRITE_NS, "rewrite_ns", 0)
#define REP_ENUM_(id, key, gcc) id,
enum Field { REP_FIELDS(REP_ENUM_) NFIELD };
extern const char *const field_key[NFIELD];
extern const char field_gcc[NFIELD];

/* The keys that group records and that --filter selects on: records of
 * several modes, placements, algorithms, GCC versions or targets are
 * reported side by side, never summed together (group.c). */
#define GROUP_KEYS(X) \
	X(G_MODE, "mode", "mode") X(G_PLACEMENT, "placement", "placement") \
	X(G_ALGORITHM, "algorithm", "algorithm") \
	X(G_GCC_VERSION, "gcc_version", "GCC") X(G_TARGET, "target", "target")
#define GKEY_ENUM_(id, key, label) id,
enum GroupKey { GROUP_KEYS(GKEY_ENUM_) NGKEY };
extern const char *const gkey_name[NGKEY];

/* REC_PART: a schema-3 "variables" record, the rest of a function
 * record that output=- split to keep each line within PIPE_BUF; it is
 * joined to its function record on reading and never kept. */
/* REC_EXPLAIN: a schema-4 "explain" record (or one of its parts), kept
 * as an Expl. */
enum RecType { REC_FUNCTION, REC_UNIT, REC_PART, REC_EXPLAIN };

typedef struct Rec {
	int type;                   /* enum RecType */
	/* Strings are interned (run_intern): equal strings, equal pointers;
	 * "" when the record has no such key. */
	const char *tool, *file, *function, *mode, *placement, *clock;
	const char *algorithm;      /* schema 6; "llvm" before (or absent) */
	const char *dumpbase, *cwd, *host, *fallback, *lower_error;
	const char *gcc_version, *target; /* schema 5, the plugin's */
	long long f[NFIELD];
	long long counter[NCOUNTER];
	long long not_promoted[NREASON];
	long long paths[NPATH];
	long long why[NWHY];
	long long renamed_by[NRENAMER];
	long long fallbacks[NFALLBACK];
	int var0, nvar;             /* its variables: run->var.v[var0 ..] */
	long long whole;            /* written back whole by rewrite mode:
	                               "rewritten" and no variable renamed by
	                               GCC (tools/rewritten.py's definition);
	                               a sum of records: how many */
	int folded;                 /* duplicates folded into this one */
	int input;                  /* index of the input it came from */
	long line;                  /* its line there */
	long long pid;              /* schema 3: the compiler's process */
	int parts, part;            /* parts of a split record, the last read */
	int index;                  /* a function record's index in Run.fn */
	int group;                  /* its group (run_groups), in Run.grp */
} Rec;

/* A variable of a function record (the fields a report shows). */
typedef struct Var {
	const char *name;
	int line;
	signed char ours;           /* 0/1 */
	signed char gcc;            /* 0/1; -1 not compared */
	signed char why, reason, path, renamed_by, fallback; /* enums; -1 absent */
	int phis, phis_kept, gcc_phis;
} Var;

/* An explanation (an "explain" record, parts joined): the plugin's
 * text and DOT of one function's SSA construction (doc/explain.md). */
typedef struct Expl {
	const char *tool, *file, *function, *mode, *placement, *host; /* interned */
	const char *algorithm, *gcc_version, *target;
	long long pid;
	int asked;                  /* explain=FUNC named it (else: it differs) */
	VEC(char) text, dot;        /* NUL-terminated once read whole */
	int parts, part;            /* parts read so far; whole when equal */
	/* Set by explain_files (html-explain.c) for the page: */
	int fn;                     /* its function record (index in Run.fn), -1 */
	const char *href_txt, *href_svg; /* links from the page, or NULL */
	/* The per-variable pictures after the function's (its DOT's second
	 * and later digraphs, "@f:%x"): their links and names ("%x"). */
	int nvpic;
	const char **vpic_href, **vpic_name;
	const char *problem;        /* why there is no picture, or NULL */
} Expl;

/* One input as given on the command line (a directory is one input). */
typedef struct Input {
	const char *name;
	long files, lines, records, skipped;
	long first_bad_line;        /* of the first skipped line */
	const char *first_bad_file; /* its file (inside a directory) */
	char first_bad_why[96];
	int unreadable;             /* it, or a file in it, could not be read */
} Input;

/* A group of function records (group.c): one value of each key. */
typedef struct Group {
	const char *key[NGKEY];     /* interned; "" when the records have none */
	Rec sum;                    /* its function records summed */
	Rec cmp;                    /* those of them compared with GCC, summed */
	int files;                  /* source files */
	long opt;                   /* functions from m2r-opt */
	long lower_err;             /* functions with a lower_error */
} Group;

/* --filter=KEY=VALUE: keep the records whose KEY is VALUE (several
 * values of one key: any of them; several keys: all). */
typedef struct Filter {
	int key;                    /* enum GroupKey */
	const char *value;
} Filter;

typedef struct Run {
	Arena *a;
	Hash strs;                  /* interned strings */
	Hash keys;                  /* fold keys -> index in fn or unit */
	Hash open;                  /* (host, pid) -> a split function record
	                               still waiting for parts: 1 + index in
	                               fn, or 0 when it was folded */
	VEC(Rec *) fn;              /* function records, in reading order */
	VEC(Rec *) unit;            /* unit records */
	VEC(Var) var;
	VEC(Input) in;
	long folded_fn, folded_unit;
	long folded_differing;      /* folded duplicates whose results differ */
	long parts_joined;          /* "variables" records joined */
	VEC(Expl) ex;               /* explanations, in reading order */
	Hash xopen;                 /* (host, pid) -> 1 + index in ex of a split
	                               explanation waiting for parts, 0 if folded */
	long folded_ex;             /* duplicate explanations dropped */
	int *fn_ex;                 /* function record -> its explanation
	                               (index in ex) or -1: explain_files */
	int clocks;                 /* bit 0: wall, bit 1: cpu, bit 2: other */
	const Filter *filter;       /* --filter, set before reading */
	int nfilter;
	long filtered;              /* records left out by the filters */
	VEC(Group) grp;             /* run_groups: the groups, in reading order */
	int grouped;                /* run_groups has run */
	int page_failed;            /* a page beside the HTML page was not written */
} Run;

/* load.c */
Run *run_new(void);
void run_free(Run *r);
const char *run_intern(Run *r, const char *s);
/* Reads one INPUT (file, directory, "-") into r; messages on stderr.
 * Returns 0, or -1 when it (or a file in it) could not be read. */
int run_read(Run *r, const char *input);

/* The function record an explanation explains (same tool, file,
 * function, mode, placement, algorithm, GCC, target): its index in
 * r->fn, or -1. */
int run_fn_of(Run *r, const Expl *e);

/* group.c: the groups of r's function records (each Rec's group set),
 * computed once; *n gets their number.  run_varying: the keys (bit k:
 * enum GroupKey k) whose value differs between groups. */
Group *run_groups(Run *r, int *n);
unsigned run_varying(Run *r);
/* A record's value of key k ("" when it has none). */
const char *rec_gkey(const Rec *x, int k);
/* "mode rewrite, placement minimal, algorithm llvm": the keys of mask
 * with a value (all: "-" for none), from labels. */
void put_gkeys(FILE *o, const char *const key[NGKEY], unsigned mask, int all);
/* A --filter argument's KEY=VALUE (arg the whole argument, for the
 * message): 0, or -1 after saying why on stderr. */
int filter_parse(const char *arg, const char *kv, Filter *f);
/* Whether the filters of r keep x. */
int filter_keeps(const Run *r, const Rec *x);

/* rows.c: per-file sums, one Rec of type REC_UNIT per file and group
 * (function ""), in the order of each one's first function; *n gets
 * their count. */
Rec **run_by_file(Run *r, int *n);
/* Adds src's numbers into dst (every field and array). */
void rec_add(Rec *dst, const Rec *src);
long long rec_ours_ns(const Rec *x);    /* lower_ns + core_ns */
/* Whether x's field is known: GCC's figures only where it has a
 * function compared with GCC. */
int rec_known(const Rec *x, int field);
enum Format { FMT_TEXT, FMT_CSV, FMT_JSON, FMT_HTML };
/* The rows: one per function (by_file 0) or per file, CSV or JSON Lines. */
void write_rows(FILE *o, Run *r, int fmt, int by_file);

/* summary.c: the text summary and the top-n lists.  Returns the number
 * of unexplained differences. */
long write_summary(FILE *o, Run *r, int by_file, int top);
void fmt_ns(char *buf, size_t n, long long ns);

/* diff.c: A against B, by file and function. */
void write_diff(FILE *o, Run *a, Run *b, const char *na, const char *nb, int fmt, int top);

/* html-explain.c: the explanations' files beside the page PAGE (text,
 * and with Graphviz's dot, the program DOT or NULL for none, SVG
 * pictures), their links set in r->ex; problems on stderr.  Returns the
 * number of pictures dot failed to draw. */
int explain_files(Run *r, const char *page, const char *dot);
/* The page's "Explanations" section, and a function's link (NULL when
 * it has no explanation). */
void write_explanations(FILE *o, Run *r);
const char *explain_href(Run *r, const Rec *fn);

/* html.c: --format=html, the page PAGE (open as o) and the pages
 * beside it; html-plot.c: its SVG plots (t: the sums of r's
 * functions).  put_html escapes & < > " '; html_head and html_tail
 * open and close a page (style, sorting script). */
long write_html(FILE *o, Run *r, int top, const char *page);
void write_plots(FILE *o, Run *r, const Rec *t);
void put_html(FILE *o, const char *s);
void html_head(FILE *o, const char *title);
void html_tail(FILE *o);
/* A path's last component as a relative URL (html-explain.c). */
char *url_of(Run *r, const char *name);

/* html-pages.c: a long table of the page goes on in pages beside it,
 * PAGE-pages/NAME-K.html, CAP rows each.  A PageSet is one table's
 * pages (npages 1: the page holds it all). */
typedef struct PageSet {
	const char *page, *name, *anchor, *title; /* anchor: the table's id on the page */
	long nrows, cap;
	int npages;
} PageSet;
PageSet page_set(const char *page, const char *name, const char *anchor, const char *title, long nrows,
		 long cap);
/* Writes rows [lo, hi) of the table on o; up: "../" from a page beside
 * the main page, "" on it (the prefix of links to PAGE-explain/). */
typedef void (*SliceFn)(FILE *o, Run *r, long lo, long hi, const char *up, void *arg);
/* The pages 2 .. npages, each through fn; 0, or -1 when one could not
 * be written (said on stderr). */
int write_pages(Run *r, const PageSet *ps, SliceFn fn, void *arg);
/* The links to every page of the table (nothing for one page); cur:
 * the page they are on. */
void page_nav(FILE *o, Run *r, const PageSet *ps, int cur);
#endif
