/* braun.c - SSA construction as Braun, Buchwald, Hack, Leißa, Mallon and
 * Zwinkau give it ("Simple and Efficient Construction of Static Single
 * Assignment Form", CC 2013): no dominance frontiers, no liveness.
 *
 * The blocks are filled in reverse post-order, their loads and stores
 * of candidates in program order: a store is writeVariable, a load is
 * readVariable, which looks for a def in the block and otherwise
 *  - in a block not yet sealed (a predecessor not filled yet, a loop's
 *    back edge): makes an incomplete phi, completed when the block is
 *    sealed (every reachable predecessor filled);
 *  - in a block with one predecessor: reads there;
 *  - else: reads in each predecessor; makes a phi when they differ, or
 *    when a read comes back to the block (a cycle: the phi is the
 *    block's def from then on, which is what ends the recursion).
 *    The paper makes the phi first, always, and removes it at once
 *    when trivial: the same result, without a temporary phi per join.
 * A phi whose operands are one value besides itself is trivial and is
 * replaced by that value at once, and so, in turn, may be the phis that
 * use it (the paper's Algorithm 3).  Once every block is filled, groups
 * of phis that only refer to each other and to one value from outside
 * (strongly connected components) are replaced by that value, inner
 * groups recursively (Algorithm 5, braun-scc.c): no redundant phi is
 * left, on irreducible graphs either.  Blocks not reachable are never filled:
 * their accesses were dropped (promote.c), and a phi's operand from one
 * is left unset (poison, finish_phis).
 *
 * readVariable's recursion runs on an explicit stack of frames: a
 * chain of single-predecessor blocks as long as the function would
 * otherwise be as deep a C recursion.  "Replace every use of the phi by
 * v" is one forwarding entry (Fn.fwd): every reader goes through
 * val_res.  A phi's users are the phis with it as an operand, kept in a
 * list per phi; a phi replaced by another hands its list over.
 *
 * Cost: each access is one lookup in the (variable, block) -> value
 * map; a read that misses walks up to the blocks that define the
 * variable or hold its phi, memoising the value in every block it
 * passes.  The component pass is linear in the phis and their operands
 * per level of nesting.  So the memo holds one entry per variable and
 * per block between its definitions and its uses: on a long function
 * with many variables each live across most of it (m2r-gen diamonds)
 * that is variables x blocks, and so are the temporary phis.  Past a
 * budget of entries and phis (braun_budget) the construction stops and
 * says so (Stats.over_limit) rather than take the machine's memory.
 */

#include "braun.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- the current def of each variable in each block ---------- */

static uint32_t key_hash(uint64_t k)
{
	k ^= k >> 31;
	k *= 0x9E3779B97F4A7C15ull;
	return (uint32_t)(k >> 32);
}

static void map_grow(Br *B)
{
	int cap = B->cap ? 2 * B->cap : 1024;
	/* malloc'd, not in the arena: the old tables are freed, and on the
	 * shapes where the memo is large they were half of the memory */
	uint64_t *key = scratch_get((size_t)cap * sizeof *key);
	int *val = scratch_get((size_t)cap * sizeof *val);
	memset(key, 0xff, (size_t)cap * sizeof *key); /* ~0: empty */
	for (int i = 0; i < B->cap; i++) {
		if (B->key[i] == ~(uint64_t)0)
			continue;
		uint32_t j = key_hash(B->key[i]) & (uint32_t)(cap - 1);
		while (key[j] != ~(uint64_t)0)
			j = (j + 1) & (uint32_t)(cap - 1);
		key[j] = B->key[i];
		val[j] = B->val[i];
	}
	scratch_put(B->key, (size_t)B->cap * sizeof *B->key);
	scratch_put(B->val, (size_t)B->cap * sizeof *B->val);
	B->key = key;
	B->val = val;
	B->cap = cap;
}

static int *slot(Br *B, int x, int b, int insert)
{
	if (insert && 2 * (B->n + 1) > B->cap)
		map_grow(B);
	if (!B->cap)
		return NULL;
	uint64_t k = (uint64_t)(uint32_t)x << 32 | (uint32_t)b;
	uint32_t m = (uint32_t)B->cap - 1, j = key_hash(k) & m;
	for (; B->key[j] != ~(uint64_t)0; j = (j + 1) & m)
		if (B->key[j] == k)
			return &B->val[j];
	if (!insert)
		return NULL;
	B->key[j] = k;
	B->n++;
	B->over |= ++B->cells > B->budget;
	return &B->val[j];
}

static void write_var(Br *B, int x, int b, int v)
{
	*slot(B, x, b, 1) = v;
}

/* x's def in b (resolved), or -1. */

/* ---------- phis ---------- */

static int new_phi(Br *B, int x, int b)
{
	Prom *P = B->P;
	Fn *f = B->f;
	int n = f->blk.v[b].npred, *ops = NULL;
	if (n) {
		ops = aalloc_raw(f->a, (size_t)n * sizeof(int));
		memset(ops, 0xff, (size_t)n * sizeof(int)); /* unset */
	}
	vreserve(f->a, f->ins, f->ins.n + 1);
	vreserve(f->a, f->val, f->val.n + 1);
	int p = place_make_phi(P, x, b, &B->version[x], ops);
	invariant(f->ins.v[P->phi.v[p]].res == B->v0 + p); /* braun makes no other value */
	vpush(f->a, B->incnext, -1);
	vpush(f->a, B->uhead, -1);
	vpush(f->a, B->utail, -1);
	vpush(f->a, B->seen, 0);
	fwd_fit(P);
	P->st->NumPHIInsert++;
	B->over |= ++B->cells > B->budget;
	return p;
}

static void add_user(Br *B, int v, int user)
{
	int p = phi_of(B, v);
	if (p < 0 || p == user)
		return;
	Use u = { user, -1 };
	vpush(B->f->a, B->use, u);
	int k = B->use.n - 1;
	if (B->utail.v[p] >= 0)
		B->use.v[B->utail.v[p]].next = k;
	else
		B->uhead.v[p] = k;
	B->utail.v[p] = k;
}

/* Phi p replaced by v: forwarded, deleted; its users become v's. */
void braun_replace_phi(Br *B, int p, int v)
{
	Fn *f = B->f;
	Ins *in = phi_ins(B, p);
	invariant(val_res(f, v) != in->res);
	f->fwd[in->res] = val_res(f, v);
	in->flags |= IDEAD;
	B->P->st->NumPHISimplified++;
	int q = phi_of(B, val_res(f, v));
	if (q >= 0 && B->uhead.v[p] >= 0) {
		if (B->utail.v[q] >= 0)
			B->use.v[B->utail.v[q]].next = B->uhead.v[p];
		else
			B->uhead.v[q] = B->uhead.v[p];
		B->utail.v[q] = B->utail.v[p];
	}
}

/* Drop from q's users q itself, the phis gone and the repeats: the
 * list is handed on to the phi that replaces q, and without this it
 * grows along a chain of replacements, each walking all of it. */
static void compact_users(Br *B, int q)
{
	int head = -1, tail = -1;
	B->stamp++;
	for (int k = B->uhead.v[q], next; k >= 0; k = next) {
		next = B->use.v[k].next;
		int u = B->use.v[k].user;
		if (u == q || (phi_ins(B, u)->flags & IDEAD) || B->seen.v[u] == B->stamp)
			continue;
		B->seen.v[u] = B->stamp;
		B->use.v[k].next = -1;
		if (tail >= 0)
			B->use.v[tail].next = k;
		else
			head = k;
		tail = k;
	}
	B->uhead.v[q] = head;
	B->utail.v[q] = tail;
}

/* The value phi p reduces to when trivial (one value besides itself,
 * or none: undef), else -1. */
static int trivial_value(Br *B, int p, int *why)
{
	Fn *f = B->f;
	const Ins *in = phi_ins(B, p);
	int same = -1;
	for (int j = 0; j < in->nop; j++) {
		if (in->ops[j] < 0)
			continue; /* from an unreachable block */
		int v = val_res(f, in->ops[j]);
		if (v == in->res || v == same)
			continue;
		if (same >= 0)
			return -1;
		same = v;
	}
	*why = same < 0 ? SW_ALL_UNDEF : SW_SAME;
	return same < 0 ? f->undef : same;
}

/* Algorithm 3's tryRemoveTrivialPhi, with a worklist for its recursion
 * into the users.  Returns what phi p stands for now. */
static int try_remove_trivial(Br *B, int p)
{
	Fn *f = B->f;
	Trace *tr = B->P->o->trace;
	B->wl.n = 0;
	vpush(f->a, B->wl, p);
	while (B->wl.n) {
		int q = B->wl.v[--B->wl.n], why;
		if (phi_ins(B, q)->flags & IDEAD)
			continue;
		int v = trivial_value(B, q, &why);
		if (v < 0)
			continue;
		compact_users(B, q);
		for (int k = B->uhead.v[q]; k >= 0; k = B->use.v[k].next)
			vpush(f->a, B->wl, B->use.v[k].user);
		braun_replace_phi(B, q, v);
		if (tr)
			trace_ev(f, tr, TR_BR_TRIVIAL, B->P->vins[B->P->phivar.v[q]], why, -1,
			         B->P->phi.v[q], val_res(f, v));
	}
	return val_res(f, phi_ins(B, p)->res);
}

/* ---------- readVariable ---------- */

/* b's one reachable predecessor block (the edges from it may be
 * several), -2 when it has none, -1 when it has several. */
static int one_pred(Br *B, int b)
{
	const Blk *bk = &B->f->blk.v[b];
	int q = -2;
	for (int j = 0; j < bk->npred; j++) {
		int r = bk->pred[j];
		if (!dom_reach(B->P->d, r) || r == q)
			continue;
		if (q >= 0)
			return -1;
		q = r;
	}
	return q;
}

/* The slot after j of phi p's block that starts a reachable
 * predecessor's edges (duplicate edges are adjacent), or npred. */
static int next_slot(Br *B, int b, int j)
{
	const Blk *bk = &B->f->blk.v[b];
	for (j++; j < bk->npred; j++)
		if (dom_reach(B->P->d, bk->pred[j]) && (j == 0 || bk->pred[j - 1] != bk->pred[j]))
			return j;
	return j;
}

static void push(Br *B, Frame fr)
{
	vpush(B->f->a, B->stk, fr);
}

/* The phi of F_PHI frame t, made now (a read came back to its block):
 * the block's def from here on. */
static int make_frame_phi(Br *B, int x, int t)
{
	Frame *fr = &B->stk.v[t];
	if (fr->p < 0) {
		fr->p = new_phi(B, x, fr->b);
		write_var(B, x, fr->b, phi_ins(B, fr->p)->res);
		if (B->P->o->trace)
			trace_ev(B->f, B->P->o->trace, TR_BR_READ, B->P->vins[x], fr->b, BS_CYCLE,
			         B->P->phi.v[fr->p], -1);
	}
	return phi_ins(B, fr->p)->res;
}

/* Frame t is done: its phi (made, or needed because the operands
 * differ) gets the operands read, opv[t->ops..], one per reachable
 * predecessor; or, with one value from every predecessor and no read
 * back, that value is the result and no phi is made. */
static int finish_phi(Br *B, int x, Frame *t)
{
	Fn *f = B->f;
	Trace *tr = B->P->o->trace;
	const Blk *bk = &f->blk.v[t->b];
	const int *ops = B->opv.v + t->ops;
	int nops = B->opv.n - t->ops;
	if (t->p < 0) {
		int same = nops ? val_res(f, ops[0]) : f->undef;
		for (int k = 1; k < nops && same >= 0; k++)
			if (val_res(f, ops[k]) != same)
				same = -1;
		if (same >= 0) {
			if (tr)
				trace_ev(f, tr, TR_BR_READ, B->P->vins[x], t->b, BS_SAME, -1, same);
			return same;
		}
		t->p = new_phi(B, x, t->b);
		if (tr)
			trace_ev(f, tr, TR_BR_READ, B->P->vins[x], t->b, BS_DIFFER, B->P->phi.v[t->p], -1);
	}
	Ins *in = phi_ins(B, t->p);
	int k = 0;
	for (int j = next_slot(B, t->b, -1); j < bk->npred; j = next_slot(B, t->b, j), k++) {
		int pb = bk->pred[j];
		for (int i = j; i < bk->npred && bk->pred[i] == pb; i++)
			in->ops[i] = ops[k];
		add_user(B, ops[k], t->p);
		if (tr)
			trace_ev(f, tr, TR_BR_OP, B->P->vins[x], t->b, pb, B->P->phi.v[t->p], ops[k]);
	}
	invariant(k == nops);
	return try_remove_trivial(B, t->p);
}

/* Run frames from fr on until the stack is empty: readVariable(x, fr.b)
 * (F_ENTER), or the operands of phi fr.p (F_PHI, sealing).  Returns the
 * value read.
 *
 * A sealed block with several predecessors reads in each of them
 * before it has a phi: its memo entry meanwhile is a mark, -2 - (its
 * frame's index).  A read that comes back to the mark is a cycle: the
 * block's phi is made then, as the paper makes it up front, and is
 * what the read gets.  Without a cycle, a phi is made only when the
 * predecessors give different values: on a chain of diamonds the
 * paper's way makes one at every join, each trivial at once. */
static int run(Br *B, int x, Frame fr)
{
	Fn *f = B->f;
	Trace *tr = B->P->o->trace;
	int vx = B->P->vins[x], ret = -1;
	B->stk.n = 0;
	B->opv.n = 0;
	push(B, fr);
	while (B->stk.n && !B->over) {
		int ti = B->stk.n - 1;
		Frame *t = &B->stk.v[ti];
		int b = t->b, *m;
		switch (t->kind) {
		case F_ENTER:
			if ((m = slot(B, x, b, 0)) && *m <= -2) { /* back at a mark */
				ret = make_frame_phi(B, x, -2 - *m);
				B->stk.n--;
				break;
			}
			if (m) {
				ret = val_res(f, *m);
				B->stk.n--;
				break;
			}
			if (!B->sealed[b]) {
				int p = new_phi(B, x, b);
				B->incnext.v[p] = B->inc[b];
				B->inc[b] = p;
				ret = phi_ins(B, p)->res;
				write_var(B, x, b, ret);
				if (tr)
					trace_ev(f, tr, TR_BR_READ, vx, b, BS_INCOMPLETE, B->P->phi.v[p], -1);
				B->stk.n--;
				break;
			}
			int q = one_pred(B, b);
			if (q == -2) {
				invariant(b == 0); /* the only reachable block without one */
				ret = f->undef;
				write_var(B, x, b, ret);
				if (tr)
					trace_ev(f, tr, TR_BR_READ, vx, b, BS_ENTRY, -1, -1);
				B->stk.n--;
			} else if (q >= 0) {
				if (tr)
					trace_ev(f, tr, TR_BR_READ, vx, b, BS_ONE_PRED, -1, q);
				t->kind = F_ONE;
				push(B, (Frame){ q, -1, -1, F_ENTER, 0, 0 });
			} else {
				write_var(B, x, b, -2 - ti); /* the mark */
				if (tr)
					trace_ev(f, tr, TR_BR_READ, vx, b, BS_PHI, -1, -1);
				*t = (Frame){ b, -1, -1, F_PHI, 1, B->opv.n };
			}
			break;
		case F_ONE: /* ret: the predecessor's value */
			write_var(B, x, b, ret);
			if (tr)
				trace_ev(f, tr, TR_BR_GOT, vx, b, -1, -1, ret);
			B->stk.n--;
			break;
		default: { /* F_PHI; ret: the value from slot t->j's block */
			const Blk *bk = &f->blk.v[b];
			if (t->j >= 0)
				vpush(f->a, B->opv, ret); /* t stays valid: opv is not stk */
			t->j = next_slot(B, b, t->j);
			if (t->j < bk->npred) {
				push(B, (Frame){ bk->pred[t->j], -1, -1, F_ENTER, 0, 0 });
				break;
			}
			ret = finish_phi(B, x, t);
			B->opv.n = t->ops;
			if (t->write) {
				write_var(B, x, b, ret);
				if (tr)
					trace_ev(f, tr, TR_BR_GOT, vx, b, -1, -1, ret);
			}
			B->stk.n--;
			break;
		}
		}
	}
	return ret;
}

/* Every reachable predecessor of b is filled: complete its incomplete
 * phis.  A completed phi is not written back as b's def: b may have
 * stored the variable since (a loop's header sealed from its latch). */
static void seal(Br *B, int b)
{
	int n = 0;
	for (int p = B->inc[b]; p >= 0; p = B->incnext.v[p])
		n++;
	if (B->P->o->trace)
		trace_ev(B->f, B->P->o->trace, TR_BR_SEAL, -1, b, -1, n, -1);
	B->sealed[b] = 1;
	for (int p = B->inc[b]; p >= 0 && !B->over; p = B->incnext.v[p])
		run(B, B->P->phivar.v[p], (Frame){ b, p, -1, F_PHI, 0, 0 });
	B->inc[b] = -1;
}

/* ---------- the walk ---------- */

static void fill_block(Br *B, int b)
{
	Prom *P = B->P;
	Fn *f = B->f;
	Trace *tr = P->o->trace;
	if (tr)
		trace_ev(f, tr, TR_BR_FILL, -1, b, -1, -1, -1);
	const Acc *a;
	for (int k = P->boff[b]; (a = take_access(P, b, &k)) && !B->over;) {
		int x = a->var;
		if (a->store) {
			int v = store_def(P, a);
			write_var(B, x, b, v);
			if (tr)
				trace_ev(f, tr, TR_BR_DEF, P->vins[x], b, -1, a->ins, v);
			continue;
		}
		int r = run(B, x, (Frame){ b, -1, -1, F_ENTER, 0, 0 });
		if (B->over)
			return;
		invariant(val_res(f, r) != acc_val(f, a));
		load_gets(P, a, r);
	}
}

static int by_blk(const void *a, const void *b)
{
	const int *x = a, *y = b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

/* Each variable's phis, built and kept, into its VarStat: its blocks
 * ascending with their instructions (a variable has at most one phi in
 * a block: a phi is the block's def from the moment it is made). */
static void record_phis(Br *B)
{
	Prom *P = B->P;
	Fn *f = B->f;
	int np = P->phi.n;
	int *cnt = aalloc(f->a, (size_t)(P->nvar + 1) * sizeof(int));
	for (int p = 0; p < np; p++)
		cnt[P->phivar.v[p]]++;
	int *pair = aalloc_raw(f->a, (size_t)(2 * np + 2) * sizeof(int));
	int *off = aalloc(f->a, (size_t)(P->nvar + 2) * sizeof(int));
	for (int x = 0; x < P->nvar; x++)
		off[x + 1] = off[x] + cnt[x];
	memset(cnt, 0, (size_t)(P->nvar + 1) * sizeof(int));
	for (int p = 0; p < np; p++) {
		int x = P->phivar.v[p], k = off[x] + cnt[x]++;
		pair[2 * k] = phi_ins(B, p)->blk;
		pair[2 * k + 1] = P->phi.v[p];
	}
	for (int x = 0; x < P->nvar; x++) {
		if (P->path[x] != P_GENERAL)
			continue;
		VarStat *vs = &P->st->var.v[P->vstat[x]];
		int n = cnt[x], *pr = pair + 2 * off[x];
		qsort(pr, (size_t)n, 2 * sizeof(int), by_blk);
		vs->nphi = n;
		vs->phiblk = aalloc_raw(f->a, (size_t)(n ? n : 1) * sizeof(int));
		vs->phiins = aalloc_raw(f->a, (size_t)(n ? n : 1) * sizeof(int));
		for (int j = 0; j < n; j++) {
			vs->phiblk[j] = pr[2 * j];
			vs->phiins[j] = pr[2 * j + 1];
			invariant(j == 0 || vs->phiblk[j] > vs->phiblk[j - 1]);
		}
	}
}

/* Memo entries and phis allowed (PromoteOpts.braun_limit): by default
 * 16 per instruction and block, and a million besides, about 100 bytes
 * each (Stats.braun_cells counts them; doc/algorithms.md has the
 * figures).  m2r-gen's shapes, where each variable is live across the
 * whole function, need variables x blocks: 14 million for loops of
 * 10,000 statements. */
static long braun_budget(const Fn *f, long limit)
{
	if (limit < 0)
		return LONG_MAX;
	return limit ? limit : 16L * (f->ins.n + f->blk.n) + (1L << 20);
}

const char *m2r_over_limit_msg(const Stats *st, char *buf, size_t n)
{
	snprintf(buf, n, "algorithm=braun gave up past %ld definitions per block and phis: "
	         "on this function they grow as its variables times its blocks "
	         "(braun-limit= raises the limit; algorithm=llvm or cytron have none)",
	         st->over_limit);
	return buf;
}

void braun_build(Prom *P)
{
	Fn *f = P->f;
	const Dom *d = P->d;
	int nb = f->blk.n;
	Br B;
	memset(&B, 0, sizeof B);
	B.P = P;
	B.f = f;
	B.v0 = f->val.n;
	invariant(P->phi.n == 0); /* this round's phis are braun's */
	B.sealed = aalloc(f->a, (size_t)nb + 1);
	int **const arrs[] = {&B.npred, &B.nfill, &B.inc};
	aints_each(f->a, arrs, 3, (size_t)nb + 1);
	B.version = aalloc(f->a, (size_t)(P->nvar + 1) * sizeof(int));
	for (int b = 0; b < nb; b++) {
		B.inc[b] = -1;
		const Blk *bk = &f->blk.v[b];
		for (int j = 0; j < bk->npred; j++)
			B.npred[b] += dom_reach(d, bk->pred[j]);
	}
	invariant(f->blk.v[0].npred == 0); /* the verifier's rule */
	B.budget = braun_budget(f, P->o->braun_limit);
	for (int k = 0; k < d->nreach && !B.over; k++) {
		int b = d->rpo[k];
		if (!B.sealed[b] && B.nfill[b] == B.npred[b])
			seal(&B, b); /* the entry; a block whose predecessors all came first */
		fill_block(&B, b);
		const Blk *bk = &f->blk.v[b];
		for (int j = 0; j < bk->nsucc; j++)
			B.nfill[bk->succ[j]]++;
		for (int j = 0; j < bk->nsucc; j++) {
			int s = bk->succ[j];
			if (!B.sealed[s] && B.nfill[s] == B.npred[s])
				seal(&B, s);
		}
	}
	scratch_put(B.key, (size_t)B.cap * sizeof *B.key);
	scratch_put(B.val, (size_t)B.cap * sizeof *B.val);
	P->st->braun_cells += B.cells;
	if (B.over) {
		P->st->over_limit = B.budget;
		return;
	}
	for (int k = 0; k < d->nreach; k++)
		invariant(B.sealed[d->rpo[k]] && B.inc[d->rpo[k]] < 0);
	braun_remove_redundant(&B);
	record_phis(&B);
}
