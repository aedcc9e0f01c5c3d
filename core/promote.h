/* promote.h - state shared by the phases of the promotion (private to
 * core/: promote.c drives, idf.c places phis, rename.c renames and
 * simplifies).  Indices: "var" is the index of a candidate alloca in
 * the current round, "phi" the index of a phi created in this round. */
#ifndef PROMOTE_H
#define PROMOTE_H

#include "m2r.h"

/* A load or store of a candidate, with what the fast paths and the
 * placement test for every access (its block, load or store), so they
 * never touch the instruction itself; the value it loads or stores is
 * the instruction's (acc_val), read only by the accesses a fast path or
 * the renaming rewrites.  12 bytes: one is reserved per load and store
 * of the function (Fn.nmem) and they were a third of the core's peak at
 * 20 bytes one per instruction.  Its index in Prom.flat is its position
 * among the accesses, in program order. */
typedef struct {
	int ins, blk;
	unsigned var : 30;    /* candidates are fewer than instructions */
	unsigned store : 1;
	unsigned kill : 1;    /* a fast path deletes it */
} Acc;

/* Placement scratch, sized by the blocks, reused by every variable. */
typedef struct {
	int vstamp, astamp;          /* per variable / per attempt */
	int *defst, *candst, *livest;
	int *def, ndef, *use, nuse;  /* def and upward-exposed use blocks */
	int *cand, ncand;            /* candidates, then the phi blocks */
	int *wl, *stk, *sblk;        /* worklists */
	int *jup, jupok;             /* nearest join dominating b (or b),
	                                made on first need (jupok) */
	int *sstart, *sowner, ns;    /* dominator-interval segments */
	int nset, segok;             /* try_frontier: the segment set is
	                                wl[0..nset), built iff segok */
	int *key;                    /* pre numbers, sorted by build_segs */
	long steps, budget;
	int lastwin;                 /* the prune method that won last */
	int trace_x;                 /* the frontier worklist traces its
	                                steps for this variable (alloca
	                                instruction), -1: not */
} Place;

typedef struct Prom {
	Fn *f;
	Dom *d;
	const PromoteOpts *o;
	Stats *st;
	int dfdone;      /* df_build() ran */
	int fwdcap;      /* room in f->fwd when fwd_fit made it, else 0 */

	/* this round's candidates */
	int nvar;
	int *vins;       /* var -> alloca instruction */
	int *vstat;      /* var -> its VarStat in st->var */
	int *vtype;      /* var -> value type */
	int *varof, nvarof; /* value -> var or -1, for values < nvarof */
	int *reason;     /* var -> enum Reason (first one found) */
	char *other;     /* var -> blocked by more than stores of its
	                    address into candidate allocas */
	int *path;       /* var -> enum Path */
	int *nload, *nstore;
	VEC(Acc) flat;   /* accesses in program order, as swept */
	int *acc;        /* their indices in flat grouped by variable: x's
	                    are acc[acc0[x]..acc1[x]), ascending (in program
	                    order); indices, not copies of the records,
	                    which cost the grouping twice as much */
	int *acc0, *acc1;
	int *boff;       /* block b's accesses: flat.v[boff[b]..boff[b+1])
	                    (flat is in block order: the sweep's, which
	                    sets boff as it goes) */
	VEC(int) drop;   /* debug/lifetime calls naming a candidate */

	/* phis placed this round (general path) */
	VEC(int) phi;    /* phi -> instruction */
	VEC(int) phivar; /* phi -> var */
	int *bphi, *bphioff; /* block b's phis: bphi[bphioff[b]..bphioff[b+1]) */

	Place pl;        /* placement scratch (idf.c) */
	Hash names;      /* local names in use, for new phis (built on
	                    first need: .a is NULL until then) */
} Prom;

/* idf.c: set up the scratch for a round, choose the phi blocks of each
 * general-path variable x, then create all the phis (into P->phi). */
void place_init(Prom *P);
void place_phis(Prom *P, int x);
/* Tracing only: log x's defs, live-in blocks, IDF and every placement's
 * phi blocks (TR_DEFS .. TR_PHIS), leaving the promotion unchanged. */
void place_trace(Prom *P, int x);
void make_phis(Prom *P);
/* "<alloca>.<n>", LLVM's name for a new phi of the alloca named base
 * (n counted in *version), or NULL for an unnamed alloca. */
const char *place_phi_name(Prom *P, const char *base, int *version);
/* The phi of x in block b with operands ops (idf.c says more). */
int place_make_phi(Prom *P, int x, int b, int *version, int *ops);
/* promote.c: the forwarding table covers every value made so far. */
void fwd_fit(Prom *P);
/* braun.c: Braun et al.'s construction for every general-path variable
 * of the round: phis into P->phi, loads forwarded, accesses deleted. */
void braun_build(Prom *P);
/* rename.c: LLVM's renaming, one depth-first walk of the CFG */
void rename_vars(Prom *P);
void simplify_phis(Prom *P);
/* The phis of block b get cur[x] on the edge from predecessor p, whose
 * first slot is j0 (Blk.sslot). */
void rename_fill_phis(Prom *P, int b, int p, int j0, const int *cur);
/* cytron.c: Cytron's renaming, the dominator tree with a stack per variable */
void rename_domtree(Prom *P);

/* The j-th access of the grouped list (P->acc). */
static inline Acc *acc_at(Prom *P, int j)
{
	return &P->flat.v[P->acc[j]];
}

/* The value access a loads (its result) or stores. */
static inline int acc_val(const Fn *f, const Acc *a)
{
	const Ins *in = &f->ins.v[a->ins];
	return a->store ? in->ops[0] : in->res;
}

/* Renaming's walk over block b's accesses of general-path variables,
 * from index *k of P->flat (start: P->boff[b]): the next one, deleted
 * as it is taken, or NULL at the block's end.  The three renamers
 * (rename.c, cytron.c, braun.c) take them so. */
static inline const Acc *take_access(Prom *P, int b, int *k)
{
	for (; *k < P->boff[b + 1]; ++*k) {
		const Acc *a = &P->flat.v[*k];
		if (P->path[a->var] != P_GENERAL || a->kill)
			continue;
		P->f->ins.v[a->ins].flags |= IDEAD;
		++*k;
		return a;
	}
	return NULL;
}

/* Load a receives value v: forwarded to it, counted, traced. */
static inline void load_gets(Prom *P, const Acc *a, int v)
{
	Fn *f = P->f;
	int r = acc_val(f, a);
	f->fwd[r] = val_res(f, v);
	P->st->NumLoadsRemoved++;
	if (P->o->trace)
		trace_ev(f, P->o->trace, TR_LOAD, P->vins[a->var], -1, -1, a->ins, f->fwd[r]);
}

/* The value store a defines (resolved), counted as removed. */
static inline int store_def(Prom *P, const Acc *a)
{
	P->st->NumStoresRemoved++;
	return val_res(P->f, acc_val(P->f, a));
}

static inline int acc_var(Prom *P, int v)
{
	if (v >= 0 && v < P->f->nfwd && P->f->fwd[v] >= 0)
		v = val_res(P->f, v);
	return v >= 0 && v < P->nvarof ? P->varof[v] : -1;
}

#endif
