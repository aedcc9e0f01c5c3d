/* dom.c - reverse post-order, dominator tree, dominance frontiers.
 *
 * Functions may have 100k+ blocks nested 100k deep, so nothing here
 * recurses (explicit stacks or parent pointers instead) and every step
 * is near-linear whatever the CFG shape:
 *
 *  - the dominator tree is computed by Lengauer-Tarjan, the "simple"
 *    version (path compression, no balancing): O(E log N) worst case.
 *    The iterative Cooper-Harvey-Kennedy scheme is simpler but is
 *    quadratic on adversarial CFGs, which real generated code does hit;
 *  - frontiers use the Cooper-Harvey-Kennedy runners with a stamp
 *    array, O(E + sum |DF|).
 *
 * Result arrays live in the function's arena (they are what the caller
 * keeps); scratch arrays are malloc'ed and freed before returning so
 * that repeated builds do not pile scratch up in the arena.
 *
 * Unreachable blocks (from block 0) are ignored as nodes and as edge
 * sources.  Their numbering is chosen so that dominates() still works:
 * see number_tree().
 */
#include "m2r.h"

#include <stdlib.h>
#include <string.h>

static int *aints(Fn *f, size_t n)
{
	return aalloc(f->a, (n ? n : 1) * sizeof(int));
}

/* Path compression of the Lengauer-Tarjan forest, without recursion.
 * The recursive original compresses anc[v] before v; here the chain
 * from v towards the root is pushed on stk first and then processed
 * top-down, which is the same order.  Indices are DFS numbers. */
static int eval(int v, int *anc, int *label, const int *semi, int *stk)
{
	if (anc[v] < 0)
		return v;
	int sp = 0;
	for (int x = v; anc[anc[x]] >= 0; x = anc[x])
		stk[sp++] = x;
	while (sp) {
		int x = stk[--sp], a = anc[x];
		if (semi[label[a]] < semi[label[x]])
			label[x] = label[a];
		anc[x] = anc[a];
	}
	return label[v];
}

/* Number the dominator tree by a DFS that walks kid/sib down and idom
 * up, so it needs no stack.  pre[b] is the pre-order entry number
 * (0 .. nreach-1, the entry gets 0) and post[b] the largest pre number
 * in b's subtree, so the subtree of a is exactly the interval
 * [pre[a], post[a]] and a dominates b iff b's interval nests in a's.
 *
 * An unreachable block u gets pre[u] = post[u] = -1 - u: an empty,
 * negative, per-block point.  Then dominates(u, u) holds (it is
 * reflexive by construction), but u neither dominates nor is
 * dominated by any other block, reachable or not: against a reachable
 * r, pre[r] <= pre[u] fails; the other way, post[r] <= post[u] fails;
 * two distinct unreachable blocks have distinct points. */
static void number_tree(Dom *d)
{
	int n = d->n, k = 0;
	for (int b = 0; b < n; b++)
		if (d->rpoidx[b] < 0)
			d->pre[b] = d->post[b] = -1 - b;
	if (!d->nreach)
		return;
	int x = 0;
	for (;;) {
		d->bypre[k] = x;
		d->pre[x] = k++;
		if (d->kid[x] >= 0) {
			x = d->kid[x];
			continue;
		}
		/* Leaf: close subtrees until one has a next sibling. */
		for (;;) {
			d->post[x] = k - 1;
			if (d->sib[x] >= 0) {
				x = d->sib[x];
				break;
			}
			x = d->idom[x];
			if (x < 0)
				return;
		}
	}
}

/* Scratch of Lengauer-Tarjan.  Block-indexed: dfn (DFS number or -1),
 * cur (next successor to try).  DFS-number-indexed: vertex (the block),
 * parent, semi, label, anc (forest link), idm (idom as a DFS number),
 * bucket lists bhead/bnext; stk serves the DFS and eval. */
typedef struct {
	int *mem;
	int *dfn, *cur, *stk, *vertex, *parent, *semi, *label, *anc, *idm, *bhead, *bnext;
} LT;

static void dom_alloc(Fn *f, Dom *d, int n)
{
	d->n = n;
	d->nreach = 0;
	/* Not zeroed (a byte of memset per byte on a 10,000-block
	 * function): rpo and bypre are written for the reachable blocks,
	 * the only ones read; pre and post for every block (number_tree);
	 * the rest are -1 until set. */
	int **const arrs[] = {&d->rpo, &d->kid, &d->sib, &d->rpoidx, &d->idom,
	                      &d->level, &d->pre, &d->post, &d->bypre};
	aints_each_raw(f->a, arrs, sizeof arrs / sizeof *arrs, (size_t)(n ? n : 1));
	d->dfoff = NULL;
	d->df = NULL;
	for (int b = 0; b < n; b++)
		d->rpoidx[b] = d->idom[b] = d->kid[b] = d->sib[b] = d->level[b] = -1;
}

/* Iterative DFS from the entry, successors in label order.  A block is
 * numbered (pre-order) when pushed and appended to rpo when its
 * successors are exhausted (post-order); rpo is reversed at the end.
 * The DFS tree is what Lengauer-Tarjan needs.  Returns the number of
 * reachable blocks. */
static int dfs(const Fn *f, Dom *d, LT *t)
{
	int n = f->blk.n;
	const Blk *blk = f->blk.v;
	int *dfn = t->dfn, *cur = t->cur, *stk = t->stk;
	for (int b = 0; b < n; b++)
		dfn[b] = -1;
	int N = 0, sp = 0, np = 0;
	dfn[0] = N;
	t->vertex[N] = 0;
	t->parent[N++] = -1;
	cur[0] = 0;
	stk[sp++] = 0;
	while (sp) {
		int b = stk[sp - 1];
		if (cur[b] < blk[b].nsucc) {
			int s = blk[b].succ[cur[b]++];
			if (dfn[s] < 0) {
				dfn[s] = N;
				t->vertex[N] = s;
				t->parent[N++] = dfn[b];
				cur[s] = 0;
				stk[sp++] = s;
			}
		} else {
			d->rpo[np++] = b;
			sp--;
		}
	}
	invariant(np == N); /* every block pushed was popped once */
	for (int i = 0, j = N - 1; i < j; i++, j--) {
		int x = d->rpo[i];
		d->rpo[i] = d->rpo[j];
		d->rpo[j] = x;
	}
	for (int i = 0; i < N; i++)
		d->rpoidx[d->rpo[i]] = i;
	return N;
}

/* Lengauer-Tarjan on DFS numbers (root 0).  Vertices in reverse
 * pre-order: the semidominator is the smallest semi over the forest
 * paths of the (reachable) predecessors; w then waits in the bucket of
 * its semidominator until that vertex's children are linked, when its
 * idom (or a vertex with the same idom, fixed up in the last loop) is
 * known. */
static void semidominators(const Fn *f, Dom *d, LT *t, int N)
{
	const Blk *blk = f->blk.v;
	int *semi = t->semi, *label = t->label, *anc = t->anc, *idm = t->idm;
	int *bhead = t->bhead, *bnext = t->bnext, *stk = t->stk;
	for (int i = 0; i < N; i++) {
		semi[i] = label[i] = i;
		anc[i] = bhead[i] = -1;
	}
	idm[0] = -1;
	for (int w = N - 1; w > 0; w--) {
		const Blk *bw = &blk[t->vertex[w]];
		for (int i = 0; i < bw->npred; i++) {
			int v = t->dfn[bw->pred[i]];
			if (v < 0)
				continue; /* unreachable source: no path */
			int u = eval(v, anc, label, semi, stk);
			if (semi[u] < semi[w])
				semi[w] = semi[u];
		}
		bnext[w] = bhead[semi[w]];
		bhead[semi[w]] = w;
		int p = t->parent[w];
		anc[w] = p; /* link(p, w) */
		for (int v = bhead[p]; v >= 0; v = bnext[v]) {
			int u = eval(v, anc, label, semi, stk);
			idm[v] = semi[u] < semi[v] ? u : p;
		}
		bhead[p] = -1;
	}
	for (int w = 1; w < N; w++) /* pre-order: idm[idm[w]] is final */
		if (idm[w] != semi[w])
			idm[w] = idm[idm[w]];
	for (int w = 1; w < N; w++)
		d->idom[t->vertex[w]] = t->vertex[idm[w]];
}

/* The tree itself: children lists, levels, DFS intervals. */
static void tree(Dom *d, int n, int N)
{
	/* Children pushed in descending id order end up ascending. */
	for (int b = n - 1; b > 0; b--) {
		int p = d->idom[b];
		if (p >= 0) {
			d->sib[b] = d->kid[p];
			d->kid[p] = b;
		}
	}
	/* A dominator precedes the blocks it dominates in rpo. */
	d->level[0] = 0;
	for (int i = 1; i < N; i++) {
		int b = d->rpo[i];
		invariant(d->level[d->idom[b]] >= 0);
		d->level[b] = d->level[d->idom[b]] + 1;
	}
	number_tree(d);
}

/* The caller's idoms (dom_build_given) for the blocks the DFS reached:
 * each reachable block but the entry has a reachable one that comes
 * before it in rpo (as every dominator does), every other block none.
 * What this cannot see (a different tree on the same reachable
 * blocks) the caller must rule out: its CFG is the core's. */
static void given_idoms(Dom *d, const int *idom)
{
	for (int b = 0; b < d->n; b++) {
		int p = idom[b];
		if (b == 0 || d->rpoidx[b] < 0) {
			invariant(p == -1);
			continue;
		}
		invariant(p >= 0 && p < d->n && d->rpoidx[p] >= 0 && d->rpoidx[p] < d->rpoidx[b]);
		d->idom[b] = p;
	}
}

void dom_build(Fn *f, Dom *d)
{
	dom_build_given(f, d, NULL);
}

void dom_build_given(Fn *f, Dom *d, const int *idom)
{
	int n = f->blk.n;
	dom_alloc(f, d, n);
	if (!n)
		return;
	LT t = { 0 };
	/* the DFS's five arrays, then Lengauer-Tarjan's six */
	size_t msz = (size_t)n * (idom ? 5 : 11) * sizeof(int);
	t.mem = scratch_get(msz);
	int *m = t.mem;
	t.dfn = m, t.cur = m + n, t.stk = m + 2 * (size_t)n;
	t.vertex = m + 3 * (size_t)n, t.parent = m + 4 * (size_t)n;
	if (!idom) { /* with given idoms these lie past the block: unused */
		t.semi = m + 5 * (size_t)n, t.label = m + 6 * (size_t)n;
		t.anc = m + 7 * (size_t)n, t.idm = m + 8 * (size_t)n;
		t.bhead = m + 9 * (size_t)n, t.bnext = m + 10 * (size_t)n;
	}
	int N = dfs(f, d, &t);
	d->nreach = N;
	if (idom)
		given_idoms(d, idom);
	else
		semidominators(f, d, &t, N);
	scratch_put(t.mem, msz);
	tree(d, n, N);
}

/* Runner walks for all frontiers.  For each reachable block b and each
 * reachable predecessor p, every block on the dominator-tree path from
 * p up to (excluding) idom(b) has b in its frontier.  This is done for
 * every block, not only joins: with one predecessor p, idom(b) = p and
 * the walk is empty, except for the entry block, whose idom is -1 and
 * which can have predecessors here (a back edge to block 0); its
 * frontier entries must not be lost.  last[r] == b means r already got
 * b, and then so did everything above r up to idom(b): stop there.
 * On a correct tree idom(b) is above every reachable predecessor of b,
 * so the walk meets it before the root; a broken tree dies.
 * One walk: each entry (r, b) is appended to pr (grown by doubling,
 * malloc'ed scratch) and counted in cnt[r]; df_build places them.
 * (Walking twice, once to count and once to fill, cost a third of
 * the dominator work on a chain of ifs.) */
typedef struct { int *v; size_t n, cap; } Pairs;

static void pair_add(Pairs *pr, int r, int b)
{
	if (pr->n + 2 > pr->cap) {
		size_t old = pr->cap;
		pr->cap = pr->cap ? 2 * pr->cap : 64;
		pr->v = scratch_grow(pr->v, old * sizeof(int), pr->cap * sizeof(int));
	}
	pr->v[pr->n++] = r;
	pr->v[pr->n++] = b;
}

static void runners(Fn *f, Dom *d, int *last, int *cnt, Pairs *pr, Trace *tr)
{
	int n = d->n;
	for (int b = 0; b < n; b++)
		last[b] = -1;
	for (int b = 0; b < n; b++) {
		if (d->rpoidx[b] < 0)
			continue;
		const Blk *bk = &f->blk.v[b];
		int stop = d->idom[b];
		for (int i = 0; i < bk->npred; i++) {
			int r = bk->pred[i];
			if (d->rpoidx[r] < 0)
				continue;
			/* Traced: every edge into a join, and any walk that adds. */
			int show = tr && (r != stop || bk->npred > 1);
			if (show)
				trace_ev(f, tr, TR_DF_EDGE, -1, r, b, stop, 0);
			while (r != stop) {
				if (r < 0)
					die("dominator tree: idom %d of block %d is not above its "
					    "predecessor %d", stop, b, bk->pred[i]);
				if (last[r] == b)
					break;
				last[r] = b;
				if (tr)
					trace_ev(f, tr, TR_DF_ADD, -1, bk->pred[i], b, r, 0);
				pair_add(pr, r, b);
				cnt[r]++;
				r = d->idom[r];
			}
			if (show)
				trace_ev(f, tr, TR_DF_STOP, -1, bk->pred[i], b, r, r != stop);
		}
	}
}

void df_build(Fn *f, Dom *d)
{
	df_build_trace(f, d, NULL);
}

void df_build_trace(Fn *f, Dom *d, Trace *tr)
{
	int n = d->n;
	size_t ssz = (size_t)n * 2 * sizeof(int);
	int *scratch = scratch_get(ssz);
	int *last = scratch, *pos = scratch + n;
	Pairs pr = {NULL, 0, 0};

	/* Count, turn counts into offsets, then place.  Blocks b are
	 * visited in ascending id order, so every list comes out ascending
	 * without sorting; the stamp keeps it free of duplicates. */
	d->dfoff = aints(f, (size_t)n + 1);
	runners(f, d, last, d->dfoff + 1, &pr, tr); /* logs once */
	for (int b = 0; b < n; b++)
		d->dfoff[b + 1] += d->dfoff[b];
	d->df = aalloc_raw(f->a, (size_t)(d->dfoff[n] ? d->dfoff[n] : 1) * sizeof(int)); /* all placed */
	if (n > 0) /* (GCC 16 warns of a negative n's huge size otherwise) */
		memcpy(pos, d->dfoff, (size_t)n * sizeof(int));
	for (size_t k = 0; k < pr.n; k += 2)
		d->df[pos[pr.v[k]]++] = pr.v[k + 1];
	invariant(n == 0 || pos[n - 1] == d->dfoff[n]); /* fill matched count */
	scratch_put(pr.v, pr.cap * sizeof(int));
	scratch_put(scratch, ssz);
}

/* Does the edge from block a to its successor n dominate block b?  A
 * value defined by a's terminator (invoke, callbr) exists on the edge to
 * its normal destination only, so that is what must dominate its uses:
 * n dominates b, and every other way into n comes from inside n's
 * subtree (two edges from a dominate nothing). */
int edge_dominates(const Fn *f, const Dom *d, int a, int n, int b)
{
	if (!dom_reach(d, b) || !dom_reach(d, n) || !dominates(d, n, b))
		return 0;
	const Blk *bk = &f->blk.v[n];
	int from_a = 0;
	for (int j = 0; j < bk->npred; j++) {
		int p = bk->pred[j];
		if (p == a)
			from_a++;
		else if (dom_reach(d, p) && !dominates(d, n, p))
			return 0;
	}
	return from_a == 1;
}
