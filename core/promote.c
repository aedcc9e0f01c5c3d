/* promote.c - promote allocas to SSA values, as LLVM's mem2reg does.
 *
 * The phases, in the order they run for each round:
 *   1. promotability: one sweep over the function classifies every
 *      alloca and records each load and store of a candidate; a
 *      counting sort then groups these access records by variable, in
 *      program order, so later phases read a variable's accesses from
 *      one dense array instead of chasing instructions through memory;
 *   2. unreachable accesses are dropped (loads become poison);
 *   3. fast paths: dead (no loads), single store, single block;
 *   4. placement (idf.c): iterated dominance frontier of the defining
 *      blocks, pruned by liveness;
 *   5. renaming (rename.c): one walk over the CFG for all variables;
 *   6. cleanup: phi simplification, new phis moved into their blocks.
 * PromoteOpts.algorithm chooses how phases 4 and 5 are done: LLVM's
 * way above; Cytron's (placement by the frontier worklist, renaming
 * along the dominator tree, cytron.c); or Braun et al.'s, which skips
 * the fast paths and does 4 to 6 at once, without frontiers (braun.c).
 * Promoting %p, which held &a, may make %a promotable: rounds repeat
 * while such a store was removed, to a fixed point.
 *
 * Cost per round: O(instructions + blocks) for the sweeps, plus per
 * variable O(its accesses) and, on the general path, the size of its
 * iterated frontier.  No step walks the function once per variable.
 */
#include "promote.h"

#include <stdlib.h>
#include <string.h>

static int *ints(Prom *P, int n, int init)
{
	size_t sz = (size_t)(n > 0 ? n : 1) * sizeof(int);
	if (!init)
		return aalloc(P->f->a, sz);
	int *a = aalloc_raw(P->f->a, sz);
	for (int i = 0; i < n; i++)
		a[i] = init;
	return a;
}

/* Make the forwarding table cover every value of the function.  It is
 * fitted before the fast paths and again once the phis are made: the
 * first fit leaves room for an eighth more values (P->fwdcap), so that
 * the second usually only extends it, where it copied the whole table
 * (a tenth of a 60,000-value function's sweep). */
void fwd_fit(Prom *P)
{
	Fn *f = P->f;
	if (f->nfwd >= f->val.n)
		return;
	int n = f->val.n; /* values made later come through here again */
	if (n > P->fwdcap) {
		int cap = n + n / 8 + 16;
		int *t = aalloc_raw(f->a, (size_t)cap * sizeof(int)); /* [0, n) written below */
		if (f->nfwd)
			memcpy(t, f->fwd, (size_t)f->nfwd * sizeof(int));
		f->fwd = t;
		P->fwdcap = cap;
	}
	for (int i = f->nfwd; i < n; i++)
		f->fwd[i] = -1;
	f->nfwd = n;
}

/* Value from is replaced by to.  A value forwarded to itself would make
 * val_res loop forever: in SSA a removed load never stands for itself.
 * The table covers every value already (round_once fits it once before
 * the fast paths: a call per load was a tenth of them on small
 * functions). */
static inline void forward(Fn *f, int from, int to)
{
	invariant(from < f->nfwd);
	int r = val_res(f, to);
	invariant(r != from);
	f->fwd[from] = r;
}

/* Reason for a generic operation that uses an alloca's address. */
static int gen_reason(const char *t)
{
	static const char *const calls[] = {"call", "invoke", "callbr", 0};
	static const char *const parts[] = {
		"getelementptr", "bitcast", "addrspacecast", "extractvalue",
		"insertvalue", "extractelement", "insertelement", "partial", 0};
	if (!t)
		return R_ADDR_ESCAPED;
	while (*t == ' ')
		t++;
	for (const char *m; (m = strchr(t, ' ')) &&
	     (!strncmp(t, "tail ", 5) || !strncmp(t, "musttail ", 9) ||
	      !strncmp(t, "notail ", 7));)
		t = m + 1;
	size_t n = strcspn(t, " ");
	for (int i = 0; calls[i]; i++)
		if (strlen(calls[i]) == n && !strncmp(t, calls[i], n))
			return R_ADDR_PASSED;
	for (int i = 0; parts[i]; i++)
		if (strlen(parts[i]) == n && !strncmp(t, parts[i], n))
			return R_PARTIAL;
	return R_ADDR_ESCAPED;
}

/* Uses LLVM drops rather than counting as escapes: debug declarations
 * and lifetime markers of the alloca.  They go when it is promoted. */
static int droppable(const char *t)
{
	static const char *const calls[] = {
		"call void @llvm.dbg.declare(", "call void @llvm.dbg.addr(",
		"call void @llvm.lifetime.start", "call void @llvm.lifetime.end", 0};
	if (!t)
		return 0;
	while (*t == ' ')
		t++;
	for (int i = 0; calls[i]; i++)
		if (!strncmp(t, calls[i], strlen(calls[i])))
			return 1;
	return 0;
}

static void bad_stored(Prom *P, int x)
{
	if (P->reason[x] == R_NONE)
		P->reason[x] = R_ADDR_STORED;
}

static void bad(Prom *P, int x, int r)
{
	if (x < 0)
		return;
	if (P->reason[x] == R_NONE)
		P->reason[x] = r;
	P->other[x] = 1;
}

/* Remember access i of candidate x; grouped by variable in group_accesses(). */
static inline void add_access(Prom *P, int x, int i, const Ins *in)
{
	/* flat has room for every load and store (find_candidates) */
	invariant(P->flat.n < P->flat.cap);
	Acc *a = &P->flat.v[P->flat.n++];
	*a = (Acc){ .ins = i, .blk = in->blk, .var = x, .store = in->op == OSTORE };
	if (a->store)
		P->nstore[x]++;
	else
		P->nload[x]++;
}

/* Counting sort of the recorded accesses by variable: stable, so each
 * variable's accesses stay in program order (hence grouped by block). */
static void group_accesses(Prom *P)
{
	Fn *f = P->f;
	int n = P->nvar;
	P->acc0 = ints(P, n + 1, 0);
	P->acc1 = ints(P, n + 1, 0);
	for (int x = 0; x < n; x++) /* add_access counted them */
		P->acc0[x + 1] = P->acc0[x] + P->nload[x] + P->nstore[x];
	P->acc = aalloc_raw(f->a, (size_t)(P->flat.n + 1) * sizeof(int)); /* filled below */
	memcpy(P->acc1, P->acc0, (size_t)(n + 1) * sizeof(int));
	const Acc *flat = P->flat.v;
	int *acc = P->acc, *end = P->acc1;
	for (int k = 0; k < P->flat.n; k++)
		acc[end[flat[k].var]++] = k;
	invariant(n == 0 || P->acc1[n - 1] == P->flat.n); /* every record placed */
}

/* Phase 1.  Candidates are the live allocas; a store of candidate %a
 * into candidate %p is remembered in (stored, into) so that the next
 * round is tried only when promoting %p may free %a. */
typedef struct { VEC(int) a, p; } Retry;

static void find_candidates(Prom *P)
{
	Fn *f = P->f;
	Stats *st = P->st;
	int n = st->var.n;
	/* value -> variable, for the values up to the last alloca's result
	 * (acc_var answers -1 above): front ends make allocas first, so
	 * this is about as long as the variables, not the values. */
	P->nvarof = 0;
	for (int k = 0; k < n; k++) {
		int r = f->ins.v[st->var.v[k].alloca].res;
		if (r >= P->nvarof)
			P->nvarof = r + 1;
	}
	P->varof = ints(P, P->nvarof, -1);
	P->nvar = 0;
	int **const arrs[] = {&P->vins, &P->vstat, &P->vtype, &P->reason, &P->path,
	                      &P->nload, &P->nstore};
	aints_each(f->a, arrs, sizeof arrs / sizeof *arrs, (size_t)(n > 0 ? n : 1));
	P->other = aalloc(f->a, (size_t)n + 1);
	invariant(n < (1 << 30)); /* Acc.var's 30 bits */
	/* At most one access per load and store: reserved once rather than
	 * grown by doubling, which wrote each record about twice. */
	P->flat.n = 0;
	vreserve_exact(f->a, P->flat, f->nmem);
	for (int k = 0; k < n; k++) {
		int i = st->var.v[k].alloca;
		Ins *in = &f->ins.v[i];
		if (in->flags & IDEAD)
			continue; /* promoted in an earlier round */
		int x = P->nvar++;
		P->vins[x] = i;
		P->vstat[x] = k;
		P->vtype[x] = in->type;
		P->varof[in->res] = x;
		if (in->reason)
			bad(P, x, in->reason);
		if (in->blk != 0)
			bad(P, x, R_NON_ENTRY);
		if (in->nop > 0) {
			Val *c = &f->val.v[val_res(f, in->ops[0])];
			if (c->kind != VCONST || strcmp(c->name, "1") != 0)
				bad(P, x, R_ARRAY);
		}
	}
}

static void access_check(Prom *P, int x, Ins *in)
{
	if (in->flags & IVOLATILE)
		bad(P, x, R_VOLATILE);
	else if (in->type != P->vtype[x])
		bad(P, x, R_TYPE_MISMATCH);
}

static void sweep(Prom *P, Retry *rt)
{
	Fn *f = P->f;
	P->boff = aalloc_raw(f->a, (size_t)(f->blk.n + 1) * sizeof(int)); /* all written */
	for (int b = 0; b < f->blk.n; b++) {
		Blk *bk = &f->blk.v[b];
		P->boff[b] = P->flat.n; /* the records come in block order */
		for (int j = 0; j < bk->ins.n; j++) {
			int i = bk->ins.v[j];
			Ins *in = &f->ins.v[i];
			if (in->flags & IDEAD)
				continue;
			int x;
			switch (in->op) {
			case OLOAD:
				if ((x = acc_var(P, in->ops[0])) >= 0) {
					access_check(P, x, in);
					add_access(P, x, i, in);
				}
				break;
			case OSTORE:
				if ((x = acc_var(P, in->ops[0])) >= 0) {
					int p = acc_var(P, in->ops[1]);
					if (p < 0) {
						bad(P, x, R_ADDR_STORED);
					} else {
						bad_stored(P, x);
						vpush(f->a, rt->a, x);
						vpush(f->a, rt->p, p);
					}
				}
				if ((x = acc_var(P, in->ops[1])) >= 0) {
					access_check(P, x, in);
					add_access(P, x, i, in);
				}
				break;
			default:
				for (int o = 0; o < in->nop; o++) {
					if ((x = acc_var(P, in->ops[o])) < 0)
						continue;
					if (in->op == OGEN && droppable(ins_text(f, in))) {
						vpush(f->a, P->drop, i);
						break;
					}
					bad(P, x, in->op == OGEN || in->op == OTERM
					              ? gen_reason(ins_text(f, in)) : R_ADDR_ESCAPED);
				}
			}
		}
	}
	P->boff[f->blk.n] = P->flat.n;
}

/* ---------- phases 2 and 3 ---------- */

/* The fast paths forward loads at once (the forwarding table is small:
 * a later variable's single store may read an earlier one's load) but
 * only mark the instructions to delete; apply() deletes them in program
 * order.  Deleting at once, in variable order, would write to a random
 * place of a large function's instruction table for every access. */
static inline void kill(Acc *a)
{
	a->kill = 1;
}

/* Replace load a by value v and delete it. */
static inline void replace_load(Prom *P, Acc *a, int v)
{
	forward(P->f, acc_val(P->f, a), v);
	kill(a);
}

static void apply(Prom *P)
{
	Fn *f = P->f;
	for (int k = 0; k < P->flat.n; k++) {
		if (!P->flat.v[k].kill)
			continue;
		f->ins.v[P->flat.v[k].ins].flags |= IDEAD;
		if (P->flat.v[k].store)
			P->st->NumStoresRemoved++;
		else
			P->st->NumLoadsRemoved++;
	}
}

/* Accesses in unreachable blocks are never renamed: loads read poison,
 * stores vanish (LLVM leaves poison for such leftover uses). */
static void drop_unreachable(Prom *P, int x)
{
	Fn *f = P->f;
	int k = P->acc0[x];
	while (k < P->acc1[x] && dom_reach(P->d, acc_at(P, k)->blk))
		k++; /* the common case: nothing to drop, nothing to move */
	for (int j = k; j < P->acc1[x]; j++) {
		Acc *a = acc_at(P, j);
		if (dom_reach(P->d, a->blk)) {
			P->acc[k++] = P->acc[j];
			continue;
		}
		if (a->store) {
			P->nstore[x]--;
			kill(a);
		} else {
			P->nload[x]--;
			replace_load(P, a, f->poison);
		}
	}
	P->acc1[x] = k;
}

/* A constant (not undef/poison) is defined everywhere and is never
 * poison, so every load may take it even where the store does not
 * dominate: an uninitialised read is undef and undef may be refined. */
static int defined_everywhere(Fn *f, int v)
{
	return f->val.v[val_res(f, v)].kind == VCONST;
}

/* Single store: each load dominated by the store takes the stored
 * value.  Returns 1 when every load was rewritten; otherwise the
 * remaining loads stay in the access list for the other paths. */
static int single_store(Prom *P, int x)
{
	int si = -1; /* the store's index in flat */
	for (int j = P->acc0[x]; j < P->acc1[x]; j++)
		if (acc_at(P, j)->store)
			si = P->acc[j];
	invariant(si >= 0);
	Acc *st = &P->flat.v[si];
	int sv = acc_val(P->f, st);
	int anywhere = defined_everywhere(P->f, sv), k = P->acc0[x];
	for (int j = P->acc0[x]; j < P->acc1[x]; j++) {
		Acc *a = acc_at(P, j);
		int ok = !a->store &&
		         (anywhere || (a->blk == st->blk ? P->acc[j] > si
		                                         : dominates(P->d, st->blk, a->blk)));
		if (!ok) {
			P->acc[k++] = P->acc[j];
			continue;
		}
		replace_load(P, a, sv);
		P->nload[x]--;
	}
	P->acc1[x] = k;
	if (P->nload[x])
		return 0;
	kill(st);
	return 1;
}

static int only_one_block(Prom *P, int x)
{
	int b = acc_at(P, P->acc0[x])->blk;
	for (int j = P->acc0[x]; j < P->acc1[x]; j++)
		if (acc_at(P, j)->blk != b)
			return 0;
	return 1;
}

/* Single block: each load takes the nearest preceding store.  A load
 * before the first store may see a previous iteration's store, so that
 * case goes to the general path (unless there is no store at all). */
static int single_block(Prom *P, int x)
{
	Fn *f = P->f;
	if (P->nstore[x] && !acc_at(P, P->acc0[x])->store)
		return 0;
	int cur = f->undef;
	for (int j = P->acc0[x]; j < P->acc1[x]; j++) {
		Acc *a = acc_at(P, j);
		if (a->store) {
			cur = acc_val(f, a);
			kill(a);
		} else {
			replace_load(P, a, cur);
		}
	}
	return 1;
}

static void promote_fast(Prom *P, int x)
{
	if (P->o->no_fast) {
		P->path[x] = P_GENERAL;
	} else if (P->nload[x] == 0) {
		for (int j = P->acc0[x]; j < P->acc1[x]; j++)
			kill(acc_at(P, j));
		P->path[x] = P_DEAD;
		P->st->NumDeadAlloca++;
	} else if (P->nstore[x] == 1 && single_store(P, x)) {
		P->path[x] = P_SINGLE_STORE;
		P->st->NumSingleStore++;
	} else if (only_one_block(P, x) && single_block(P, x)) {
		P->path[x] = P_SINGLE_BLOCK;
		P->st->NumLocalPromoted++;
	} else {
		P->path[x] = P_GENERAL;
	}
}

/* ---------- phase 6: move the new phis into their blocks ---------- */

/* One pass per block: without new phis the live instructions move down
 * in place; with some, into a new array that has room for them first. */
static void compact_blocks(Prom *P)
{
	Fn *f = P->f;
	for (int b = 0; b < f->blk.n; b++) {
		Blk *bk = &f->blk.v[b];
		int nphi = P->bphioff ? P->bphioff[b + 1] - P->bphioff[b] : 0;
		int *v = bk->ins.v, k = 0;
		if (nphi) {
			v = aalloc_raw(f->a, (size_t)(bk->ins.n + nphi) * sizeof(int));
			for (int j = 0; j < nphi; j++) {
				int i = P->phi.v[P->bphi[P->bphioff[b] + j]];
				if (!(f->ins.v[i].flags & IDEAD))
					v[k++] = i;
			}
			bk->ins.cap = bk->ins.n + nphi;
		}
		for (int j = 0; j < bk->ins.n; j++)
			if (!(f->ins.v[bk->ins.v[j]].flags & IDEAD))
				v[k++] = bk->ins.v[j]; /* in place: k <= j */
		bk->ins.v = v;
		bk->ins.n = k;
	}
}

/* Group this round's phis by block, in variable order within a block. */
static void index_phis(Prom *P)
{
	Fn *f = P->f;
	int nb = f->blk.n;
	P->bphioff = ints(P, nb + 1, 0);
	P->bphi = aalloc_raw(f->a, (size_t)(P->phi.n + 1) * sizeof(int)); /* all placed */
	for (int p = 0; p < P->phi.n; p++)
		P->bphioff[f->ins.v[P->phi.v[p]].blk]++;
	for (int b = 0; b < nb; b++) /* bphioff[b]: the end of b's phis */
		P->bphioff[b + 1] += P->bphioff[b];
	/* Backwards, each placed before the ones after it: bphioff[b] ends
	 * at its start (no fill counters to zero). */
	for (int p = P->phi.n - 1; p >= 0; p--) { /* phis were made var by var */
		const Ins *in = &f->ins.v[P->phi.v[p]];
		int b = in->blk;
		/* renaming fills a block's phis through its pred list */
		invariant(in->lab == f->blk.v[b].pred && in->nlab == f->blk.v[b].npred);
		P->bphi[--P->bphioff[b]] = p;
	}
}

/* Entries from unreachable predecessors get poison (after the
 * simplification, as LLVM does); count the phis each variable keeps. */
static void finish_phis(Prom *P)
{
	Fn *f = P->f;
	for (int p = 0; p < P->phi.n; p++) {
		Ins *in = &f->ins.v[P->phi.v[p]];
		if (in->flags & IDEAD)
			continue;
		for (int j = 0; j < in->nop; j++)
			if (in->ops[j] < 0)
				in->ops[j] = f->poison;
		int x = P->phivar.v[p];
		P->st->var.v[P->vstat[x]].nphikept++;
	}
}

static void record(Prom *P, int x)
{
	Stats *st = P->st;
	VarStat *vs = &st->var.v[P->vstat[x]];
	vs->reason = P->reason[x];
	vs->path = P->path[x];
}

/* One round.  Returns 1 when another round may promote more. */
static int round_once(Prom *P)
{
	Fn *f = P->f;
	Retry rt;
	memset(&rt, 0, sizeof rt);
	P->phi.n = P->phivar.n = P->drop.n = 0;
	P->bphioff = NULL;
	find_candidates(P);
	sweep(P, &rt);
	invariant(P->flat.n <= f->nmem); /* at most one access per load or store */
	group_accesses(P);

	int general = 0;
	if (P->nvar)
		fwd_fit(P); /* the fast paths forward loads; no value is made till make_phis */
	if (P->o->trace)
		place_init(P);
	for (int x = 0; x < P->nvar; x++) {
		if (P->reason[x] != R_NONE) {
			P->path[x] = P_NOT_PROMOTED;
			record(P, x);
			continue;
		}
		if (P->d->nreach < f->blk.n) /* else there is nothing to drop */
			drop_unreachable(P, x);
		if (P->o->trace && P->o->algorithm != ALG_BRAUN)
			place_trace(P, x);
		if (P->o->algorithm == ALG_BRAUN)
			P->path[x] = P_GENERAL; /* no fast paths: the paper's algorithm for all */
		else
			promote_fast(P, x);
		general += P->path[x] == P_GENERAL;
	}
	apply(P);
	if (general && P->o->algorithm == ALG_BRAUN) {
		braun_build(P);
		if (P->st->over_limit)
			return 0; /* the caller throws the function away */
		index_phis(P);
		finish_phis(P);
	} else if (general) {
		if (!P->dfdone) {
			df_build(f, P->d);
			P->dfdone = 1;
		}
		place_init(P);
		for (int x = 0; x < P->nvar; x++)
			if (P->path[x] == P_GENERAL)
				place_phis(P, x);
		make_phis(P);
		fwd_fit(P);
		index_phis(P);
		if (P->o->algorithm == ALG_CYTRON)
			rename_domtree(P);
		else
			rename_vars(P);
		if (P->o->simplify)
			simplify_phis(P);
		finish_phis(P);
	}
	int promoted = 0;
	for (int x = 0; x < P->nvar; x++) {
		if (P->path[x] == P_NOT_PROMOTED)
			continue;
		promoted++;
		P->st->NumPromoted++;
		f->ins.v[P->vins[x]].flags |= IDEAD;
		record(P, x);
	}
	/* A dropped use goes once every alloca it names is promoted. */
	for (int k = 0; k < P->drop.n; k++) {
		Ins *in = &f->ins.v[P->drop.v[k]];
		int keep = 0;
		for (int o = 0; o < in->nop; o++) {
			int x = acc_var(P, in->ops[o]);
			keep |= x >= 0 && P->path[x] == P_NOT_PROMOTED;
		}
		if (!keep)
			in->flags |= IDEAD;
	}
	if (!P->o->no_compact || rt.a.n) /* rt.a.n: a next round reads them */
		compact_blocks(P);

	/* Retry iff some unpromoted alloca's only problem was being stored
	 * into allocas that are now promoted. */
	if (!promoted || !rt.a.n)
		return 0;
	char *blocked = aalloc(f->a, (size_t)P->nvar + 1);
	for (int k = 0; k < rt.a.n; k++)
		if (P->path[rt.p.v[k]] == P_NOT_PROMOTED)
			blocked[rt.a.v[k]] = 1;
	for (int k = 0; k < rt.a.n; k++) {
		int a = rt.a.v[k];
		if (!blocked[a] && !P->other[a] && P->path[a] == P_NOT_PROMOTED)
			return 1;
	}
	return 0;
}

void m2r_promote(Fn *f, const PromoteOpts *o, Stats *st)
{
	Dom d;
	Prom P;
	memset(&P, 0, sizeof P);
	memset(&d, 0, sizeof d);
	P.f = f;
	P.d = &d;
	P.o = o;
	P.st = st;
	size_t mark = scratch_mark();
	cfg_build(f);
	dom_build_given(f, &d, o->idom);
	invariant(o->algorithm >= 0 && o->algorithm < NALGORITHM);
	if (o->trace)
		o->trace->algorithm = o->algorithm;
	invariant(o->algorithm != ALG_BRAUN || (o->placement == PL_PRUNED && o->simplify));
	if (o->trace && o->algorithm != ALG_BRAUN) { /* the frontiers are explained even when unused */
		df_build_trace(f, &d, o->trace);
		P.dfdone = 1;
	}

	/* One VarStat per alloca, in instruction order (fn_ins lists them);
	 * the rounds work from this list.  Reserved at once: grown by
	 * doubling from 4, a small function's list was made three times. */
	vreserve_exact(f->a, st->var, st->var.n + f->allocas.n);
	for (int k = 0; k < f->allocas.n; k++) {
		int i = f->allocas.v[k];
		Ins *in = &f->ins.v[i];
		if (in->op != OALLOCA || (in->flags & IDEAD) || in->res < 0 || in->blk < 0)
			continue;
		VarStat vs;
		memset(&vs, 0, sizeof vs);
		vs.alloca = i;
		vpush(f->a, st->var, vs);
		st->NumAlloca++;
	}
	do
		st->NumRounds++;
	while (round_once(&P));
	st->scratch_peak = scratch_peak_since(mark);
	if (o->dom)
		*o->dom = d; /* its arrays are in f's arena */
	if (st->over_limit)
		return; /* half-done: Stats.over_limit says to throw it away */
	for (int k = 0; k < st->var.n; k++)
		if (st->var.v[k].path == P_NOT_PROMOTED) {
			invariant(st->var.v[k].reason != R_NONE); /* kept: a reason says why */
			st->NumNotPromoted[st->var.v[k].reason]++;
		}
	if (o->trace) {
		o->trace->dom = aalloc(f->a, sizeof d);
		*o->trace->dom = d; /* its arrays are in f's arena */
	}
}
