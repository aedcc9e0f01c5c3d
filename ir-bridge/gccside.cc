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

void bridge_read_gcc(Bridge *b, struct function *fun)
{
	if (!b || !fun || !fun->cfg)
		return;
	Fn *f = b->fn;
	int nv = b->var.n;
	basic_block bb;

	/* Statements now in the IL. */
	int nst = 0, nphi = 0;
	FOR_EACH_BB_FN(bb, fun) {
		for (gimple_stmt_iterator g = gsi_start_bb(bb); !gsi_end_p(g); gsi_next(&g))
			nst++;
		for (gphi_iterator g = gsi_start_phis(bb); !gsi_end_p(g); gsi_next(&g))
			nphi++;
	}
	PMap live;
	pm_init(f->a, &live, nst);
	FOR_EACH_BB_FN(bb, fun)
		for (gimple_stmt_iterator g = gsi_start_bb(bb); !gsi_end_p(g); gsi_next(&g))
			pm_put(&live, gsi_stmt(g), 0, 1);

	/* Variables by decl and by alloca value. */
	PMap decl;
	pm_init(f->a, &decl, nv);
	int *var_of_val = (int *)aalloc(f->a, (size_t)(f->val.n + 1) * sizeof(int));
	for (int v = 0; v < f->val.n; v++)
		var_of_val[v] = -1;
	for (int k = 0; k < nv; k++) {
		pm_put(&decl, b->var.v[k].decl, 0, k);
		int r = f->ins.v[b->var.v[k].alloca].res;
		if (r >= 0)
			var_of_val[r] = k;
	}

	/* gcc_ssa from the sites; the def sites for the phis. */
	int *yes = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	int *no = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	int nstore = 0;
	for (int i = 0; i < b->nsite && i < f->ins.n; i++)
		if (f->ins.v[i].op == OSTORE && b->site[i].stmt)
			nstore++;
	PMap defs;
	pm_init(f->a, &defs, nstore);
	for (int i = 0; i < b->nsite && i < f->ins.n; i++) {
		Ins *in = &f->ins.v[i];
		gimple *g = (gimple *)b->site[i].stmt;
		if (!g || (in->op != OLOAD && in->op != OSTORE))
			continue;
		int p = in->op == OLOAD ? in->ops[0] : in->ops[1];
		int k = p >= 0 && p < f->val.n ? var_of_val[p] : -1;
		if (k < 0)
			continue;
		if (in->op == OSTORE)
			pm_put(&defs, g, b->site[i].slot, k);
		if (pm_get(&live, g, 0) < 0 || gimple_code(g) == GIMPLE_NOP)
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

	/* The non-virtual phis, attributed to variables. */
	gphi **phi = (gphi **)aalloc(f->a, (size_t)(nphi + 1) * sizeof *phi);
	int *pbb = (int *)aalloc(f->a, (size_t)(nphi + 1) * sizeof(int));
	int np = 0;
	FOR_EACH_BB_FN(bb, fun)
		for (gphi_iterator g = gsi_start_phis(bb); !gsi_end_p(g); gsi_next(&g)) {
			gphi *p = g.phi();
			if (virtual_operand_p(gimple_phi_result(p)))
				continue;
			phi[np] = p;
			pbb[np++] = bb->index;
		}
	PMap phix;
	pm_init(f->a, &phix, np);
	int *pvar = (int *)aalloc(f->a, (size_t)(np + 1) * sizeof(int));
	for (int j = 0; j < np; j++) {
		pm_put(&phix, phi[j], 0, j);
		pvar[j] = -1;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (int j = 0; j < np; j++) {
			if (pvar[j] >= 0)
				continue;
			tree res = gimple_phi_result(phi[j]);
			int k = SSA_NAME_VAR(res) ? pm_get(&decl, SSA_NAME_VAR(res), 0) : -1;
			for (unsigned a = 0; k < 0 && a < gimple_phi_num_args(phi[j]); a++) {
				tree t = gimple_phi_arg_def(phi[j], a);
				if (!t || TREE_CODE(t) != SSA_NAME)
					continue;
				if (SSA_NAME_IS_DEFAULT_DEF(t)) {
					if (SSA_NAME_VAR(t))
						k = pm_get(&decl, SSA_NAME_VAR(t), 0);
					continue;
				}
				gimple *d = SSA_NAME_DEF_STMT(t);
				if (!d)
					continue;
				if (gimple_code(d) == GIMPLE_PHI) {
					int o = pm_get(&phix, d, 0);
					if (o >= 0)
						k = pvar[o];
				} else
					k = pm_get(&defs, d, def_slot(d, t));
			}
			if (k >= 0) {
				pvar[j] = k;
				changed = 1;
			}
		}
	}
	/* With setjmp or nonlocal labels, insert_phi_nodes also rewrites
	 * the gimplifier's SSA temporaries whose def does not dominate
	 * their uses into fresh variables (PR 79432): their phis belong to
	 * none of the variables. */
	int lost = 0, first = -1;
	for (int j = 0; j < np; j++) {
		if (pvar[j] < 0) {
			if (!lost++)
				first = pbb[j];
			continue;
		}
		b->var.v[pvar[j]].gcc_nphi++;
	}
	if (lost && (fun->calls_setjmp || fun->has_nonlocal_label))
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
		int k = pvar[j];
		if (k < 0)
			continue;
		int blk = pbb[j] < b->nbb ? b->blk_of_bb[pbb[j]] : -1;
		if (blk < 0)
			bridge_note(b, "%s: phi in bb %d, a block made after lowering",
			            b->var.v[k].name, pbb[j]);
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
