/* gccside.cc - bridge_read_gcc(): what GCC's "ssa" pass did to the
 * variables that bridge_lower() saw, read right after that pass.
 *
 * gcc_ssa: at each load/store site recorded when lowering, whose
 * statement is still in the IL, the variable's DECL is gone from the
 * operand (replaced by an SSA name, anonymous for DECL_IGNORED_P temps).
 * Statements that left the IL (clobbers of renamed variables become
 * GIMPLE_NOPs) are never dereferenced: the sites are first checked
 * against the set of statements now in the IL, by pointer.
 *
 * Phis: a non-virtual phi belongs to SSA_NAME_VAR of its result if that
 * is one of the variables; else (anonymized temporaries) to the variable
 * of any argument: a default def (its SSA_NAME_VAR survives), a def at a
 * store site recorded when lowering, or another phi already attributed;
 * iterated to a fixed point for phi cycles.
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include <stdlib.h>

#include "bridge-int.h"

static tree find_decl_cb(tree *tp, int *walk_subtrees, void *data)
{
	if (*tp == (tree)data)
		return *tp;
	if (TYPE_P(*tp) || TREE_CODE(*tp) == SSA_NAME)
		*walk_subtrees = 0;
	return NULL_TREE;
}

/* Does the operand of g at slot (as recorded by the lowering) still
 * mention decl?  1 yes, 0 no, -1 no such operand. */
static int mentions(gimple *g, int slot, tree decl)
{
	if (slot < 0 || (unsigned)slot >= gimple_num_ops(g))
		return -1;
	tree t = gimple_op(g, (unsigned)slot);
	if (gimple_code(g) == GIMPLE_ASM)
		t = t ? TREE_VALUE(t) : NULL_TREE;
	if (!t)
		return -1;
	return walk_tree_without_duplicates(&t, find_decl_cb, decl) != NULL_TREE;
}

/* The store-site slot of an asm output that is SSA name t, else 0. */
static int def_slot(gimple *g, tree t)
{
	if (gimple_code(g) != GIMPLE_ASM)
		return 0;
	gasm *a = as_a<gasm *>(g);
	for (unsigned i = 0; i < gimple_asm_noutputs(a); i++)
		if (TREE_VALUE(gimple_asm_output_op(a, i)) == t)
			return (int)i; /* gimple_op index: the outputs come first */
	return -1;
}

/* What bridge_read_gcc works with. */
typedef struct Read {
	Bridge *b;
	Fn *f;
	struct function *fun;
	PMap live;        /* statements now in the IL */
	PMap decl;        /* decl -> variable */
	PMap defs;        /* (statement, slot) of a store site -> variable */
	int *var_of_val;  /* alloca value -> variable, -1 */
	gphi **phi;       /* the non-virtual phis ... */
	int *pbb;         /* ... their blocks ... */
	int *pvar;        /* ... and variables (-1: none found) */
	int np;
} Read;

/* The statements now in the IL (r->live); returns the number of phis. */
static int read_live(Read *r)
{
	basic_block bb;
	int nst = 0, nphi = 0;
	FOR_EACH_BB_FN(bb, r->fun) {
		for (gimple_stmt_iterator g = gsi_start_bb(bb); !gsi_end_p(g); gsi_next(&g))
			nst++;
		for (gphi_iterator g = gsi_start_phis(bb); !gsi_end_p(g); gsi_next(&g))
			nphi++;
	}
	pm_init(r->f->a, &r->live, nst);
	FOR_EACH_BB_FN(bb, r->fun)
		for (gimple_stmt_iterator g = gsi_start_bb(bb); !gsi_end_p(g); gsi_next(&g))
			pm_put(&r->live, gsi_stmt(g), 0, 1);
	return nphi;
}

/* Variables by decl and by alloca value. */
static void read_vars(Read *r)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	pm_init(f->a, &r->decl, b->var.n);
	r->var_of_val = (int *)aalloc(f->a, (size_t)(f->val.n + 1) * sizeof(int));
	for (int v = 0; v < f->val.n; v++)
		r->var_of_val[v] = -1;
	for (int k = 0; k < b->var.n; k++) {
		pm_put(&r->decl, b->var.v[k].decl, 0, k);
		int res = f->ins.v[b->var.v[k].alloca].res;
		if (res >= 0)
			r->var_of_val[res] = k;
	}
}

/* gcc_ssa from the load and store sites; the def sites for the phis
 * (r->defs). */
static void read_sites(Read *r)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	int nv = b->var.n;
	int *yes = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	int *no = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	int nstore = 0;
	for (int i = 0; i < b->nsite && i < f->ins.n; i++)
		if (f->ins.v[i].op == OSTORE && b->site[i].stmt >= 0)
			nstore++;
	pm_init(f->a, &r->defs, nstore);
	for (int i = 0; i < b->nsite && i < f->ins.n; i++) {
		Ins *in = &f->ins.v[i];
		gimple *g = (gimple *)bridge_site_stmt(b, i);
		if (!g || (in->op != OLOAD && in->op != OSTORE))
			continue;
		int p = in->op == OLOAD ? in->ops[0] : in->ops[1];
		int k = p >= 0 && p < f->val.n ? r->var_of_val[p] : -1;
		if (k < 0)
			continue;
		if (in->op == OSTORE)
			pm_put(&r->defs, g, b->site[i].slot, k);
		if (pm_get(&r->live, g, 0) < 0 || gimple_code(g) == GIMPLE_NOP)
			continue; /* replaced (a clobber of a renamed variable) */
		int m;
		if (in->op == OSTORE && gimple_code(g) != GIMPLE_ASM) {
			tree lhs = gimple_get_lhs(g);
			m = lhs ? TREE_CODE(lhs) != SSA_NAME : -1;
		} else
			m = mentions(g, b->site[i].slot, (tree)b->var.v[k].decl);
		if (m == 0)
			yes[k]++;
		else if (m == 1)
			no[k]++;
	}
	for (int k = 0; k < nv; k++) {
		BVar *v = &b->var.v[k];
		if (yes[k] && no[k])
			bridge_note(b, "%s: renamed at %d sites, not at %d", v->name, yes[k], no[k]);
		v->gcc_ssa = yes[k] || no[k] ? yes[k] > no[k] : !!(v->flags & VF_GCC_REG);
		if ((yes[k] || no[k]) && v->gcc_ssa != !!(v->flags & VF_GCC_REG))
			bridge_note(b, "%s: gcc_ssa %d but is_gimple_reg %d", v->name, v->gcc_ssa,
			            !!(v->flags & VF_GCC_REG));
		v->gcc_nphi = 0;
		v->gcc_phiblk = NULL;
	}
}

/* The variable of phi j from its arguments, or -1. */
static int phi_var_from_args(Read *r, const PMap *phix, int j)
{
	int k = -1;
	gphi *phi = r->phi[j];
	for (unsigned a = 0; k < 0 && a < gimple_phi_num_args(phi); a++) {
		tree t = gimple_phi_arg_def(phi, a);
		if (!t || TREE_CODE(t) != SSA_NAME)
			continue;
		if (SSA_NAME_IS_DEFAULT_DEF(t)) {
			if (SSA_NAME_VAR(t))
				k = pm_get(&r->decl, SSA_NAME_VAR(t), 0);
			continue;
		}
		gimple *d = SSA_NAME_DEF_STMT(t);
		if (!d)
			continue;
		if (gimple_code(d) == GIMPLE_PHI) {
			int o = pm_get(phix, d, 0);
			if (o >= 0)
				k = r->pvar[o];
		} else
			k = pm_get(&r->defs, d, def_slot(d, t));
	}
	return k;
}

/* The non-virtual phis (r->phi, r->pbb), attributed to variables
 * (r->pvar) to a fixed point. */
static void attribute_phis(Read *r, int nphi)
{
	Fn *f = r->f;
	r->phi = (gphi **)aalloc(f->a, (size_t)(nphi + 1) * sizeof *r->phi);
	r->pbb = (int *)aalloc(f->a, (size_t)(nphi + 1) * sizeof(int));
	int np = 0;
	basic_block bb;
	FOR_EACH_BB_FN(bb, r->fun)
		for (gphi_iterator g = gsi_start_phis(bb); !gsi_end_p(g); gsi_next(&g)) {
			gphi *p = g.phi();
			if (virtual_operand_p(gimple_phi_result(p)))
				continue;
			r->phi[np] = p;
			r->pbb[np++] = bb->index;
		}
	r->np = np;
	PMap phix;
	pm_init(f->a, &phix, np);
	r->pvar = (int *)aalloc(f->a, (size_t)(np + 1) * sizeof(int));
	for (int j = 0; j < np; j++) {
		pm_put(&phix, r->phi[j], 0, j);
		r->pvar[j] = -1;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int j = 0; j < np; j++) {
			if (r->pvar[j] >= 0)
				continue;
			tree res = gimple_phi_result(r->phi[j]);
			int k = SSA_NAME_VAR(res) ? pm_get(&r->decl, SSA_NAME_VAR(res), 0) : -1;
			if (k < 0)
				k = phi_var_from_args(r, &phix, j);
			if (k >= 0) {
				r->pvar[j] = k;
				changed = 1;
			}
		}
	}
}

/* Each variable's phi blocks (gcc_nphi, gcc_phiblk: core blocks,
 * sorted), with notes for what does not fit. */
static void phi_blocks(Read *r)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	int nv = b->var.n, np = r->np;
	/* With setjmp or nonlocal labels, insert_phi_nodes also rewrites
	 * the gimplifier's SSA temporaries whose def does not dominate
	 * their uses into fresh variables (PR 79432): their phis belong to
	 * none of the variables. */
	int lost = 0, first = -1;
	for (int j = 0; j < np; j++) {
		if (r->pvar[j] < 0) {
			if (!lost++)
				first = r->pbb[j];
			continue;
		}
		b->var.v[r->pvar[j]].gcc_nphi++;
	}
	if (lost && (r->fun->calls_setjmp || r->fun->has_nonlocal_label))
		bridge_note(b, "%d phis of gimplifier SSA temporaries (abnormal edges; first in bb %d)",
		            lost, first);
	else if (lost)
		bridge_note(b, "%d phis not attributed (first in bb %d)", lost, first);
	for (int k = 0; k < nv; k++)
		if (b->var.v[k].gcc_nphi)
			b->var.v[k].gcc_phiblk =
				(int *)aalloc(f->a, (size_t)b->var.v[k].gcc_nphi * sizeof(int));
	int *fill = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	for (int j = 0; j < np; j++) {
		int k = r->pvar[j];
		if (k < 0)
			continue;
		int blk = r->pbb[j] < b->nbb ? b->blk_of_bb[r->pbb[j]] : -1;
		if (blk < 0)
			bridge_note(b, "%s: phi in bb %d, a block made after lowering",
			            b->var.v[k].name, r->pbb[j]);
		b->var.v[k].gcc_phiblk[fill[k]++] = blk;
	}
	for (int k = 0; k < nv; k++) {
		BVar *v = &b->var.v[k];
		if (v->gcc_nphi > 1)
			qsort(v->gcc_phiblk, (size_t)v->gcc_nphi, sizeof(int), cmp_int);
		for (int j = 1; j < v->gcc_nphi; j++)
			if (v->gcc_phiblk[j] == v->gcc_phiblk[j - 1])
				bridge_note(b, "%s: two phis in one block", v->name);
		if (v->gcc_nphi && !v->gcc_ssa)
			bridge_note(b, "%s: phis but not renamed", v->name);
	}
}

void bridge_read_gcc(Bridge *b, struct function *fun)
{
	if (!b || !fun || !fun->cfg)
		return;
	Read r;
	memset(&r, 0, sizeof r);
	r.b = b;
	r.f = b->fn;
	r.fun = fun;
	int nphi = read_live(&r);
	read_vars(&r);
	read_sites(&r);
	attribute_phis(&r, nphi);
	phi_blocks(&r);
}
