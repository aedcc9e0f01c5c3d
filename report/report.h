/* report.h - the one report layer (plain C): what both tools record of a
 * function's promotion, and every writer of it: JSON Lines records
 * (record.c, schema doc/record.schema.json), the plugin's text and CSV
 * tables (table.c, csv.c), its remarks' text (remark.c), m2r-opt's text
 * statistics (stats.c) and the M2R_BENCH line (bench.c).
 *
 * A FnReport is filled by a tool (the plugin: plugin/compare.c from the
 * bridge and GCC's result; m2r-opt: report_from_stats) and handed to the
 * writers; names come from core/names.h. */
#ifndef M2R_REPORT_H
#define M2R_REPORT_H

#include "m2r.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The version written in every record's "schema" field.  Version 1 was
 * the plugin's records before the field existed; 3 added where a record
 * was made (host, cwd, dumpbase, pid) and the split of a long function
 * record; 4 the "explain" record; 5 the plugin's compiler and target
 * (gcc_version, target) and GCC's figures left out where GCC was not
 * compared; 6 the SSA construction algorithm (algorithm) beside the
 * placement (doc/statistics.md). */
#define M2R_SCHEMA_VERSION 6

/* What starts every record line the plugin writes on stderr (output=-),
 * so that a reader finds records anywhere in a build log. */
#define M2R_RECORD_PREFIX "m2r-record: "

typedef struct VarReport {
	const char *name;
	int line, col;
	unsigned flags;     /* plugin: the bridge's enum VarFlag */
	int ours;           /* promoted by the core */
	int reason;         /* enum Reason when not */
	int path;           /* enum Path */
	int gcc;            /* renamed into SSA by GCC */
	int nphi;           /* ours: placed, before simplification */
	int *phibb;         /* plugin: their GCC basic block indexes, ascending */
	const char **philab; /* m2r-opt: their labels (NULL in the plugin) */
	int nphikept;       /* ours after simplification */
	int gcc_nphi;
	int *gcc_phibb;     /* GCC basic block indexes, ascending */
	int why;            /* enum Why; W_AGREE when both sides agree */
	uint64_t loc;       /* location_t of the declaration, for remarks */
	int renamed;        /* rewrite mode: enum Renamer */
	int fallback;       /* renamed == RN_GCC: fallback_name() */
} VarReport;

typedef struct FnReport {
	const char *file;   /* main input file */
	const char *function; /* function name as the tool prints it */
	int blocks;         /* core blocks (plugin: GCC's plus the entry) */
	int vars, promotable, promoted, gcc_promoted;
	long phis;          /* ours, placed (before simplification) */
	long phis_kept;     /* ours, after simplification */
	long gcc_phis;      /* GCC's non-virtual phis for these variables */
	int compared;       /* the GCC side ran (compare=yes) */
	int agree;          /* every variable agrees */
	int differ;         /* variables that differ with a named reason */
	int unexplained;    /* variables that differ without one */
	int nvar;
	VarReport *var;     /* plugin: DECL_UID order; m2r-opt: the allocas' */
	int rewrite;        /* rewrite mode: the fields below are filled */
	int rewritten;      /* the core's SSA form was written back (whole when
	                       no variable is RN_GCC: tools/rewritten.py) */
	int by_core, by_gcc, in_memory; /* variables by enum Renamer */
	long phis_built;    /* the core's phis written into GIMPLE (the kept
	                       phis of the variables renamed by the core) */
	Stats st;           /* the core's counters */
	const char *lower_err; /* plugin: the bridge's notes, or "" */
	/* Times, all from m2r_now() (one clock, named in the record). */
	long long lower_ns; /* build the core IR: lower GIMPLE / read text */
	long long core_ns;  /* m2r_promote */
	long long gcc_ns;   /* GCC's "ssa" */
	long long rewrite_ns; /* rewrite mode: the rest of the pass (operand
	                       scan, write-back, update_ssa for .MEM) */
} FnReport;

/* What a record says about the tool that wrote it. */
enum { TOOL_PLUGIN, TOOL_OPT };
enum { RMODE_ANALYZE, RMODE_REWRITE };
typedef struct RecOpts {
	int tool;           /* TOOL_* */
	int mode;           /* plugin: RMODE_* */
	int placement;      /* enum Placement */
	int algorithm;      /* enum Algorithm */
	/* The plugin: the GCC it is built for and runs in ("12.2.0") and
	 * that GCC's target triple ("x86_64-linux-gnu"); NULL (m2r-opt):
	 * the keys are left out. */
	const char *gcc_version, *target;
} RecOpts;

/* The plugin: the translation unit's dump base name (GCC's
 * dump_base_name), in every record from now on; until then (m2r-opt)
 * a record's "dumpbase" is its file. */
void rec_set_dumpbase(const char *dumpbase);

/* Totals of one function or of a unit: what records sum.  The scalar
 * fields are a table so that sums and the unit record cannot miss one. */
#define TOTAL_FIELDS(X) \
	X(functions) X(compared) X(blocks) X(vars) X(promotable) X(promoted) \
	X(gcc_promoted) X(phis) X(phis_kept) X(gcc_phis) X(agree) X(differ) \
	X(unexplained) X(rewritten) X(phis_built)
#define TOTAL_NS(X) X(lower_ns) X(core_ns) X(gcc_ns) X(rewrite_ns)
#define TOTAL_LONG_(f) long f;
#define TOTAL_NS_(f) long long f;
typedef struct Totals {
	TOTAL_FIELDS(TOTAL_LONG_)
	long cnt[NCOUNTER], notprom[NREASON], path[NPATH], why[NWHY];
	long renamed[NRENAMER], fallback[NFALLBACK]; /* rewrite mode */
	TOTAL_NS(TOTAL_NS_)
} Totals;

void totals_of(const FnReport *r, Totals *t);
void totals_add(Totals *u, const Totals *t);

/* One JSON Lines record (one line, ending in '\n'): a function record
 * when r is set (with its variables if with_vars), else the unit record
 * of t for file. */
void rec_json(FILE *o, const RecOpts *ro, const char *file, const FnReport *r,
	      const Totals *t, int with_vars);
/* The same record as lines prefix + JSON + '\n', each handed to put()
 * whole.  A function record whose line would be longer than limit bytes
 * is split: the function record with "parts":N and the variables that
 * fit, then N-1 "variables" records with the rest, each line within
 * limit when one variable fits in it (doc/statistics.md, "Split
 * records").  A line that cannot be made short enough (a unit or
 * function record without its variables, or one variable, over limit)
 * is put whole all the same. */
typedef void RecPut(void *arg, const char *line, size_t len);
void rec_lines(const RecOpts *ro, const char *file, const FnReport *r, const Totals *t,
	       const char *prefix, size_t limit, RecPut *put, void *arg);
/* An "explain" record (the plugin: explain=, explain-differences) of
 * function fn: the explanation's text and DOT (report/explain.c),
 * asked for by explain= or not (a function that differs).  Put whole
 * when within limit; else split into lines within limit, the text and
 * then the DOT cut into consecutive pieces ("parts", "part"; never
 * inside a character), as rec_lines does (doc/statistics.md). */
void rec_explain_lines(const RecOpts *ro, const char *file, const char *fn, int asked,
		       const char *text, const char *dot, const char *prefix, size_t limit,
		       RecPut *put, void *arg);
/* s as a JSON string, quoted and escaped (NULL prints ""). */
void json_str(FILE *out, const char *s);
/* s as a CSV field (RFC 4180): quoted when it holds a comma, a quote or
 * a line break, quotes doubled; NULL is empty. */
void csv_str(FILE *out, const char *s);

/* m2r-opt: fill r (allocating in f's arena) from f and its Stats after
 * m2r_promote; variables are named and their phi blocks labelled as f
 * prints them. */
void report_from_stats(Fn *f, const Stats *st, const char *file, FnReport *r);
/* m2r-opt --stats=text: the counters and one line per variable. */
void stats_print_text(Fn *f, const Stats *st, FILE *out);

/* The plugin's text tables (table.c): the per-function table (header,
 * row, variables' rows) of stats=functions|variables and of the dump,
 * and the unit's summary. */
void table_fn_header(FILE *o, const RecOpts *ro);
void table_fn_row(FILE *o, const FnReport *r);
void table_var_rows(FILE *o, const FnReport *r);
void table_summary(FILE *o, const RecOpts *ro, const char *file, const Totals *u);
/* CSV (csv.c): header lines, a function or unit row, variables' rows. */
void csv_fn_header(FILE *o, const RecOpts *ro);
void csv_var_header(FILE *o, const RecOpts *ro);
void csv_row(FILE *o, const RecOpts *ro, const char *type, const char *file, const char *fn,
	     const Totals *t);
void csv_var_rows(FILE *o, const FnReport *r);

/* The remark at a variable (remark.c): "'x' promoted (general), phis in
 * bb 3; gcc: agrees"; 0 when it gets none (a gimplifier temporary:
 * artificial set). */
int remark_text(const FnReport *r, const VarReport *v, int artificial, char *buf, size_t n);

/* The dump (dump.c): a function's header and lowered IR, its promoted
 * IR, its table (comparison, or rewrite mode's variables). */
void dump_lowered(FILE *d, const char *fn, const char *file, const char *err, Fn *f);
void dump_promoted(FILE *d, int placement, Fn *f);
void dump_table(FILE *d, const RecOpts *ro, int compare, const FnReport *r);

/* M2R_BENCH (bench.c): bench_start before m2r_promote, bench_line after
 * it prints one "m2r-bench @NAME ..." line to o (doc/performance.md). */
typedef struct Bench {
	long long walk_ns;
	long nops;
	size_t ir_bytes;
} Bench;
void bench_start(Fn *f, Bench *bn);
void bench_line(FILE *o, const char *name, Fn *f, const Bench *bn, const Stats *st, long long core_ns);

/* ---------- explanations (explain.c text, explain-dot.c Graphviz) ---------- */

/* What to explain of a function promoted with a trace (core/m2r.h,
 * "trace"): everything, or one variable. */
enum { EX_TEXT, EX_DOT };
typedef struct ExplainOpts {
	int format;     /* EX_TEXT or EX_DOT */
	int var;        /* the alloca (instruction id) to explain, -1: all */
	/* The plugin: the other side's phi blocks of the variable whose
	 * alloca is instruction i, as core block ids (ascending, *n of
	 * them), or NULL when that side did not rename it; other_name
	 * names the side ("gcc").  NULL: no other side. */
	const int *(*other)(void *ctx, int i, int *n);
	void *ctx;
	const char *other_name;
} ExplainOpts;

/* The allocas of f named name ("x" or "%x"), as printed: the
 * instruction id, or -1 when f has no such alloca. */
int explain_find_var(Fn *f, const char *name);
/* Write the explanation of f, promoted with trace tr into stats st. */
void explain_fn(FILE *o, Fn *f, const Trace *tr, const Stats *st, const ExplainOpts *eo);
/* The Graphviz form (explain_fn with EX_DOT calls it). */
void explain_dot(FILE *o, Fn *f, const Trace *tr, const Stats *st, const ExplainOpts *eo);

#ifdef __cplusplus
}
#endif
#endif
