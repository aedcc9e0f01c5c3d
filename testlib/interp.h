/* interp.h - the reference interpreter of the textual IR (interp.c),
 * part of the test library (build/libm2rtest.a): the judge of
 * tools/m2r-fuzz.c, never linked into the plugin. */
#ifndef M2R_INTERP_H
#define M2R_INTERP_H

#include "m2r.h"

/* How a run ended.  Only IV_RETURN has a return value; every verdict
 * has the trace observed up to that point. */
enum Verdict {
	IV_RETURN,       /* "return": ret reached */
	IV_UB,           /* "undefined-behaviour": division by zero, load out
	                    of bounds, undefined pointer, ... (see msg) */
	IV_UNDEF_BRANCH, /* "undefined-branch": a br/switch on an undefined value */
	IV_UNREACHABLE,  /* "unreachable": unreachable executed */
	IV_STEPS,        /* "non-termination": more block entries than maxsteps */
	IV_UNSUPPORTED,  /* "unsupported": outside the interpreted subset (see msg) */
	NVERDICT
};
const char *verdict_name(int v);

/* One run of a function.  The interpreted subset: integers iN (N <= 64,
 * wrapped to N bits), add sub mul udiv sdiv urem srem and or xor shl lshr
 * ashr (nuw/nsw/exact: poison on violation), icmp (every predicate),
 * select, zext sext trunc freeze, alloca (any iN or ptr type, constant
 * count), load/store of iN or ptr on alloca'd memory (little-endian
 * bytes; an escaped alloca is plain memory), phi (evaluated in parallel
 * at block entry), br, switch, ret, unreachable, and calls of
 *   @input / @input.*    returns the next of input[] (cycled; 0 if none)
 *   @observe / @observe.*(iN v)  appends v to the trace
 *   @escape*, @llvm.lifetime.*, @llvm.dbg.*   no effect
 * undef and poison (and what depends on them) are "undefined": kept as
 * such in results, the trace and the return value, never compared. */
typedef struct Interp {
	/* in */
	const uint64_t *arg; int narg;      /* argument values; missing ones undefined */
	const uint64_t *input; int ninput;  /* @input() results, in turn */
	long maxsteps;                      /* block entries allowed; 0: 100000 */
	/* out */
	int verdict;                        /* enum Verdict */
	int retundef;                       /* return value undefined (or void) */
	uint64_t ret;
	int ntrace;                         /* observed values, in order: */
	uint64_t *trace;                    /*   value (masked to its width) */
	uint8_t *tundef;                    /*   1: undefined */
	long steps;                         /* block entries */
	char msg[256];                      /* why, for UB / unsupported */
	int cap_;
} Interp;

/* Run f (after promotion too: operands are read through Fn.fwd).
 * Returns it->verdict.  Never crashes on any Fn the reader accepts. */
int m2r_interp(Fn *f, Interp *it);
/* Free the trace of a run. */
void interp_free(Interp *it);

#endif
