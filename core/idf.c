/* idf.c - phi placement for one variable on the general path.
 *
 * Pruned placement puts a phi at every block of IDF(defs) where the
 * variable is live-in.  Two exact methods compute it; each is cheap on
 * shapes where the other is not:
 *
 *  - "frontier" (GCC's): the iterated frontier by a worklist over the
 *    frontiers df_build() made once, then pruning as GCC's
 *    prune_unused_phi_nodes: a phi is kept iff it feeds, perhaps through
 *    other phis, an upward-exposed load.  "Which def or phi reaches
 *    block b" is a binary search over the dominator-tree intervals of
 *    the def and candidate blocks.  Cost: the full IDF, which is large
 *    when a def sits above a long chain of joins (clang's nested ifs).
 *
 *  - "live joins": only joins (two or more reachable predecessors) can
 *    be in a frontier, and a block with one predecessor has it as its
 *    immediate dominator.  So the backward liveness walk can jump from a
 *    block straight to its nearest join ancestor, unless a def comes
 *    first (found by a binary search over the defs' intervals).  The
 *    live-in joins found, the frontier worklist is run expanding live
 *    joins only.  Cost: the live-in joins, which is large for variables
 *    live across many joins (a long chain of diamonds).
 *
 * Both run under a step budget that grows by 4x, alternately, so a
 * variable costs a small multiple of the cheaper method.
 *
 * Stamps: defst[b] == vstamp iff b stores the variable; candst and
 * livest are stamped per attempt (astamp).
 */
#include "promote.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* ---------- per-round scratch, shared by every variable ---------- */

void place_init(Prom *P)
{
	Fn *f = P->f;
	int nb = f->blk.n;
	Place *pl = &P->pl;
	/* The stamps are read before written; jup (read for reachable
	 * blocks only, jup_build sets all of them), the lists, stacks and
	 * sort scratch are written first (not zeroed: on a 10,000-block
	 * function that was half a megabyte per round). */
	int **const arrs[] = {&pl->defst, &pl->candst, &pl->livest};
	aints_each(f->a, arrs, sizeof arrs / sizeof *arrs, (size_t)nb + 1);
	int **const lists[] = {&pl->def, &pl->use, &pl->cand, &pl->wl, &pl->stk,
	                       &pl->sblk, &pl->key, &pl->jup};
	aints_each_raw(f->a, lists, sizeof lists / sizeof *lists, (size_t)nb + 1);
	int **const segs[] = {&pl->sstart, &pl->sowner}; /* at most 2 nb + 1 */
	aints_each_raw(f->a, segs, 2, 2 * (size_t)nb + 2);
	pl->vstamp = pl->astamp = 0;
	pl->jupok = 0; /* jup_build, when the live-joins method first runs */
	pl->trace_x = -1;
}

/* jup[b]: nearest join among b and its dominators, -1 if none.  Only
 * the live-joins method reads it, and on many functions it never runs
 * (the frontier method wins on every variable): made on its first
 * attempt of the round, not in place_init. */
static void jup_build(Prom *P)
{
	const Fn *f = P->f;
	const Dom *d = P->d;
	Place *pl = &P->pl;
	/* Dominators come first in reverse post-order. */
	for (int k = 0; k < d->nreach; k++) {
		int b = d->rpo[k], n = 0;
		const Blk *bk = &f->blk.v[b];
		for (int j = 0; j < bk->npred && n < 2; j++)
			n += dom_reach(d, bk->pred[j]);
		pl->jup[b] = n >= 2 ? b : d->idom[b] >= 0 ? pl->jup[d->idom[b]] : -1;
	}
	pl->jupok = 1;
}

/* ---------- dominator-interval segments ---------- */

/* Cut the pre-order line into segments labelled with the innermost of
 * blks[0..k) whose dominator subtree covers them.  Subtree intervals are
 * nested or disjoint, so a stack sweep in pre order gives <= 2k+1.  A
 * segment starting where the previous one does replaces it (a subtree
 * ending where the next begins, or several ending together).  Tables
 * are read through locals: the stores into the segments could alias
 * Place's fields, which the compiler then reloaded on every step. */
static void build_segs(Prom *P, const int *blks, int k)
{
	const Dom *d = P->d;
	Place *pl = &P->pl;
	const int *pre = d->pre, *post = d->post, *bypre = d->bypre;
	int *key = pl->key, *ss = pl->sstart, *so = pl->sowner;
	for (int j = 0; j < k; j++)
		key[j] = pre[blks[j]]; /* reachable blocks: 0 <= pre < nreach */
	sort_int_below(key, k, d->nreach, pl->sblk);
	/* The stack of open subtrees: blocks in sblk, their post numbers in
	 * key[0..top), free since top <= j and key[j] is read first. */
	int *sb = pl->sblk, top = 0, ns = 0;
#define SEG_ADD(start, owner)                          \
	do {                                           \
		int s_ = (start), o_ = (owner);        \
		if (ns && ss[ns - 1] == s_)            \
			so[ns - 1] = o_;               \
		else                                   \
			ss[ns] = s_, so[ns++] = o_;    \
	} while (0)
	for (int j = 0; j < k; j++) {
		int p = key[j], b = bypre[p];
		while (top && key[top - 1] < p) {
			top--;
			SEG_ADD(key[top] + 1, top ? sb[top - 1] : -1);
		}
		sb[top] = b;
		key[top++] = post[b];
		SEG_ADD(p, b);
	}
	while (top) {
		top--;
		SEG_ADD(key[top] + 1, top ? sb[top - 1] : -1);
	}
#undef SEG_ADD
	pl->ns = ns;
	invariant(ns <= 2 * k + 1); /* sstart/sowner hold 2 nb + 2 */
}

/* Innermost segment owner covering pre-order number pre, or -1.
 * With cur (the count of segments starting at or before the previous
 * query, 0 at first), the search goes forward from there, a few
 * segments at most before it halves the rest: the uses are gathered
 * in block order, which structured code numbers in pre order, so their
 * queries mostly ascend and the use loop costs O(uses + segments)
 * instead of a binary search each.  A query below the previous one, or
 * cur NULL (the liveness walk's queries, in no order), searches
 * outright. */
static inline int seg_find_at(const Place *pl, int pre, int *cur)
{
	const int *ss = pl->sstart;
	int lo = 0, hi = pl->ns;
	/* the answer, the count of ss[] <= pre, is in [lo, hi] */
	if (cur) {
		int c = *cur;
		if (c && ss[c - 1] > pre) {
			hi = c - 1;
		} else {
			int lim = c + 4 < hi ? c + 4 : hi;
			while (c < lim && ss[c] <= pre)
				c++;
			if (c < lim || c == hi || ss[c] > pre)
				lo = hi = c;
			else
				lo = c + 1;
		}
	}
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (pl->sstart[m] <= pre)
			lo = m + 1;
		else
			hi = m;
	}
	if (cur)
		*cur = lo;
	return lo ? pl->sowner[lo - 1] : -1;
}

static int seg_find(const Place *pl, int pre)
{
	return seg_find_at(pl, pre, NULL);
}

/* ---------- method 1: full frontier, then DCE-style pruning ---------- */

/* The frontier closure of the defs into cand[]; -1 if over budget.
 * Each block taken off the worklist adds its frontier to the
 * candidates; new candidates that do not store act as defs in turn
 * (pushed on wl).  With only_live, only blocks marked live count.  The
 * tables and counters are in locals: the stores into cand[] and wl[]
 * could alias Place's fields, which the compiler then reloaded for
 * every frontier entry. */
static int closure(Prom *P, int only_live)
{
	const Dom *d = P->d;
	Place *pl = &P->pl;
	const int *dfoff = d->dfoff, *df = d->df, *defst = pl->defst, *livest = pl->livest;
	int *candst = pl->candst, *cand = pl->cand, *wl = pl->wl;
	const int as = pl->astamp, vs = pl->vstamp;
	long steps = pl->steps, budget = pl->budget;
	int nwl = 0, ncand = 0;
	for (int j = 0; j < pl->ndef; j++)
		wl[nwl++] = pl->def[j];
	while (nwl) {
		int b = wl[--nwl];
		if (pl->trace_x >= 0) /* Cytron's worklist, explained */
			trace_set(P->f, P->o->trace, TR_WORK, pl->trace_x, b, df + dfoff[b],
			          dfoff[b + 1] - dfoff[b]);
		steps += dfoff[b + 1] - dfoff[b] + 1;
		if (steps > budget) {
			pl->steps = steps;
			pl->ncand = ncand;
			return -1;
		}
		for (int j = dfoff[b]; j < dfoff[b + 1]; j++) {
			int y = df[j];
			if (candst[y] == as || (only_live && livest[y] != as))
				continue;
			candst[y] = as;
			cand[ncand++] = y;
			if (defst[y] != vs)
				wl[nwl++] = y;
		}
	}
	pl->steps = steps;
	pl->ncand = ncand;
	return 0;
}

/* The innermost def or pure phi block dominating b (b included), or -1:
 * the nearest one up the dominator tree, a few steps at most, else from
 * the segments, built on the first query that needs them (in loop
 * nests often none does: a def or phi block is close above).  Once
 * built, they answer every later query of the attempt: where one walk
 * failed others tend to (a deep tree), and a failed walk is wasted. */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static int owner_segs(Prom *P, int b)
{
	Place *pl = &P->pl;
	build_segs(P, pl->wl, pl->nset);
	pl->segok = 1;
	return seg_find(pl, P->d->pre[b]);
}

/* Inline (into reach, so into try_frontier's loops): a switch's join
 * answers a million queries by the walk, and the call was a fifth of
 * each.  The rare rest is kept out of line (owner_segs): inlined with
 * build_segs and the sort, it made the loops around it slower (deep
 * +3 %, loops +6 %). */
static inline int owner(Prom *P, int b)
{
	const Dom *d = P->d;
	Place *pl = &P->pl;
	int x = b;
	for (int s = 0; s < 4 && x >= 0; s++, x = d->idom[x])
		if (pl->defst[x] == pl->vstamp || pl->candst[x] == pl->astamp)
			return x;
	if (x < 0)
		return -1;
	return owner_segs(P, b);
}

static void mark_live(Place *pl, int b, int *nstk)
{
	if (pl->livest[b] == pl->astamp)
		return;
	pl->livest[b] = pl->astamp;
	pl->stk[(*nstk)++] = b;
}

/* The value live at the entry of b (or at the exit of b when b does
 * not store): b's own phi, else the nearest def or phi above b.
 * Inline: it runs once per use and per predecessor walked, and the
 * call was a sixth of its cost. */
static inline void reach(Prom *P, int b, int *nstk, int *cur)
{
	Place *pl = &P->pl;
	if (pl->candst[b] == pl->astamp) {
		mark_live(pl, b, nstk);
		return;
	}
	int i = P->d->idom[b];
	int o = i < 0 ? -1 : pl->segok ? seg_find_at(pl, P->d->pre[i], cur) : owner(P, i);
	if (o >= 0 && pl->defst[o] != pl->vstamp)
		mark_live(pl, o, nstk); /* a pure phi block: its phi flows here */
}

/* Can any candidate be live?  The liveness walk below starts only at
 * a use block that is a candidate itself, or at a pure phi block (a
 * candidate that does not store) strictly dominating a use block: the
 * value that use reads comes from the innermost def or phi above it.
 * When neither exists, no phi is live and the walk, with the sort of
 * build_segs, is skipped.  That is the common case of a variable dead
 * at the joins its stores reach (locals at a function's exit: every
 * variable of a chain of ifs).  Checked pairwise, so only when the
 * pure phi blocks are few; the answer "maybe" runs the walk. */
static int may_seed(Prom *P, const int *pure, int npure)
{
	const Dom *d = P->d;
	Place *pl = &P->pl;
	if ((long)npure * pl->nuse > 4L * (pl->ndef + npure + pl->nuse))
		return 1;
	/* Backwards: a dominator's block id tends to be below those it
	 * dominates, so where a phi is live this usually answers at once. */
	for (int j = pl->nuse - 1; j >= 0; j--) {
		int u = pl->use[j];
		if (pl->candst[u] == pl->astamp)
			return 1;
		for (int i = 0; i < npure; i++)
			if (pure[i] != u && dominates(d, pure[i], u))
				return 1;
	}
	return 0;
}

static int try_frontier(Prom *P, int pruned)
{
	Fn *f = P->f;
	Place *pl = &P->pl;
	pl->astamp++;
	if (closure(P, 0) < 0)
		return -1;
	if (!pruned)
		return pl->ncand;
	/* The segment set, defs and pure phi blocks, in wl (the closure's
	 * worklist, free now; at most one entry per block). */
	int k = 0, nstk = 0;
	for (int j = 0; j < pl->ndef; j++)
		pl->wl[k++] = pl->def[j];
	for (int j = 0; j < pl->ncand; j++)
		if (pl->defst[pl->cand[j]] != pl->vstamp)
			pl->wl[k++] = pl->cand[j];
	pl->steps += 2L * k;
	if (pl->steps > pl->budget)
		return -1;
	if (!may_seed(P, pl->wl + pl->ndef, k - pl->ndef))
		return 0;
	pl->nset = k;
	pl->segok = 0;
	int cur = 0; /* seg_find_at's cursor (owner builds the segments) */
	for (int j = 0; j < pl->nuse; j++)
		reach(P, pl->use[j], &nstk, &cur);
	while (nstk) {
		const Blk *bk = &f->blk.v[pl->stk[--nstk]];
		pl->steps += bk->npred + 1;
		if (pl->steps > pl->budget)
			return -1;
		for (int j = 0; j < bk->npred; j++) {
			int q = bk->pred[j];
			if (dom_reach(P->d, q) && pl->defst[q] != pl->vstamp)
				reach(P, q, &nstk, NULL);
		}
	}
	int n = 0;
	for (int j = 0; j < pl->ncand; j++)
		if (pl->livest[pl->cand[j]] == pl->astamp)
			pl->cand[n++] = pl->cand[j];
	return n;
}

/* ---------- method 2: live-in joins, then the restricted frontier ---------- */

/* The variable is needed at the exit of p: walk up from p to the
 * nearest join, unless a def comes first. */
static void need_exit(Prom *P, int p, int *nstk)
{
	const Dom *d = P->d;
	Place *pl = &P->pl;
	if (pl->defst[p] == pl->vstamp)
		return;
	int a = pl->jup[p];
	if (a < 0)
		return; /* up to the entry without a join: undef there */
	int dd = seg_find(pl, d->pre[p]);
	if (dd >= 0 && d->level[dd] >= d->level[a])
		return; /* a def between p and the join (or on it) */
	mark_live(pl, a, nstk);
}

static void need_entry(Prom *P, int b, int *nstk)
{
	Place *pl = &P->pl;
	if (pl->jup[b] == b)
		mark_live(pl, b, nstk);
	else if (P->d->idom[b] >= 0)
		need_exit(P, P->d->idom[b], nstk); /* the one predecessor */
}

static int try_live_joins(Prom *P)
{
	Fn *f = P->f;
	Place *pl = &P->pl;
	int nstk = 0;
	if (!pl->jupok)
		jup_build(P);
	pl->astamp++;
	pl->steps += 2L * pl->ndef + pl->nuse;
	if (pl->steps > pl->budget)
		return -1;
	build_segs(P, pl->def, pl->ndef);
	for (int j = 0; j < pl->nuse; j++)
		need_entry(P, pl->use[j], &nstk);
	while (nstk) {
		const Blk *bk = &f->blk.v[pl->stk[--nstk]];
		pl->steps += bk->npred + 1;
		if (pl->steps > pl->budget)
			return -1;
		for (int j = 0; j < bk->npred; j++)
			if (dom_reach(P->d, bk->pred[j]))
				need_exit(P, bk->pred[j], &nstk);
	}
	if (closure(P, 1) < 0)
		return -1;
	return pl->ncand;
}

/* ---------- naming and creating the phis ---------- */

/* Only a name ending in ".<digits>" can clash with a new phi's name. */
static int phi_like(const char *s)
{
	size_t n = strlen(s);
	if (n && s[n - 1] == '"')
		n--; /* quoted name */
	size_t d = n;
	while (d && s[d - 1] >= '0' && s[d - 1] <= '9')
		d--;
	return d < n && d && s[d - 1] == '.';
}

/* Is s one of the function's names?  Only names ending in ".<digits>"
 * can clash with a new phi: they are hashed once per function on first
 * need.  New phi names need not go in: "<alloca>.<n>" splits uniquely at
 * its last dot and n is counted per alloca, so two never clash. */
static int name_taken(Prom *P, const char *s)
{
	Fn *f = P->f;
	Hash *t = &P->names;
	if (!t->a) { /* one pass: the table grows as needed */
		hash_init(t, f->a, 0);
		int found;
		for (int v = 0; v < f->val.n; v++)
			if ((f->val.v[v].kind == VARG || f->val.v[v].kind == VINS) &&
			    f->val.v[v].name && phi_like(f->val.v[v].name))
				hash_str(t, f->val.v[v].name, (int)strlen(f->val.v[v].name), 0, &found);
		for (int b = 0; b < f->blk.n; b++)
			if (f->blk.v[b].name && phi_like(f->blk.v[b].name))
				hash_str(t, f->blk.v[b].name, (int)strlen(f->blk.v[b].name), 0, &found);
	}
	return t->n && hash_find_str(t, s, (int)strlen(s), 0) != NULL;
}

/* "<alloca>.<n>", LLVM's naming, n counted per alloca, skipping names
 * the function already has; NULL (numbered) for an unnamed alloca. */
const char *place_phi_name(Prom *P, const char *base, int *version)
{
	if (!base)
		return NULL;
	size_t len = strlen(base), q = len && base[0] == '"'; /* quoted */
	char *s = aalloc(P->f->a, len + 16);
	memcpy(s, base, len - q);
	do {
		char digits[12];
		int nd = 0;
		for (unsigned v = (unsigned)(*version)++; nd == 0 || v; v /= 10)
			digits[nd++] = (char)('0' + v % 10);
		char *e = s + len - q;
		*e++ = '.';
		while (nd)
			*e++ = digits[--nd];
		if (q)
			*e++ = '"';
		*e = 0;
	} while (name_taken(P, s));
	return s;
}

/* The phi of x in block b, made in place as fn_ins and fn_res would
 * (the caller made room in the tables), ops its operands (all -1:
 * unset; NULL for a block without predecessors); named unless
 * PromoteOpts.anon_phis.  The incoming blocks are the block's
 * predecessors, in their order: the array is shared (never written),
 * not copied.  Appended to P->phi; returns its index there. */
int place_make_phi(Prom *P, int x, int b, int *version, int *ops)
{
	Fn *f = P->f;
	Blk *bk = &f->blk.v[b];
	const char *name = NULL;
	if (!P->o->anon_phis) /* before the value exists: name_taken reads them all */
		name = place_phi_name(P, f->val.v[f->ins.v[P->vins[x]].res].name, version);
	invariant(f->ins.n < f->ins.cap && f->val.n < f->val.cap);
	int i = f->ins.n++, v = f->val.n++;
	f->ins.v[i] = (Ins){ .op = OPHI, .flags = INEW, .blk = b, .type = P->vtype[x],
	                     .res = v, .nop = bk->npred, .nlab = bk->npred,
	                     .ops = bk->npred ? ops : NULL, .lab = bk->pred };
	f->val.v[v] = (Val){ .kind = VINS, .type = P->vtype[x], .ins = i, .name = name };
	vpush(f->a, P->phi, i);
	vpush(f->a, P->phivar, x);
	return P->phi.n - 1;
}

/* Def blocks and upward-exposed use blocks of x from its access list,
 * which is grouped by block in program order. */
static void gather(Prom *P, int x)
{
	Place *pl = &P->pl;
	int vs_ = ++pl->vstamp;
	pl->ndef = pl->nuse = 0;
	int last = -1;
	for (int j = P->acc0[x]; j < P->acc1[x]; j++) {
		const Acc *a = acc_at(P, j);
		int b = a->blk;
		if (b != last && !a->store)
			pl->use[pl->nuse++] = b;
		if (a->store && pl->defst[b] != vs_) {
			pl->defst[b] = vs_;
			pl->def[pl->ndef++] = b;
		}
		last = b;
	}
}

/* The phi blocks of the gathered variable under placement pm (prune:
 * enum PruneMethod for pruned), ascending in cand[0..n); returns n. */
static int choose(Prom *P, int pm, int prune)
{
	Place *pl = &P->pl;
	int n;
	pl->steps = 0;
	switch (pm) {
	case PL_PRUNED:
		if (prune != PM_AUTO) {
			pl->budget = LONG_MAX;
			n = prune == PM_FRONTIER ? try_frontier(P, 1) : try_live_joins(P);
			break;
		}
		/* The method that won for the previous variable goes first,
		 * with four times the other's budget: a function's variables
		 * tend to favour the same method, and a lost attempt is work
		 * thrown away.  Both budgets grow by 4x, so a variable still
		 * costs a constant multiple of the cheaper method. */
		for (long budget = 256;; budget = budget < LONG_MAX / 16 ? budget * 4 : LONG_MAX / 4) {
			int m = 0;
			for (; m < 2; m++) {
				int joins = m != (pl->lastwin == PM_LIVE_JOINS);
				pl->budget = m ? budget : 4 * budget;
				pl->steps = 0;
				if ((n = joins ? try_live_joins(P) : try_frontier(P, 1)) >= 0) {
					pl->lastwin = joins ? PM_LIVE_JOINS : PM_FRONTIER;
					break;
				}
			}
			if (m < 2)
				break;
		}
		break;
	case PL_SEMIPRUNED: /* Briggs: only variables live across blocks */
		pl->budget = LONG_MAX;
		n = pl->nuse ? try_frontier(P, 0) : 0;
		break;
	default: /* PL_MINIMAL */
		pl->budget = LONG_MAX;
		n = try_frontier(P, 0);
		break;
	}
	sort_int(pl->cand, n);
	return n;
}

void place_phis(Prom *P, int x)
{
	Fn *f = P->f;
	Place *pl = &P->pl;
	gather(P, x);
	/* Cytron's placement is the worklist over the frontiers, traced */
	int cytron = P->o->algorithm == ALG_CYTRON;
	pl->trace_x = cytron && P->o->trace ? P->vins[x] : -1;
	int n = choose(P, P->o->placement, cytron ? PM_FRONTIER : P->o->prune);
	pl->trace_x = -1;
	VarStat *vs = &P->st->var.v[P->vstat[x]];
	vs->nphi = n;
	vs->phiblk = aalloc(f->a, (size_t)(n ? n : 1) * sizeof(int));
	memcpy(vs->phiblk, pl->cand, (size_t)n * sizeof(int));
	P->st->NumPHIInsert += n;
}

/* ---------- the trace (explanations) ---------- */

/* The blocks where the gathered variable is live on entry, as LLVM's
 * ComputeLiveInBlocks finds them: from each block that loads it before
 * storing, backwards through predecessors, stopping at the blocks that
 * store it.  Into stk[0..n); only explanations need the whole set (the
 * placement proper needs liveness at the frontier's blocks only). */
static int live_in(Prom *P)
{
	const Fn *f = P->f;
	Place *pl = &P->pl;
	int n = 0, top = 0;
	pl->astamp++;
	for (int j = 0; j < pl->nuse; j++) {
		pl->livest[pl->use[j]] = pl->astamp;
		pl->wl[top++] = pl->use[j];
	}
	while (top) {
		int b = pl->wl[--top];
		pl->stk[n++] = b;
		const Blk *bk = &f->blk.v[b];
		for (int j = 0; j < bk->npred; j++) {
			int q = bk->pred[j];
			if (!dom_reach(P->d, q) || pl->defst[q] == pl->vstamp ||
			    pl->livest[q] == pl->astamp)
				continue;
			pl->livest[q] = pl->astamp;
			pl->wl[top++] = q;
		}
	}
	return n;
}

/* Log x's facts: defs, upward-exposed uses, live-in blocks, iterated
 * frontier and the phi blocks of each placement, from its accesses
 * before any fast path.  The pruned placement is the core's own and must
 * be the iterated frontier less the blocks where x is dead. */
void place_trace(Prom *P, int x)
{
	Fn *f = P->f;
	Place *pl = &P->pl;
	Trace *tr = P->o->trace;
	int v = P->vins[x];
	gather(P, x);
	trace_set(f, tr, TR_DEFS, v, 0, pl->def, pl->ndef);
	trace_set(f, tr, TR_USES, v, 0, pl->use, pl->nuse);
	int nlive = live_in(P);
	trace_set(f, tr, TR_LIVEIN, v, 0, pl->stk, nlive);
	const int *live = tr->ev.v[tr->ev.n - 1].set; /* sorted copies */
	int nidf = choose(P, PL_MINIMAL, PM_AUTO);
	trace_set(f, tr, TR_IDF, v, 0, pl->cand, nidf);
	const int *idf = tr->ev.v[tr->ev.n - 1].set;
	for (int pm = 0; pm < NPLACEMENT; pm++) {
		int n = choose(P, pm, P->o->prune);
		trace_set(f, tr, TR_PHIS, v, pm, pl->cand, n);
		if (pm != PL_PRUNED)
			continue;
		int k = 0, m = 0; /* pruned == IDF and live-in, both ascending */
		for (int j = 0; j < nidf; j++) {
			while (k < nlive && live[k] < idf[j])
				k++;
			if (k < nlive && live[k] == idf[j])
				invariant(m < n && pl->cand[m++] == idf[j]);
		}
		invariant(m == n);
	}
}

/* Create the phis place_phis() chose, variable by variable, once their
 * number is known: the instruction and value tables grow exactly once
 * (doubling a 100k-statement function's tables costs as much as the
 * promotion). */
void make_phis(Prom *P)
{
	Fn *f = P->f;
	int total = 0;
	size_t nops = 0;
	for (int x = 0; x < P->nvar; x++) {
		if (P->path[x] != P_GENERAL)
			continue;
		const VarStat *vs = &P->st->var.v[P->vstat[x]];
		total += vs->nphi;
		for (int j = 0; j < vs->nphi; j++)
			nops += (size_t)f->blk.v[vs->phiblk[j]].npred;
	}
	vreserve_exact(f->a, f->ins, f->ins.n + total);
	vreserve_exact(f->a, f->val, f->val.n + total);
	vreserve_exact(f->a, P->phi, total);
	vreserve_exact(f->a, P->phivar, total);
	/* Every phi's operands in one array, all unset (-1) at once. */
	int *ops = aalloc_raw(f->a, (nops ? nops : 1) * sizeof(int));
	memset(ops, 0xff, nops * sizeof(int));
	for (int x = 0; x < P->nvar; x++) {
		if (P->path[x] != P_GENERAL)
			continue;
		VarStat *vs = &P->st->var.v[P->vstat[x]];
		int version = 0;
		vs->phiins = aalloc_raw(f->a, (size_t)(vs->nphi ? vs->nphi : 1) * sizeof(int));
		for (int j = 0; j < vs->nphi; j++) {
			vs->phiins[j] = f->ins.n; /* place_make_phi appends */
			place_make_phi(P, x, vs->phiblk[j], &version, ops);
			ops += f->blk.v[vs->phiblk[j]].npred;
		}
	}
}
