/* rename.c - renaming and phi simplification for the general path.
 *
 * Renaming is one depth-first walk over the CFG for all variables at
 * once, as LLVM's RenamePass: cur[x] is x's reaching value on the path
 * being walked; changes are logged (var, old value) and undone when the
 * walk backs up to a sibling edge, so no state is copied per successor.
 * Every block is visited once, every edge once: O(instructions + edges
 * + phi operands).
 */
#include "promote.h"

#include <string.h>

typedef struct { int blk, pred, mark, slot; } Item; /* slot: Blk.sslot */
typedef struct { int var, old; } Undo;

/* One entry per edge: a duplicate edge fills each of its slots, the
 * first of which is j0 (Blk.sslot). */
void rename_fill_phis(Prom *P, int b, int p, int j0, const int *cur)
{
	Fn *f = P->f;
	if (P->bphioff[b] == P->bphioff[b + 1])
		return;
	/* Every new phi of b has b's pred list as its labels (make_phi
	 * shares the array; index_phis checks it): p's slots are found
	 * once, not once per phi (a switch's join has a phi per variable
	 * and an edge per case). */
	const Blk *bk = &f->blk.v[b];
	invariant(j0 < bk->npred && bk->pred[j0] == p && (j0 == 0 || bk->pred[j0 - 1] != p));
	int j1 = j0;
	while (j1 < bk->npred && bk->pred[j1] == p)
		j1++;
	for (int k = P->bphioff[b]; k < P->bphioff[b + 1]; k++) {
		int ph = P->bphi[k];
		Ins *in = &f->ins.v[P->phi.v[ph]];
		int x = P->phivar.v[ph];
		for (int j = j0; j < j1; j++)
			in->ops[j] = cur[x];
		if (P->o->trace)
			trace_ev(f, P->o->trace, TR_FILL, P->vins[x], p, b, P->phi.v[ph], cur[x]);
	}
}

void rename_vars(Prom *P)
{
	Fn *f = P->f;
	Trace *tr = P->o->trace;
	int nb = f->blk.n;
	invariant(P->boff[nb] == P->flat.n); /* the sweep's block index */
	int *cur = aalloc(f->a, (size_t)(P->nvar + 1) * sizeof(int));
	for (int x = 0; x < P->nvar; x++)
		cur[x] = f->undef; /* loads before any store read undef */
	char *seen = aalloc(f->a, (size_t)nb + 1);
	int *pushed = aalloc(f->a, (size_t)(nb + 1) * sizeof(int));
	memset(pushed, 0xff, (size_t)(nb + 1) * sizeof(int));
	/* Reserved once, not grown by doubling (which copied the items of
	 * a long chain of blocks several times): an edge is pushed at most
	 * once (its source is visited once), and a change is logged at most
	 * once per phi and per store of a general-path variable (nstore:
	 * the stores left after the unreachable ones were dropped). */
	VEC(Undo) log = {0};
	VEC(Item) wl = {0};
	int ne = 0, nlog = P->phi.n;
	for (int b = 0; b < nb; b++)
		ne += f->blk.v[b].nsucc;
	for (int x = 0; x < P->nvar; x++)
		if (P->path[x] == P_GENERAL)
			nlog += P->nstore[x];
	vreserve_exact(f->a, wl, ne + 1);
	vreserve_exact(f->a, log, nlog + 1);
	Item start = {0, -1, 0, -1};
	vpush(f->a, wl, start);

	while (wl.n) {
		Item it = wl.v[--wl.n];
		int b = it.blk;
		if (b < 0)
			continue; /* duplicate edge, already pushed */
		while (log.n > it.mark) { /* back to the state at the edge */
			Undo u = log.v[--log.n];
			if (tr)
				trace_ev(f, tr, TR_POP, P->vins[u.var], it.pred, b, cur[u.var], u.old);
			cur[u.var] = u.old;
		}
		if (tr && it.pred >= 0 && seen[b])
			trace_ev(f, tr, TR_EDGE, -1, it.pred, b, -1, -1);
		if (it.pred >= 0)
			rename_fill_phis(P, b, it.pred, it.slot, cur);
		if (seen[b])
			continue;
		seen[b] = 1;
		if (tr)
			trace_ev(f, tr, TR_VISIT, -1, b, it.pred, -1, -1);

		for (int k = P->bphioff[b]; k < P->bphioff[b + 1]; k++) {
			int x = P->phivar.v[P->bphi[k]];
			Undo u = {x, cur[x]};
			vpush(f->a, log, u);
			cur[x] = f->ins.v[P->phi.v[P->bphi[k]]].res;
			if (tr)
				trace_ev(f, tr, TR_PUSH, P->vins[x], -1, -1, P->phi.v[P->bphi[k]], cur[x]);
		}
		/* The block's loads and stores of candidates, in order, from
		 * the sweep's access list: the other instructions are never
		 * looked at. */
		const Acc *a;
		for (int k = P->boff[b]; (a = take_access(P, b, &k));) {
			int x = a->var;
			if (!a->store) {
				load_gets(P, a, cur[x]);
			} else {
				Undo u = {x, cur[x]};
				vpush(f->a, log, u);
				cur[x] = store_def(P, a);
				if (tr)
					trace_ev(f, tr, TR_PUSH, P->vins[x], -1, -1, a->ins, cur[x]);
			}
		}
		Blk *bk = &f->blk.v[b];

		/* Successors pushed in reverse so they are walked in order;
		 * a successor reached twice from b is pushed once (its first
		 * occurrence wins, hence the reverse scan overwrites). */
		int mark = log.n, first = wl.n;
		for (int j = bk->nsucc - 1; j >= 0; j--) {
			int s = bk->succ[j];
			int q = pushed[s];
			if (q >= first && q < wl.n && wl.v[q].blk == s)
				wl.v[q].blk = -1; /* a later edge to s */
			Item n = {s, b, mark, bk->sslot[j]};
			pushed[s] = wl.n;
			vpush(f->a, wl, n);
		}
	}
}

static int undef_like(const Fn *f, int v)
{
	int k = f->val.v[v].kind;
	return k == VUNDEF || k == VPOISON;
}

/* v is usable at the start of block b: not an instruction's (or a
 * store's, VDEF), or defined in a block that strictly dominates b. */
static int dominates_phi(Prom *P, int v, int b)
{
	Fn *f = P->f;
	const Val *val = &f->val.v[v];
	if (val->kind != VINS && val->kind != VDEF)
		return 1;
	const Ins *def = &f->ins.v[val->ins]; /* VDEF: the store */
	int db = def->blk;
	if (db < 0)
		return 0;
	if (op_is_term(def->op)) /* invoke/callbr: only on the normal edge */
		return def->nlab > 0 && edge_dominates(f, P->d, db, def->lab[0], b);
	return db != b && dominates(P->d, db, b);
}

/* The value phi i reduces to, or -1.  Entries still unset (-1) come
 * from unreachable predecessors and are ignored, as LLVM simplifies
 * before it fills them. */
static int phi_value(Prom *P, Ins *in, int *why)
{
	Fn *f = P->f;
	int common = -1, undef = 0;
	for (int j = 0; j < in->nop; j++) {
		if (in->ops[j] < 0)
			continue;
		int v = val_res(f, in->ops[j]);
		if (v == in->res)
			continue;
		if (undef_like(f, v)) {
			undef = 1;
			continue;
		}
		if (common >= 0 && v != common)
			return -1;
		common = v;
	}
	*why = common < 0 ? SW_ALL_UNDEF : undef ? SW_UNDEF_DOM : SW_SAME;
	if (common < 0)
		return f->undef;
	if (undef && !dominates_phi(P, common, in->blk))
		return -1;
	return common;
}

/* The phis with an operand that is phi p, for each p: users[off[p]..
 * off[p+1]); returns off. */
static int *users_of(Prom *P, int v0, int n, int **users)
{
	Fn *f = P->f;
#define phiof(v) ((v) >= v0 && (v) < v0 + n ? (v) - v0 : -1)
	int *off = aalloc(f->a, (size_t)(n + 1) * sizeof(int));
	for (int p = 0; p < n; p++) {
		Ins *in = &f->ins.v[P->phi.v[p]];
		for (int j = 0; j < in->nop; j++)
			if (phiof(in->ops[j]) >= 0)
				off[phiof(in->ops[j]) + 1]++;
	}
	for (int p = 0; p < n; p++)
		off[p + 1] += off[p];
	int *u = aalloc(f->a, (size_t)(off[n] + 1) * sizeof(int));
	int *fill = aalloc(f->a, (size_t)(n + 1) * sizeof(int));
	for (int p = 0; p < n; p++) {
		Ins *in = &f->ins.v[P->phi.v[p]];
		for (int j = 0; j < in->nop; j++)
			if (phiof(in->ops[j]) >= 0) {
				int q = phiof(in->ops[j]);
				u[off[q] + fill[q]++] = p;
			}
	}
#undef phiof
	*users = u;
	return off;
}

/* Iterated to a fixed point with a worklist: when a phi goes, the phis
 * that use it are looked at again.  Most rounds remove no phi at all
 * (c-torture: 3 of 6350), so the phis are first looked at in creation
 * order without the users table; it is built when the first one goes,
 * and the worklist then holds the phis not yet looked at, in the same
 * order: the result and the trace are those of the plain worklist. */
void simplify_phis(Prom *P)
{
	Fn *f = P->f;
	int n = P->phi.n;
	if (!n)
		return;
	/* make_phis gave this round's phis consecutive values: phi p is
	 * value v0 + p, so "which phi is value v" needs no table. */
	int v0 = f->ins.v[P->phi.v[0]].res;
	for (int p = 0; p < n; p++)
		invariant(f->ins.v[P->phi.v[p]].res == v0 + p);

	int first = 0, why = 0, v = -1;
	for (; first < n; first++) {
		Ins *in = &f->ins.v[P->phi.v[first]];
		if (!(in->flags & IDEAD) && (v = phi_value(P, in, &why)) >= 0)
			break;
	}
	if (first == n)
		return;
	int *users, *off = users_of(P, v0, n, &users);
	int *wl = aalloc(f->a, (size_t)(n + off[n] + 1) * sizeof(int)), nwl = 0;
	char *queued = aalloc(f->a, (size_t)n + 1);
	for (int p = n - 1; p > first; p--) { /* pop in creation order */
		wl[nwl++] = p;
		queued[p] = 1;
	}
	for (int p = first;; ) { /* p: popped, v: its value (-1: none) */
		Ins *in = &f->ins.v[P->phi.v[p]];
		if (v >= 0) {
			f->fwd[in->res] = val_res(f, v);
			in->flags |= IDEAD;
			P->st->NumPHISimplified++;
			if (P->o->trace)
				trace_ev(f, P->o->trace, TR_SIMPLIFY, P->vins[P->phivar.v[p]], why, -1,
				         P->phi.v[p], f->fwd[in->res]);
			for (int k = off[p]; k < off[p + 1]; k++)
				if (!queued[users[k]]) {
					queued[users[k]] = 1;
					wl[nwl++] = users[k];
				}
		}
		if (!nwl)
			break;
		p = wl[--nwl];
		queued[p] = 0;
		in = &f->ins.v[P->phi.v[p]];
		v = in->flags & IDEAD ? -1 : phi_value(P, in, &why);
	}
}
