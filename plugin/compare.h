/* compare.h - one function's comparison of the core's promotion with
 * GCC's into-SSA (compare.c, plain C), filling the report layer's
 * FnReport (report/report.h) from a Bridge and the core's Stats. */
#ifndef M2R_COMPARE_H
#define M2R_COMPARE_H

#include "bridge.h"
#include "report.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fill r (allocating in b->fn's arena) from the lowered function after
 * m2r_promote, from GCC's result when compared is set, and from who
 * renamed each variable when b was written back (b->rewrite). */
void compare_fn(const Bridge *b, const Stats *st, int compared, FnReport *r);

#ifdef __cplusplus
}
#endif
#endif
