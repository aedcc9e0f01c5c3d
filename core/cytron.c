/* cytron.c - renaming as Cytron et al. (1991) give it: a walk of the
 * dominator tree with a stack of reaching values per variable.
 *
 * For block b, in the walk's pre order: each phi of b and each store in
 * b pushes its value on its variable's stack, each load takes the top;
 * then the phis of b's CFG successors get the tops on the edges from b;
 * then b's children in the dominator tree are renamed; then what b
 * pushed is popped, by looking at b's phis and stores again (the
 * textbook's "for each assignment in b: pop").
 *
 * The values reaching each load and phi operand are those of the
 * depth-first CFG walk of rename.c (both give every use the nearest
 * definition that dominates it), so the output is the same byte for
 * byte; only the order of the work differs (the trace shows it).
 * Stacks are linked cells in one array, one cell per push: O(phis +
 * stores) memory, each block visited once, each edge once.
 */
#include "promote.h"

#include <string.h>

typedef struct { int val, below; } Cell; /* a stack cell: value, next down */

/* Fill the phis of b's successors on the edges from b: one call per
 * successor block (fill_phis fills every slot of a duplicate edge). */
static void fill_succs(Prom *P, int b, const int *top, const Cell *cell, int *cur, int *from)
{
	Fn *f = P->f;
	const Blk *bk = &f->blk.v[b];
	for (int j = 0; j < bk->nsucc; j++) {
		int s = bk->succ[j];
		if (from[s] == b)
			continue; /* duplicate edge: its slots were filled with the first */
		from[s] = b;
		for (int k = P->bphioff[s]; k < P->bphioff[s + 1]; k++) {
			int x = P->phivar.v[P->bphi[k]];
			cur[x] = top[x] < 0 ? f->undef : cell[top[x]].val;
		}
		rename_fill_phis(P, s, b, bk->sslot[j], cur);
	}
}

static void pop(Prom *P, int b, int x, int *top, const Cell *cell)
{
	int c = top[x];
	top[x] = cell[c].below;
	if (P->o->trace)
		trace_ev(P->f, P->o->trace, TR_POP, P->vins[x], b, -1, cell[c].val,
		         top[x] < 0 ? P->f->undef : cell[top[x]].val);
}

void rename_domtree(Prom *P)
{
	Fn *f = P->f;
	const Dom *d = P->d;
	Trace *tr = P->o->trace;
	int nb = f->blk.n;
	invariant(P->boff[nb] == P->flat.n);
	/* top[x]: x's top cell, -1 for an empty stack (undef: a load
	 * before any store); cur[x]: the tops, for rename_fill_phis. */
	int *top = aalloc_raw(f->a, (size_t)(P->nvar + 1) * sizeof(int));
	int *cur = aalloc_raw(f->a, (size_t)(P->nvar + 1) * sizeof(int));
	int *from = aalloc_raw(f->a, (size_t)(nb + 1) * sizeof(int)); /* fill_succs */
	memset(from, 0xff, (size_t)(nb + 1) * sizeof(int));
	for (int x = 0; x < P->nvar; x++)
		top[x] = -1, cur[x] = f->undef;
	int ncell = P->phi.n;
	for (int x = 0; x < P->nvar; x++)
		if (P->path[x] == P_GENERAL)
			ncell += P->nstore[x];
	Cell *cell = aalloc_raw(f->a, (size_t)(ncell + 1) * sizeof(Cell));
	int nc = 0;
	/* The walk: stk holds blocks; a block is entered when first seen
	 * and left (popped) after its children, marked by ~b. */
	int *stk = aalloc_raw(f->a, (size_t)(2 * d->nreach + 1) * sizeof(int));
	int ns = 0;
	stk[ns++] = 0;
	while (ns) {
		int e = stk[--ns];
		if (e < 0) { /* leaving ~e: pop what it pushed */
			int b = ~e;
			for (int k = P->bphioff[b]; k < P->bphioff[b + 1]; k++)
				pop(P, b, P->phivar.v[P->bphi[k]], top, cell);
			for (int k = P->boff[b]; k < P->boff[b + 1]; k++) {
				const Acc *a = &P->flat.v[k];
				if (a->store && P->path[a->var] == P_GENERAL && !a->kill)
					pop(P, b, a->var, top, cell);
			}
			continue;
		}
		int b = e;
		if (tr)
			trace_ev(f, tr, TR_VISIT, -1, b, d->idom[b], -1, -1);
		for (int k = P->bphioff[b]; k < P->bphioff[b + 1]; k++) {
			int x = P->phivar.v[P->bphi[k]];
			int v = f->ins.v[P->phi.v[P->bphi[k]]].res;
			cell[nc] = (Cell){ v, top[x] };
			top[x] = nc++;
			if (tr)
				trace_ev(f, tr, TR_PUSH, P->vins[x], -1, -1, P->phi.v[P->bphi[k]], v);
		}
		const Acc *a;
		for (int k = P->boff[b]; (a = take_access(P, b, &k));) {
			int x = a->var;
			if (!a->store) {
				load_gets(P, a, top[x] < 0 ? f->undef : cell[top[x]].val);
				continue;
			}
			invariant(nc < ncell);
			cell[nc] = (Cell){ store_def(P, a), top[x] };
			top[x] = nc++;
			if (tr)
				trace_ev(f, tr, TR_PUSH, P->vins[x], -1, -1, a->ins, cell[top[x]].val);
		}
		fill_succs(P, b, top, cell, cur, from);
		stk[ns++] = ~b;
		/* Children pushed last first, so they are renamed in order. */
		int nk = ns;
		for (int c = d->kid[b]; c >= 0; c = d->sib[c])
			stk[ns++] = c;
		for (int i = nk, j = ns - 1; i < j; i++, j--) {
			int t = stk[i];
			stk[i] = stk[j];
			stk[j] = t;
		}
	}
	invariant(nc <= ncell);
}
