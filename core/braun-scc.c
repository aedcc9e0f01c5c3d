/* braun-scc.c - Braun et al.'s Algorithm 5: once every block is
 * filled, a strongly connected group of phis that refers only to itself
 * and to one value from outside stands for that value; in a group with
 * more values from outside, the inner phis (no operand from outside) may
 * still be redundant among themselves, and are split again.  Tarjan's
 * components, on explicit stacks; linear in the phis and their operands
 * per level of nesting. */
#include "braun.h"

#include <string.h>

/* One level of the paper's removeRedundantPhis: the strongly connected
 * components of the phis in set[0..n) (Tarjan's, on an explicit stack),
 * each a list in comp[coff[c]..coff[c+1]), in the order Tarjan's finds
 * them: a component after every component its operands are in. */
typedef struct {
	int *set, n;
	int *comp, *coff, ncomp;
	int next; /* the next component to process */
} Level;

typedef struct {
	int *idx, *low, *mark; /* per phi; mark: in the level being split */
	char *onstk;
	int stamp;
} Scc;

/* Operand j of phi p as a phi of the level being split, else -1. */
static int op_in(Br *B, Scc *s, int p, int j)
{
	const Ins *in = phi_ins(B, p);
	if (in->ops[j] < 0)
		return -1;
	int q = phi_of(B, val_res(B->f, in->ops[j]));
	return q >= 0 && s->mark[q] == s->stamp ? q : -1;
}

static void tarjan(Br *B, Scc *s, Level *L)
{
	Fn *f = B->f;
	s->stamp++;
	for (int k = 0; k < L->n; k++) {
		s->mark[L->set[k]] = s->stamp;
		s->idx[L->set[k]] = -1;
	}
	L->comp = aalloc_raw(f->a, (size_t)(L->n + 1) * sizeof(int));
	L->coff = aalloc_raw(f->a, (size_t)(L->n + 2) * sizeof(int));
	L->ncomp = 0;
	L->coff[0] = 0;
	L->next = 0;
	int *tstk = aalloc_raw(f->a, (size_t)(L->n + 1) * sizeof(int)), nt = 0, nc = 0;
	int *cstk = aalloc_raw(f->a, (size_t)(2 * L->n + 1) * sizeof(int)); /* (phi, slot) */
	int counter = 0;
	for (int k = 0; k < L->n; k++) {
		if (s->idx[L->set[k]] >= 0)
			continue;
		int nct = 0;
		cstk[nct++] = L->set[k];
		cstk[nct++] = -1;
		while (nct) {
			int p = cstk[nct - 2], j = cstk[nct - 1];
			if (j < 0) { /* first visit */
				s->idx[p] = s->low[p] = counter++;
				tstk[nt++] = p;
				s->onstk[p] = 1;
			}
			const Ins *in = phi_ins(B, p);
			int q = -1;
			for (j++; j < in->nop; j++)
				if ((q = op_in(B, s, p, j)) >= 0) {
					if (s->idx[q] < 0)
						break; /* a tree edge: visit q */
					if (s->onstk[q] && s->idx[q] < s->low[p])
						s->low[p] = s->idx[q];
					q = -1;
				}
			cstk[nct - 1] = j;
			if (j < in->nop) {
				cstk[nct++] = q;
				cstk[nct++] = -1;
				continue;
			}
			nct -= 2; /* p done */
			if (nct && s->low[p] < s->low[cstk[nct - 2]])
				s->low[cstk[nct - 2]] = s->low[p];
			if (s->low[p] != s->idx[p])
				continue;
			int q2;
			do {
				q2 = tstk[--nt];
				s->onstk[q2] = 0;
				L->comp[nc++] = q2;
			} while (q2 != p);
			L->coff[++L->ncomp] = nc;
		}
	}
}

/* processSCC: the operands from outside component c; one value: the
 * whole component stands for it; several: its inner phis (those with
 * no operand from outside) may still be redundant among themselves:
 * returns their count, in inner[], for the caller to split in turn. */
static int process_comp(Br *B, Scc *s, Level *L, int c, int *inner)
{
	Fn *f = B->f;
	const int *m = L->comp + L->coff[c];
	int n = L->coff[c + 1] - L->coff[c], ninner = 0, outer = -1, nouter = 0;
	s->stamp++; /* mark: in this component */
	for (int k = 0; k < n; k++)
		s->mark[m[k]] = s->stamp;
	for (int k = 0; k < n; k++) {
		const Ins *in = phi_ins(B, m[k]);
		int is_inner = 1;
		for (int j = 0; j < in->nop; j++) {
			if (in->ops[j] < 0)
				continue;
			int v = val_res(f, in->ops[j]), q = phi_of(B, v);
			if (q >= 0 && s->mark[q] == s->stamp)
				continue;
			is_inner = 0;
			if (nouter == 0 || (nouter == 1 && v != outer))
				outer = v, nouter++;
		}
		if (is_inner)
			inner[ninner++] = m[k];
	}
	if (nouter >= 2)
		return ninner;
	int v = nouter ? outer : f->undef;
	Trace *tr = B->P->o->trace;
	if (tr && n > 1) { /* a single phi: tryRemoveTrivialPhi's case */
		int *ins = aalloc_raw(f->a, (size_t)n * sizeof(int));
		for (int k = 0; k < n; k++)
			ins[k] = B->P->phi.v[m[k]];
		trace_set(f, tr, TR_BR_SCC, B->P->vins[B->P->phivar.v[m[0]]], -1, ins, n);
		tr->ev.v[tr->ev.n - 1].d = v;
	}
	for (int k = 0; k < n; k++) {
		if (n == 1 && tr) {
			int why = nouter ? SW_SAME : SW_ALL_UNDEF;
			trace_ev(f, tr, TR_BR_TRIVIAL, B->P->vins[B->P->phivar.v[m[k]]], why, -1,
			         B->P->phi.v[m[k]], v);
		}
		braun_replace_phi(B, m[k], v);
	}
	return 0;
}

/* removeRedundantPhis over every live phi, its recursion on a stack of
 * levels.  A component of one phi goes through the same rule: the paper
 * skips it as trivial already, but replacing a component may make a phi
 * that uses it trivial afterwards. */
void braun_remove_redundant(Br *B)
{
	Fn *f = B->f;
	Prom *P = B->P;
	int np = P->phi.n, n = 0;
	Scc s = { 0 };
	int **const arrs[] = {&s.idx, &s.low, &s.mark};
	aints_each(f->a, arrs, 3, (size_t)np + 1);
	s.onstk = aalloc(f->a, (size_t)np + 1);
	VEC(Level) lv = {0};
	Level top = {0};
	top.set = aalloc_raw(f->a, (size_t)(np + 1) * sizeof(int));
	for (int p = 0; p < np; p++)
		if (!(phi_ins(B, p)->flags & IDEAD))
			top.set[n++] = p;
	top.n = n;
	if (!n)
		return;
	tarjan(B, &s, &top);
	vpush(f->a, lv, top);
	while (lv.n) {
		Level *L = &lv.v[lv.n - 1];
		if (L->next == L->ncomp) {
			lv.n--;
			continue;
		}
		int c = L->next++;
		int *inner = aalloc_raw(f->a, (size_t)(L->coff[c + 1] - L->coff[c] + 1) * sizeof(int));
		int ni = process_comp(B, &s, L, c, inner);
		if (ni) {
			Level in = {0};
			in.set = inner;
			in.n = ni;
			tarjan(B, &s, &in);
			vpush(f->a, lv, in);
		}
	}
}

