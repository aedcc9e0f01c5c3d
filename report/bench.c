/* bench.c - M2R_BENCH (make bench only, never by default): per function,
 * a bare walk over the lowered IR is timed just before m2r_promote (the
 * floor the core is compared with), and one line
 *   m2r-bench @NAME blocks=B insts=I ops=O walk_ns=W core_ns=C
 *             ir_bytes=R core_bytes=A scratch_bytes=S phis=P phiargs=Q
 * goes to stderr: ir_bytes is the arena after lowering, core_bytes what
 * m2r_promote added to it (the arena never frees) and the most scratch
 * it held at once beside it (Stats.scratch_peak, also alone as
 * scratch_bytes): the core's peak,
 * phis/phiargs the phis left and their incoming values. */
#include "report.h"

static volatile long bench_sink;

/* Touch every instruction and every operand of f once, as any pass over
 * the IR must: the blocks' instruction lists, each Ins, its operand ids
 * and the values they name. */
static long bench_walk(Fn *f, long *nops)
{
	long h = 0, n = 0;
	for (int b = 0; b < f->blk.n; b++) {
		const Blk *bk = &f->blk.v[b];
		for (int k = 0; k < bk->ins.n; k++) {
			const Ins *in = &f->ins.v[bk->ins.v[k]];
			if (in->flags & IDEAD)
				continue;
			h += in->op;
			for (int j = 0; j < in->nop; j++)
				h += f->val.v[in->ops[j]].kind;
			for (int j = 0; j < in->nlab; j++)
				h += in->lab[j];
			n += in->nop;
		}
	}
	*nops = n;
	return h;
}

void bench_start(Fn *f, Bench *bn)
{
	bn->ir_bytes = arena_bytes(f->a);
	long long w0 = m2r_now();
	bench_sink = bench_walk(f, &bn->nops);
	bn->walk_ns = m2r_now() - w0;
}

void bench_line(FILE *o, const char *name, Fn *f, const Bench *bn, const Stats *st, long long core_ns)
{
	long phis = 0, args = 0;
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		if (in->op == OPHI && !(in->flags & IDEAD))
			phis++, args += in->nop;
	}
	fprintf(o,
		"m2r-bench @%s blocks=%d insts=%d ops=%ld walk_ns=%lld core_ns=%lld "
		"ir_bytes=%zu core_bytes=%zu scratch_bytes=%zu phis=%ld phiargs=%ld\n",
		name, f->blk.n, f->ins.n, bn->nops, bn->walk_ns, core_ns, bn->ir_bytes,
		arena_bytes(f->a) - bn->ir_bytes + st->scratch_peak, st->scratch_peak, phis, args);
}
