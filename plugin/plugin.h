/* plugin.h - what the plugin's own files share: the parsed arguments
 * (args.cc) and where reports go (output.cc; the writers are report/).  plugin.cc wires them to
 * GCC's passes and events.  No GCC header is needed to include this. */
#ifndef M2R_PLUGIN_H
#define M2R_PLUGIN_H

#include "compare.h"

#define M2R_PLUGIN_VERSION "0.1"

enum { ST_NONE, ST_SUMMARY, ST_FUNCTIONS, ST_VARIABLES }; /* stats= */
enum { FMT_TEXT, FMT_JSON, FMT_CSV };                    /* format= */
enum { MODE_ANALYZE, MODE_REWRITE };                     /* mode= */
/* dump=: off, given (IR, tables, explanations), or only turned on by
 * explain= (the explanations alone: a build with explain=FUNC makes a
 * dump only where FUNC is). */
enum { DUMP_OFF, DUMP_ALL, DUMP_EXPLAIN };

/* explain=FUNC[:VAR]: a function to explain (every one of that name),
 * and one of its variables or NULL (all). */
typedef struct ExTarget {
	const char *fn, *var;
	const char *flag;   /* the flag as written, for messages */
	int seen;           /* functions of that name lowered */
} ExTarget;

typedef struct Args {
	int stats;          /* ST_*, default ST_SUMMARY */
	int format;         /* FMT_*, default FMT_TEXT */
	const char *output; /* output=PATH, or NULL */
	int dump;           /* DUMP_*: dump given, or explain= only */
	const char *dump_path; /* dump=PATH, or NULL for <dumpbase>.mem2reg */
	int mode;           /* MODE_*, default MODE_ANALYZE */
	int placement;      /* enum Placement */
	int algorithm;      /* enum Algorithm, default ALG_LLVM */
	long braun_limit;   /* PromoteOpts.braun_limit: 0 default, -1 none */
	int compare;        /* compare=yes (default in analyze mode; no, and
	                       an error if given yes, in rewrite mode and
	                       with algorithm=braun) */
	int remarks, verify, help, version; /* flags */
	ExTarget *explain;  /* explain=, each given (in order) */
	int nexplain;
	int explain_format; /* explain-format=: EX_TEXT or EX_DOT */
	int explain_diff;   /* explain-differences */
} Args;

extern Args m2r_args;

/* Parse -fplugin-arg-NAME-KEY[=VALUE] (args.cc).  Every problem is an
 * error() naming the whole flag; returns the number of errors. */
struct plugin_argument;
int args_parse(const char *name, int argc, const struct plugin_argument *argv, Args *a);
/* The help text (help): filled by args_parse, which names the values
 * of placement= and algorithm= from core/names.h's tables. */
extern char m2r_help[];

/* plugin.cc: what the passes of both modes share.  Lower fun (for
 * rewrite mode if rewrite), promote it into st (its dumps, the core's
 * verification, -fdump-statistics counters); NULL if it has no body.
 * scan: as bridge_lower's. */
struct function;
Bridge *m2r_lower_promote(struct function *fun, int rewrite, const BScan *scan, Stats *st,
			  long long *core_ns);
/* Report one function (records, stderr rows, dump table, remarks). */
void m2r_report(struct function *fun, Bridge *b, const Stats *st, long long core_ns,
		long long gcc_ns, long long rewrite_ns);

/* explain.cc: explanations (doc/explain.md).  m2r_lower_promote calls
 * ex_lower after promoting the function lowered into b: when the
 * function is to be explained, it lowers it once more and promotes that
 * copy with a trace (the reported run is never traced: its times stay
 * the plugin's own).  m2r_report calls ex_report once the comparison r
 * is made: it writes the explanation into the dump and the records.
 * ex_drop forgets the copy; ex_finish_unit warns of every explain=
 * function the unit did not have. */
void ex_lower(struct function *fun, Bridge *b, const PromoteOpts *po, const Stats *st);
void ex_report(Bridge *b, const FnReport *r);
void ex_drop(void);
void ex_finish_unit(void);

/* The instruction counts of bench/goals.sh: callgrind runs cc1 with
 * --instr-atstart=no and M2R_CALLGRIND=1 in the environment, and so
 * runs the parser and the back end at valgrind's base speed, several
 * times faster.  m2r_instr_start() switches the instrumentation on
 * before the first function's counted passes (bridge_lower, m2r_promote
 * and GCC's "ssa", or rewrite mode's pass: callgrind toggles collection
 * where those are entered, so each call lies wholly inside); plugin.cc
 * switches it off when the function-at-a-time passes around "ssa" end.
 * Once per compile, not per function: each switch discards valgrind's
 * translations, and switching per function was 3 times slower than
 * instrumenting everything (doc/performance-method.md).  Without M2R_CALLGRIND
 * nothing is switched (make bench counts the whole compile under
 * callgrind); outside valgrind a client request is a few instructions
 * that do nothing; without valgrind's headers the helpers are empty. */
extern int m2r_callgrind; /* M2R_CALLGRIND set (plugin_init) */
#if defined __has_include
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define M2R_HAVE_CALLGRIND 1
#endif
#endif
static inline void m2r_instr_start(void)
{
#ifdef M2R_HAVE_CALLGRIND
	if (m2r_callgrind)
		CALLGRIND_START_INSTRUMENTATION;
#endif
}
static inline void m2r_instr_stop(void)
{
#ifdef M2R_HAVE_CALLGRIND
	if (m2r_callgrind)
		CALLGRIND_STOP_INSTRUMENTATION;
#endif
}

/* The gate of both passes that run before "ssa" (plugin.cc): true
 * for a function not yet in SSA form, and then the bench's
 * instrumentation is on.  In the gate, not in execute: execute's
 * entry is counted, and the client request's frame there would move
 * the stack of everything execute calls, and with it a few
 * instructions of the C library's string functions, which test their
 * operands' alignment. */
bool m2r_gate_before_ssa(struct function *fun);

/* rewrite.cc: the pass that replaces "ssa" in rewrite mode. */
struct opt_pass;
namespace gcc { class context; }
struct opt_pass *m2r_rewrite_pass(gcc::context *ctx, const struct opt_pass *ssa);

/* Reports (output.cc): where the report layer's output goes. */
/* What records say of this run (tool, mode, placement, algorithm). */
RecOpts out_recopts(void);
void out_function(const FnReport *r);
void out_unit(const char *file);
/* An "explain" record of function fn (output=; nothing without it). */
void out_explain(const char *file, const char *fn, int asked, const char *text, const char *dot);
/* The dump file (dump=, or explain=), opened on first use; NULL if off
 * or unopenable.  out_dump_ir: the same for the IR and the tables, which
 * only dump= writes. */
FILE *out_dump(void);
FILE *out_dump_ir(void);
void out_close(void);

#endif
