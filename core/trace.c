/* trace.c - the log of the core's steps that explanations print
 * (m2r.h, "trace").  Only called when PromoteOpts.trace is set. */
#include "m2r.h"

#include <stdlib.h>
#include <string.h>

void trace_ev(Fn *f, Trace *tr, int kind, int x, int a, int b, int c, int d)
{
	TraceEv e = {(uint8_t)kind, x, a, b, c, d, NULL, 0};
	vpush(f->a, tr->ev, e);
}

void trace_set(Fn *f, Trace *tr, int kind, int x, int a, const int *blks, int n)
{
	int *s = aalloc(f->a, (size_t)(n > 0 ? n : 1) * sizeof(int));
	if (n)
		memcpy(s, blks, (size_t)n * sizeof(int));
	qsort(s, (size_t)n, sizeof(int), cmp_int);
	TraceEv e = {(uint8_t)kind, x, a, -1, -1, -1, s, n};
	vpush(f->a, tr->ev, e);
}
