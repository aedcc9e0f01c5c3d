/* compare.c - the core's promotion against GCC's into-SSA, per variable.
 *
 * A variable agrees when both sides promote it with phis in the same
 * blocks, or neither does.  The phis compared are the core's pruned
 * placement *before* simplification: GCC does not simplify in "ssa".
 * Every difference gets a reason from what GCC told the bridge about the
 * variable; one that none explains is "unexplained", a bug to fix.
 */
#include "compare.h"

#include <stdlib.h>
#include <string.h>

/* Core block ids -> GCC basic block indexes, ascending.
 *
 * Every block named here maps to a GCC block: a phi is never in the
 * core's own entry block (it has no predecessor), and no block of GCC's
 * is made after lowering.  In analyze mode the bridge lowers just before
 * "ssa" and reads GCC's phis just after it, and "ssa" adds no block
 * (execute_update_addresses_taken, then into-SSA: dominance frontiers,
 * phi insertion, renaming; no edge split); in rewrite mode GCC's side is
 * not read.  gccside.cc stores -1 (with a note) for a GCC phi in a block
 * past the lowered ones: should a GCC version ever make one there, say
 * so rather than read bb_of_blk[-1]. */
static int *to_bbs(const Bridge *b, const int *blk, int n)
{
	static int none[1]; /* every empty list: most variables have no phi */
	if (n == 0)
		return none;
	int *bb = aalloc(b->fn->a, (size_t)n * sizeof(int));
	for (int j = 0; j < n; j++) {
		if (blk[j] < 0 || blk[j] >= b->fn->blk.n)
			die("a phi in a GCC block made after lowering (core block %d)%s%s", blk[j],
			    b->err[0] ? "; bridge notes: " : "", b->err);
		bb[j] = b->bb_of_blk[blk[j]];
		if (bb[j] < 0)
			die("a phi in core block %d, which has no GCC block (the core's entry)",
			    blk[j]);
	}
	qsort(bb, (size_t)n, sizeof(int), cmp_int);
	return bb;
}

static int same(const int *a, int na, const int *b, int nb)
{
	return na == nb && (na == 0 || memcmp(a, b, (size_t)na * sizeof(int)) == 0);
}

/* Why we promote a variable GCC keeps in memory: the first property
 * that makes GCC's is_gimple_reg false and that our rules do not share. */
static int why_ours_only(unsigned fl)
{
	if (fl & VF_HARDREG)
		return W_HARD_REGISTER;
	if (fl & VF_AGGREGATE)
		return W_AGGREGATE;
	if (fl & VF_IN_MEMORY)
		return W_IN_MEMORY;
	if (fl & VF_NOT_GIMPLE_REG)
		return W_NOT_GIMPLE_REG;
	if (fl & VF_ADDRESSABLE)
		return W_STALE_ADDRESSABLE;
	return W_UNEXPLAINED;
}

static int classify(const VarReport *v)
{
	/* A volatile variable the core promoted has no access left (the
	 * bridge makes every access of it volatile, which the core never
	 * promotes): only the dead path can take it. */
	if (v->ours && !v->gcc && (v->flags & VF_VOLATILE) && v->path == P_DEAD)
		return W_UNUSED_VOLATILE;
	if (v->ours != v->gcc)
		return v->ours ? why_ours_only(v->flags) : W_UNEXPLAINED;
	if (!v->ours || same(v->phibb, v->nphi, v->gcc_phibb, v->gcc_nphi))
		return W_AGREE;
	/* A single store that dominates every load needs no phi on either
	 * side, so phis GCC has and the single-store path does not come
	 * from the constant rule (doc/promotion.md, fast paths). */
	if (v->path == P_SINGLE_STORE && v->nphi == 0)
		return W_SINGLE_STORE_CONSTANT;
	return (v->flags & VF_ABNORMAL) ? W_ABNORMAL : W_UNEXPLAINED;
}

void compare_fn(const Bridge *b, const Stats *st, int compared, FnReport *r)
{
	Fn *f = b->fn;
	memset(r, 0, sizeof *r);
	r->st = *st;
	r->compared = compared;
	r->blocks = f->blk.n;
	r->lower_ns = b->lower_ns;
	r->rewrite = b->rewrite;
	r->rewritten = b->rewritten;
	r->phis_built = b->phis_built;
	r->nvar = b->var.n;
	r->var = aalloc(f->a, (size_t)(b->var.n ? b->var.n : 1) * sizeof(VarReport));

	/* alloca instruction -> its VarStat */
	int *vs_of = aalloc(f->a, (size_t)(f->ins.n + 1) * sizeof(int));
	memset(vs_of, 0xff, (size_t)(f->ins.n + 1) * sizeof(int));
	for (int k = 0; k < st->var.n; k++)
		vs_of[st->var.v[k].alloca] = k;

	for (int i = 0; i < b->var.n; i++) {
		const BVar *bv = &b->var.v[i];
		VarReport *v = &r->var[i];
		v->name = bv->name;
		if (!fn_pos(f, bv->alloca, &v->line, &v->col))
			v->line = v->col = 0;
		v->flags = bv->flags;
		v->loc = bv->loc;
		int k = bv->alloca >= 0 && bv->alloca < f->ins.n ? vs_of[bv->alloca] : -1;
		if (k >= 0) {
			const VarStat *vs = &st->var.v[k];
			v->ours = vs->path != P_NOT_PROMOTED;
			v->reason = vs->reason;
			v->path = vs->path;
			v->nphi = vs->nphi;
			v->phibb = to_bbs(b, vs->phiblk, vs->nphi);
			v->nphikept = vs->nphikept;
		} else { /* no alloca: the bridge could not lower it */
			v->reason = R_PINNED;
			v->phibb = to_bbs(b, NULL, 0);
		}
		if (b->rewrite) {
			v->renamed = bv->renamed;
			v->fallback = bv->fallback;
			r->by_core += bv->renamed == RN_CORE;
			r->by_gcc += bv->renamed == RN_GCC;
			r->in_memory += bv->renamed == RN_MEMORY;
		}
		r->vars++;
		r->promotable += v->reason == R_NONE;
		r->promoted += v->ours;
		r->phis += v->nphi;
		r->phis_kept += v->nphikept;
		if (!compared) {
			v->gcc_phibb = to_bbs(b, NULL, 0);
			continue;
		}
		v->gcc = bv->gcc_ssa;
		v->gcc_nphi = bv->gcc_nphi;
		v->gcc_phibb = to_bbs(b, bv->gcc_phiblk, bv->gcc_nphi);
		v->why = classify(v);
		r->gcc_promoted += v->gcc;
		r->gcc_phis += v->gcc_nphi;
		if (v->why == W_UNEXPLAINED)
			r->unexplained++;
		else if (v->why != W_AGREE)
			r->differ++;
	}
	r->agree = compared && !r->differ && !r->unexplained;
}
