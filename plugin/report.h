/* report.h - one function's comparison of the core's promotion with GCC's
 * into-SSA, as the plugin prints it (text, JSON Lines, CSV, remarks).
 * Plain C: compare.c fills it from a Bridge and the core's Stats. */
#ifndef REPORT_H
#define REPORT_H

#include "bridge.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Why the two sides differ on a variable.  Names are stable (JSON, CSV,
 * remarks, doc/comparison.md). */
enum Why {
	W_AGREE,            /* "agree" */
	W_STALE_ADDRESSABLE, /* "stale-addressable": TREE_ADDRESSABLE with no
	                        address left in the IL (-O0 keeps it) */
	W_AGGREGATE,        /* "aggregate": struct/union/array copied whole;
	                       GCC never renames aggregates */
	W_NOT_GIMPLE_REG,   /* "not-gimple-reg": DECL_NOT_GIMPLE_REG_P */
	W_IN_MEMORY,        /* "in-memory": must live in memory (result
	                       returned in memory) */
	W_HARD_REGISTER,    /* "hard-register": register asm variable */
	W_ABNORMAL,         /* "abnormal-edges": phi differences caused by
	                       setjmp/nonlocal/computed-goto edges */
	W_SINGLE_STORE_CONSTANT, /* "single-store-constant": the core gave a
	                       constant stored on one path to every load
	                       (LLVM's rule); GCC merges it with the
	                       undefined value in a phi */
	W_UNUSED_VOLATILE,  /* "unused-volatile": a volatile variable with
	                       no access at all; the core deletes it as a
	                       dead alloca (LLVM: volatility belongs to the
	                       accesses), GCC's is_gimple_reg is false for
	                       every volatile decl */
	W_UNEXPLAINED,      /* "unexplained": a bug to fix */
	NWHY
};
const char *why_name(int w);

typedef struct VarReport {
	const char *name;
	int line, col;
	unsigned flags;     /* enum VarFlag */
	int ours;           /* promoted by the core */
	int reason;         /* enum Reason when not */
	int path;           /* enum Path */
	int gcc;            /* renamed into SSA by GCC */
	int nphi;           /* ours: placed, before simplification */
	int *phibb;         /* their GCC basic block indexes, ascending */
	int nphikept;       /* ours after simplification */
	int gcc_nphi;
	int *gcc_phibb;     /* GCC basic block indexes, ascending */
	int why;            /* enum Why; W_AGREE when both sides agree */
	unsigned loc;       /* location_t of the declaration, for remarks */
	int renamed;        /* rewrite mode: enum Renamer */
	int fallback;       /* renamed == RN_GCC: fallback_name() */
} VarReport;

typedef struct FnReport {
	const char *file;   /* main input file */
	const char *function; /* function name as GCC prints it */
	int blocks;         /* core blocks (GCC's plus the entry) */
	int vars, promotable, promoted, gcc_promoted;
	long phis;          /* ours, placed (before simplification) */
	long phis_kept;     /* ours, after simplification */
	long gcc_phis;      /* GCC's non-virtual phis for these variables */
	int compared;       /* the GCC side ran (compare=yes) */
	int agree;          /* every variable agrees */
	int differ;         /* variables that differ with a named reason */
	int unexplained;    /* variables that differ without one */
	int nvar;
	VarReport *var;     /* in DECL_UID order */
	int rewrite;        /* rewrite mode: the fields below are filled */
	int rewritten;      /* the core's SSA form was written back whole */
	int by_core, by_gcc, in_memory; /* variables by enum Renamer */
	long phis_built;    /* the core's phis written into GIMPLE (the kept
	                       phis of the variables renamed by the core) */
	Stats st;           /* the core's counters */
	long long lower_ns, core_ns, gcc_ns;
	long long rewrite_ns; /* rewrite mode: the rest of the pass (operand
	                       scan, write-back, update_ssa for .MEM) */
} FnReport;

/* Fill r (allocating in b->fn's arena) from the lowered function after
 * m2r_promote, from GCC's result when compared is set, and from who
 * renamed each variable when b was written back (b->rewrite). */
void compare_fn(const Bridge *b, const Stats *st, int compared, FnReport *r);

#ifdef __cplusplus
}
#endif
#endif
