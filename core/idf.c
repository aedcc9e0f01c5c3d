/* idf.c - phi placement for one variable on the general path.
 *
 * Candidates are the iterated dominance frontier of the defining
 * blocks, computed by a worklist over the frontiers that df_build()
 * made once for the whole function (Cytron et al.; GCC's compute_idf).
 *
 * Pruning keeps the candidates where the variable is live-in.  Rather
 * than a liveness walk, which costs the size of the live range (the
 * whole function for a long-lived variable: LLVM 14's quadratic case),
 * it follows GCC's prune_unused_phi_nodes: a phi is kept iff it feeds,
 * possibly through other phis, an upward-exposed load.  "Which def or
 * phi reaches the entry of block b" is answered by a binary search over
 * the dominator-tree intervals of the def and candidate blocks, so the
 * cost per variable is O((defs + candidates + uses) log).
 *
 * Stamps: defst[b] == stamp iff b stores the variable, candst[b] iff b
 * is a candidate, livest[b] iff b's candidate phi is live.
 */
#include "promote.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	int n, *start, *owner; /* owner of [start[i], start[i+1]) or -1 */
} Segs;

typedef struct {
	Prom *P;
	Segs sg;
	int *stk, nstk;       /* blocks whose phi became live */
} Prune;

/* The function's local names (values and labels share one namespace),
 * hashed once per function on first need. */
static uint32_t hash(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int names_put(Names *t, const char *s)
{
	uint32_t i = hash(s) & (uint32_t)(t->cap - 1);
	for (; t->tab[i]; i = (i + 1) & (uint32_t)(t->cap - 1))
		if (!strcmp(t->tab[i], s))
			return 0;
	t->tab[i] = s;
	t->n++;
	return 1;
}

static void names_grow(Arena *a, Names *t, int need)
{
	if (t->cap && 2 * (t->n + need) < t->cap)
		return;
	Names o = *t;
	t->cap = 64;
	while (t->cap < 4 * (o.n + need))
		t->cap *= 2;
	t->tab = aalloc(a, (size_t)t->cap * sizeof *t->tab);
	t->n = 0;
	for (int i = 0; i < o.cap; i++)
		if (o.tab[i])
			names_put(t, o.tab[i]);
}

static int names_add(Prom *P, const char *s)
{
	Fn *f = P->f;
	Names *t = &P->names;
	if (!t->cap) {
		names_grow(f->a, t, f->val.n + f->blk.n);
		for (int v = 0; v < f->val.n; v++)
			if ((f->val.v[v].kind == VARG || f->val.v[v].kind == VINS) &&
			    f->val.v[v].name)
				names_put(t, f->val.v[v].name);
		for (int b = 0; b < f->blk.n; b++)
			if (f->blk.v[b].name)
				names_put(t, f->blk.v[b].name);
	}
	names_grow(f->a, t, 1);
	return names_put(t, s);
}

static int by_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return (x > y) - (x < y);
}

static int by_id(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static void seg_add(Segs *s, int start, int owner)
{
	if (s->n && s->start[s->n - 1] == start) {
		s->owner[s->n - 1] = owner;
		return;
	}
	s->start[s->n] = start;
	s->owner[s->n++] = owner;
}

/* Cut the pre-order line into segments labelled with the innermost def
 * or candidate block whose dominator subtree covers them.  The blocks'
 * intervals are nested or disjoint, so a stack sweep in pre order
 * gives at most 2k segments. */
static void build_segs(Prom *P, int *blks, int k, Segs *s, Arena *a)
{
	const Dom *d = P->d;
	uint64_t *key = aalloc(a, (size_t)(k + 1) * sizeof *key);
	for (int j = 0; j < k; j++) /* sort by pre number */
		key[j] = (uint64_t)(uint32_t)d->pre[blks[j]] << 32 | (uint32_t)blks[j];
	qsort(key, (size_t)k, sizeof *key, by_u64);
	for (int j = 0; j < k; j++)
		blks[j] = (int)(uint32_t)key[j];
	s->n = 0;
	s->start = aalloc(a, (size_t)(2 * k + 1) * sizeof(int));
	s->owner = aalloc(a, (size_t)(2 * k + 1) * sizeof(int));
	int *stk = aalloc(a, (size_t)(k + 1) * sizeof(int)), top = 0;
	for (int j = 0; j <= k; j++) {
		int pre = j < k ? d->pre[blks[j]] : 0;
		while (top && (j == k || d->post[stk[top - 1]] < pre)) {
			int t = stk[--top];
			seg_add(s, d->post[t] + 1, top ? stk[top - 1] : -1);
		}
		if (j < k) {
			stk[top++] = blks[j];
			seg_add(s, pre, blks[j]);
		}
	}
}

/* Innermost def/candidate block dominating the block numbered pre. */
static int seg_find(const Segs *s, int pre)
{
	int lo = 0, hi = s->n; /* find the last start <= pre */
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (s->start[m] <= pre)
			lo = m + 1;
		else
			hi = m;
	}
	return lo ? s->owner[lo - 1] : -1;
}

static void mark_live(Prune *r, int b)
{
	Prom *P = r->P;
	if (P->livest[b] == P->stamp)
		return;
	P->livest[b] = P->stamp;
	r->stk[r->nstk++] = b;
}

/* The value live at the entry of b (or at the exit of b when b has no
 * store): b's own phi, else the nearest def or phi above b. */
static void reach(Prune *r, int b)
{
	Prom *P = r->P;
	if (P->candst[b] == P->stamp) {
		mark_live(r, b);
		return;
	}
	int i = P->d->idom[b];
	if (i < 0)
		return;
	int o = seg_find(&r->sg, P->d->pre[i]);
	if (o >= 0 && P->defst[o] != P->stamp)
		mark_live(r, o); /* a pure phi block: its phi flows here */
}

static int prune(Prom *P, int *def, int ndef, int *use, int nuse,
                 int *cand, int ncand)
{
	Fn *f = P->f;
	Prune r;
	r.P = P;
	int *blks = aalloc(f->a, (size_t)(ndef + ncand + 1) * sizeof(int)), k = 0;
	for (int j = 0; j < ndef; j++)
		blks[k++] = def[j];
	for (int j = 0; j < ncand; j++)
		if (P->defst[cand[j]] != P->stamp)
			blks[k++] = cand[j];
	build_segs(P, blks, k, &r.sg, f->a);
	r.stk = aalloc(f->a, (size_t)(ncand + 1) * sizeof(int));
	r.nstk = 0;
	for (int j = 0; j < nuse; j++)
		reach(&r, use[j]);
	while (r.nstk) {
		Blk *bk = &f->blk.v[r.stk[--r.nstk]];
		for (int j = 0; j < bk->npred; j++) {
			int q = bk->pred[j];
			if (dom_reach(P->d, q) && P->defst[q] != P->stamp)
				reach(&r, q);
		}
	}
	int n = 0;
	for (int j = 0; j < ncand; j++)
		if (P->livest[cand[j]] == P->stamp)
			cand[n++] = cand[j];
	return n;
}

/* Name "<alloca>.<n>" for a new phi, LLVM's naming, with n counted
 * per alloca and skipping names the function already has. */
static const char *phi_name(Prom *P, const char *base, int *version)
{
	Fn *f = P->f;
	if (!base)
		return NULL;
	size_t len = strlen(base) + 16;
	char *s = aalloc(f->a, len);
	do {
		if (base[0] == '"') /* quoted: the suffix goes inside */
			snprintf(s, len, "%.*s.%d\"", (int)strlen(base) - 1, base, (*version)++);
		else
			snprintf(s, len, "%s.%d", base, (*version)++);
	} while (!names_add(P, s));
	return s;
}

static void make_phi(Prom *P, int x, int b, int *version)
{
	Fn *f = P->f;
	Blk *bk = &f->blk.v[b];
	Ins *al = &f->ins.v[P->vins[x]];
	int i = fn_ins(f, -1, OPHI, P->vtype[x], bk->npred, bk->npred);
	Ins *in = &f->ins.v[i];
	in->blk = b;
	in->flags |= INEW;
	for (int j = 0; j < bk->npred; j++) {
		in->lab[j] = bk->pred[j];
		in->ops[j] = -1;
	}
	fn_res(f, i, P->vtype[x], phi_name(P, f->val.v[al->res].name, version));
	vpush(f->a, P->phi, i);
	vpush(f->a, P->phivar, x);
}

void place_phis(Prom *P, int x)
{
	Fn *f = P->f;
	const Dom *d = P->d;
	int st = ++P->stamp;

	/* Def blocks and upward-exposed use blocks from the access list,
	 * which is grouped by block in program order. */
	VEC(int) def = {0}, use = {0};
	int last = -1;
	for (int i = P->acc[x]; i >= 0; i = P->acc_next[i]) {
		Ins *in = &f->ins.v[i];
		int b = in->blk;
		if (b != last && in->op == OLOAD)
			vpush(f->a, use, b);
		if (in->op == OSTORE && P->defst[b] != st) {
			P->defst[b] = st;
			vpush(f->a, def, b);
		}
		last = b;
	}

	/* Iterated dominance frontier: the worklist holds blocks that act
	 * as definitions (stores, then new candidates). */
	VEC(int) cand = {0};
	int nwl = 0;
	for (int j = 0; j < def.n; j++)
		P->wl[nwl++] = def.v[j];
	while (nwl) {
		int b = P->wl[--nwl];
		for (int j = d->dfoff[b]; j < d->dfoff[b + 1]; j++) {
			int y = d->df[j];
			if (P->candst[y] == st)
				continue;
			P->candst[y] = st;
			vpush(f->a, cand, y);
			if (P->defst[y] != st)
				P->wl[nwl++] = y;
		}
	}

	int n = cand.n;
	switch (P->o->placement) {
	case PL_PRUNED:
		n = prune(P, def.v, def.n, use.v, use.n, cand.v, cand.n);
		break;
	case PL_SEMIPRUNED: /* Briggs: only variables live across blocks */
		if (!use.n)
			n = 0;
		break;
	case PL_MINIMAL:
		break;
	}
	qsort(cand.v, (size_t)n, sizeof(int), by_id);

	VarStat *vs = &P->st->var.v[P->statof[P->vins[x]]];
	vs->nphi = n;
	vs->phiblk = aalloc(f->a, (size_t)(n ? n : 1) * sizeof(int));
	int version = 0;
	for (int j = 0; j < n; j++) {
		vs->phiblk[j] = cand.v[j];
		make_phi(P, x, cand.v[j], &version);
	}
	P->st->NumPHIInsert += n;
}
