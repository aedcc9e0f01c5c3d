/* raise.cc - bridge_rewrite(): the core's SSA form written back into
 * GIMPLE (rewrite mode), where GCC's "ssa" pass would build its own.
 *
 * The variables renamed here are those the core promoted that GCC can
 * hold in SSA names (VF_GCC_REG: aggregates and addressable variables
 * stay in memory whatever the core did with them), and the virtual
 * operand .MEM (Bridge.vop).  For them, in the order GCC's renamer
 * (tree-into-ssa.cc) does the same, so that with the same phis the SSA
 * versions come out the same and need no renumbering:
 *  1. phis, variable by variable in DECL_UID order (.MEM among them),
 *     block by block in index order, each with "# DEBUG var => phi"
 *     after the labels (not .MEM's);
 *  2. one walk over the dominator tree (GCC's dom_walker, hence GCC's
 *     order of children), renaming each statement through its operand
 *     cache, which the caller scanned before lowering (as GCC's
 *     mark_def_sites does), at the operands the lowering recorded with
 *     their loads and stores (Bridge.opnd: no walk over the statements
 *     or their caches here, no search): the uses (.MEM's first) take
 *     the name of the definition the core forwarded their load to, then
 *     each definition (.MEM's first) a new SSA name, followed by
 *     "# DEBUG var => name" unless it ends the block; a clobber becomes
 *     a nop (the variable is undefined again); then the arguments of
 *     the successors' phis;
 *  3. default definitions (uninitialised reads, parameters, .MEM at
 *     entry) are made at first use, as get_reaching_def does.
 * What the core decided is used as is: placement, fast paths, phi
 * simplification.  The lowering (Bridge.rewrite) gave every store its
 * own value, so a forwarded load names exactly one definition.
 *
 * Nothing is written before check() has found every promoted variable's
 * result expressible in GIMPLE; a variable whose result is not is left
 * to the caller's update_ssa, with a note.  No statement is scanned
 * again: SET_USE and SET_DEF keep the operand caches and the immediate
 * uses, as in GCC's renamer.
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "bridge-int.h"

/* Write-back state for one function. */
typedef struct Raise {
	Bridge *b;
	Fn *f;
	struct function *fun;
	int nk;           /* b->var.n; variable nk is .MEM (Bridge.vop) */
	int va0;          /* variable k's alloca is value va0 + k (make_vars
	                     makes them in a row), */
	int vopv;         /* .MEM's is vopv (-1: none): kvar() */
	int *owner;       /* value -> variable it is a definition of: a store's
	                     own value, a parameter, a phi result; or -1 */
	char *mine;       /* variable -> renamed here */
	tree *name;       /* value -> its SSA name, once made */
	tree *dflt;       /* variable -> its default definition, once asked
	                     for (each use of a parameter's or an undefined
	                     value asked GCC's hash of them again) */
	const VarStat **vs; /* variable -> the core's record */
	char *seen;       /* GCC bb index -> walked */
	char *special;    /* GCC bb index -> has an EH or abnormal successor
	                     edge (beyond_own_edge's question is moot else) */
	int nspecial;     /* such blocks: none in most functions */
	int nundef;       /* stores of undef (check): the clobbers at most */
	VEC(gphi *) phis; /* made here (their uid holds the core phi) */
} Raise;

/* The variable of the alloca whose address is value v, or -1. */
static inline int kvar(const Raise *r, int v)
{
	unsigned k = (unsigned)(v - r->va0);
	return k < (unsigned)r->nk ? (int)k : v >= 0 && v == r->vopv ? r->nk : -1;
}

static tree decl_of(Raise *r, int k)
{
	return k == r->nk ? gimple_vop(r->fun) : (tree)r->b->var.v[k].decl;
}

static const char *name_of(Raise *r, int k)
{
	return k == r->nk ? ".MEM" : bridge_var_name(r->b, k);
}

static int undef_like(Raise *r, int v)
{
	return v == r->f->undef || v == r->f->poison;
}

/* Is value v (a load's or a phi operand's) something variable k can be
 * in GIMPLE: one of its own definitions, or undefined? */
static int expressible(Raise *r, int k, int v)
{
	v = val_res(r->f, v);
	return undef_like(r, v) || r->owner[v] == k;
}

/* The first problem of variable k's result, noted; 1 if any. */
static int bad(Raise *r, int k, const char *what, int ins)
{
	if (ins < 0)
		bridge_note(r->b, "write-back of %s: %s", name_of(r, k), what);
	else
		bridge_note(r->b, "write-back of %s: %s (instruction %d)", name_of(r, k), what, ins);
	return 1;
}

/* Does a use of v (a load in block use; for a phi operand, from is the
 * edge it comes along) see the definition of a statement that ends its
 * block with EH or abnormal edges, other than through its normal edge?
 * Along those edges the call has not returned: the value does not
 * exist.  GCC's dominance makes such a use valid SSA, but once the call
 * is inlined its body's EH and abnormal edges no longer pass the
 * definition and SSA breaks.  GCC's own placement never needs such a use
 * (the gimplifier and EH lowering give such calls temporaries that are
 * dead at once); the textbook placements' dead phis do. */
static int beyond_own_edge(Raise *r, int v, basic_block use, edge from)
{
	const Fn *f = r->f;
	if (!r->nspecial || (!use && !from))
		return 0; /* (no GCC block: the core's own entry) */
	v = val_res(r->f, v);
	if (f->val.v[v].kind != VDEF)
		return 0;
	int sb = f->ins.v[f->val.v[v].ins].blk;
	gimple *g = (gimple *)bridge_site_stmt(r->b, f->val.v[v].ins);
	if (sb <= 0 || !g)
		return 0;
	int bi = r->b->bb_of_blk[sb];
	if (bi < 0 || !r->special[bi])
		return 0;
	basic_block b = BASIC_BLOCK_FOR_FN(r->fun, bi);
	if (g != last_stmt(b) || !stmt_ends_bb_p(g))
		return 0;
	basic_block normal = NULL;
	int special = 0;
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, b->succs) {
		if (e->flags & (EDGE_EH | EDGE_ABNORMAL))
			special = 1;
		else
			normal = e->dest;
	}
	if (!special)
		return 0;
	if (from && from->src == b)
		return from->dest != normal;
	basic_block at = from ? from->src : use;
	return !normal || !dominated_by_p(CDI_DOMINATORS, at, normal);
}

/* The GCC block of core block kb, or NULL (the core's own entry). */
static basic_block gcc_block(Raise *r, int kb)
{
	int bb = kb > 0 ? r->b->bb_of_blk[kb] : -1;
	return bb >= 0 ? BASIC_BLOCK_FOR_FN(r->fun, bb) : NULL;
}

/* Variable k is GCC's to rename: a use would see a call's definition
 * along its EH or abnormal edge (beyond_own_edge). */
static void edge_def(Raise *r, int k)
{
	r->mine[k] = 0;
	r->b->var.v[k].fallback = FB_EDGE_DEF;
}

/* Decide which variables are renamed here, and check that the core's
 * result for each can be written back.  One pass over the instructions
 * and the phis: no walk per variable. */
static void check(Raise *r, const Stats *st)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	for (int s = 0; s < st->var.n; s++) {
		const Ins *a = &f->ins.v[st->var.v[s].alloca];
		int k = a->res >= 0 ? kvar(r, a->res) : -1;
		if (k >= 0)
			r->vs[k] = &st->var.v[s];
	}
	/* .MEM: whenever the core promoted it (always: loads and stores) */
	r->mine[r->nk] = b->vop >= 0 && r->vs[r->nk] && r->vs[r->nk]->path != P_NOT_PROMOTED &&
	                 !b->vop_unbound;
	for (int k = 0; k < b->var.n; k++) {
		BVar *bv = &b->var.v[k];
		bv->fallback = R_NONE;
		if (!(bv->flags & VF_GCC_REG)) {
			bv->renamed = RN_MEMORY;
		} else if (!r->vs[k] || r->vs[k]->path == P_NOT_PROMOTED) {
			bv->renamed = RN_GCC;
			bv->fallback = r->vs[k] ? r->vs[k]->reason : R_PINNED;
		} else {
			bv->renamed = RN_CORE;
			r->mine[k] = !(bv->flags & VF_UNBOUND) ||
			             !bad(r, k, "an operand the lowering did not make", -1);
		}
	}
	/* Definitions: stores of the statements (their own values) and the
	 * parameter stores of the entry block. */
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		int k;
		if (in->op != OSTORE)
			continue;
		r->nundef += in->ops[0] == f->undef;
		if ((k = kvar(r, in->ops[1])) >= 0 && r->mine[k] && !undef_like(r, in->ops[0])) {
			if (r->owner[in->ops[0]] >= 0 && r->mine[k] &&
			    bad(r, k, "a value stored twice", i))
				r->mine[k] = 0;
			r->owner[in->ops[0]] = k;
		}
	}
	for (int k = 0; k <= r->nk; k++) {
		const VarStat *vs = r->vs[k];
		if (!r->mine[k] || !vs->phiins)
			continue;
		for (int j = 0; j < vs->nphi; j++)
			r->owner[f->ins.v[vs->phiins[j]].res] = k;
	}
	/* Uses: every load and every live phi operand.  (What a use of a
	 * call's own definition along its EH or abnormal edges would see
	 * is asked only when the function has such edges: nspecial.) */
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		int k;
		if (in->op == OLOAD) {
			if ((k = kvar(r, in->ops[0])) < 0 || !r->mine[k])
				continue;
			if (!(in->flags & IDEAD) || !expressible(r, k, in->res))
				r->mine[k] = !bad(r, k, "a load the core did not resolve", i);
			else if (r->nspecial && k < r->nk &&
			         beyond_own_edge(r, in->res, gcc_block(r, in->blk), NULL))
				edge_def(r, k);
			continue;
		}
		if (in->op != OPHI || (in->flags & IDEAD) || (k = r->owner[in->res]) < 0 || !r->mine[k])
			continue;
		basic_block gb = gcc_block(r, in->blk);
		if (!gb || (int)EDGE_COUNT(gb->preds) != in->nop) {
			r->mine[k] = !bad(r, k, "a phi whose block has other edges", i);
			continue;
		}
		for (int j = 0; j < in->nop; j++) {
			if (!expressible(r, k, in->ops[j])) {
				r->mine[k] = !bad(r, k, "a phi operand of another variable", i);
				break;
			}
			if (!r->nspecial || k == r->nk) /* (.MEM is defined along a call's EH edges: GCC's own) */
				continue;
			basic_block pb = gcc_block(r, in->lab[j]);
			edge e = pb ? find_edge(pb, gb) : NULL;
			if (e && beyond_own_edge(r, in->ops[j], gb, e)) {
				edge_def(r, k);
				break;
			}
		}
	}
	for (int k = 0; k < b->var.n; k++)
		if (b->var.v[k].renamed == RN_CORE && !r->mine[k]) {
			b->var.v[k].renamed = RN_GCC;
			if (b->var.v[k].fallback == R_NONE)
				b->var.v[k].fallback = FB_WRITE_BACK;
		}
	b->vop_renamed = r->mine[r->nk] ? RN_CORE : RN_GCC;
}

/* The default definition of variable k, for v: an undefined value or a
 * parameter's incoming value, made at its first use (as GCC makes it).
 * Out of line: value_name's common case is a definition's name. */
static tree __attribute__((noinline)) default_name(Raise *r, int k, int v)
{
	/* only these have no definition of their own to be named at */
	invariant(undef_like(r, v) || r->f->val.v[v].kind == VARG);
	if (!r->dflt[k])
		r->dflt[k] = get_or_create_ssa_default_def(r->fun, decl_of(r, k));
	return r->dflt[k];
}

/* The SSA name of value v for variable k: a definition's name, or the
 * default definition (default_name). */
static inline tree value_name(Raise *r, int k, int v)
{
	v = val_res(r->f, v);
	return r->name[v] ? r->name[v] : default_name(r, k, v);
}

/* 1. The phis the core kept, in GCC's order. */
static int by_first(const void *a, const void *b)
{
	const int *x = (const int *)a, *y = (const int *)b;
	return (x[0] > y[0]) - (x[0] < y[0]);
}

static void make_phis(Raise *r)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	int cap = 0;
	int *ord = NULL; /* (bb index, phi instruction) pairs */
	/* .MEM among the variables by DECL_UID (b->var's order): before
	 * variable vk */
	int nk = r->nk, mem = r->mine[nk], vk = nk;
	if (mem)
		for (vk = 0; vk < nk && b->var.v[vk].uid < DECL_UID(gimple_vop(r->fun)); vk++)
			;
	for (int j = 0; j < nk + mem; j++) {
		int k = j < vk ? j : j == vk ? nk : j - 1;
		const VarStat *vs = r->vs[k];
		if (!r->mine[k] || !vs->phiins || !vs->nphi)
			continue;
		if (vs->nphi > cap) {
			cap = vs->nphi;
			ord = (int *)aalloc(f->a, (size_t)cap * 2 * sizeof(int));
		}
		int n = 0;
		for (int j = 0; j < vs->nphi; j++) {
			const Ins *in = &f->ins.v[vs->phiins[j]];
			if (in->flags & IDEAD)
				continue; /* simplified away */
			ord[2 * n] = b->bb_of_blk[in->blk];
			ord[2 * n + 1] = vs->phiins[j];
			n++;
		}
		qsort(ord, (size_t)n, 2 * sizeof(int), by_first);
		tree decl = decl_of(r, k);
		tree dvar = k < r->nk ? target_for_debug_bind(decl) : NULL_TREE;
		b->vphis_built += k == r->nk ? n : 0;
		for (int p = 0; p < n; p++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(r->fun, ord[2 * p]);
			gphi *phi = create_phi_node(decl, bb);
			gimple_set_uid(phi, (unsigned)ord[2 * p + 1]);
			r->name[f->ins.v[ord[2 * p + 1]].res] = gimple_phi_result(phi);
			vpush(f->a, r->phis, phi);
			if (dvar) {
				gimple *note = gimple_build_debug_bind(dvar, gimple_phi_result(phi), phi);
				gimple_stmt_iterator si = gsi_after_labels(bb);
				gsi_insert_before(&si, note, GSI_SAME_STMT);
			}
		}
	}
}

/* A debug bind from before "ssa" (rare) that names a renamed variable:
 * the core knows no reaching definition for it (debug uses never count),
 * so its value is reset rather than left as a stale variable. */
static int renamed_var(Raise *r, tree t);

static tree in_set_cb(tree *tp, int *walk_subtrees, void *data)
{
	if (renamed_var((Raise *)data, *tp) >= 0)
		return *tp;
	if (TYPE_P(*tp) || TREE_CODE(*tp) == SSA_NAME)
		*walk_subtrees = 0;
	return NULL_TREE;
}

static void debug_stmt(Raise *r, gimple *g)
{
	if (!gimple_debug_bind_p(g) || !gimple_debug_bind_has_value_p(g))
		return;
	tree *v = gimple_debug_bind_get_value_ptr(g);
	if (walk_tree(v, in_set_cb, r, NULL)) {
		gimple_debug_bind_reset_value(g);
		update_stmt(g); /* its operand cache named the value */
	}
}

/* The operand slot, in the phis of GCC block dest, of the edge from
 * core block kb that is GCC's succs[idx]: the core's successors are
 * GCC's edges in order (the lowering's terminators, which leave out
 * edges to EXIT), and cfg_build recorded each one's slot (Blk.sslot).
 * -1 when the orders differ there (an EXIT edge came first); the caller
 * then binary-searches the phi's labels. */
static int edge_slot(Raise *r, int kb, unsigned idx, basic_block dest)
{
	if (kb < 0)
		return -1;
	const Blk *bk = &r->f->blk.v[kb];
	int kd = dest->index < r->b->nbb ? r->b->blk_of_bb[dest->index] : -1;
	if (idx < (unsigned)bk->nsucc && bk->succ[idx] == kd)
		return bk->sslot[idx];
	return -1;
}

/* The variable renamed here that operand t is, or -1: b->var is in
 * DECL_UID order, one entry per decl (make_vars), so a binary search by
 * uid finds it (a hash of the decls was built per function for the few
 * clobbers and debug binds that ask). */
static int renamed_var(Raise *r, tree t)
{
	if (!DECL_P(t))
		return -1;
	if (t == gimple_vop(r->fun))
		return r->mine[r->nk] ? r->nk : -1;
	const BVar *v = r->b->var.v;
	unsigned uid = DECL_UID(t);
	int lo = 0, hi = r->nk;
	while (lo < hi) {
		int mid = lo + (hi - lo) / 2;
		if (v[mid].uid < uid)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < r->nk && v[lo].decl == (void *)t && r->mine[lo] ? lo : -1;
}

/* Statement g, whose operands renamed through the caches are
 * b->opnd[o0 .. o1) (in the cache's order, each with its load or
 * store): renamed as GCC's renamer does, without a scan: each use of a
 * variable renamed here takes the name of the definition the core
 * forwarded its load to, then each definition a new name (the uses
 * first: the default definitions they need are made first). */
static void raise_stmt(Raise *r, gimple *g, int o0, int o1)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	int k;
	if (gimple_clobber_p(g) && (k = renamed_var(r, gimple_assign_lhs(g))) >= 0) {
		/* GCC drops the clobber of a register: from here the
		 * variable is undefined again. */
		gimple_stmt_iterator gsi = gsi_for_stmt(g);
		gsi_replace(&gsi, gimple_build_nop(), true);
		b->clob[b->nclob] = gsi_stmt(gsi);
		b->clobvar[b->nclob++] = k;
		get_or_create_ssa_default_def(r->fun, decl_of(r, k));
		return;
	}
	for (int o = o0; o < o1; o++) {
		const Ins *in = &f->ins.v[b->opnd[o].ins];
		if (in->op == OLOAD && b->opnd[o].ptr && (k = kvar(r, in->ops[0])) >= 0 && r->mine[k])
			SET_USE((use_operand_p)b->opnd[o].ptr, value_name(r, k, in->res));
	}
	gimple_stmt_iterator gsi;
	int at = 0; /* gsi is at g */
	for (int o = o0; o < o1; o++) {
		const Ins *in = &f->ins.v[b->opnd[o].ins];
		if (in->op != OSTORE || !b->opnd[o].ptr || (k = kvar(r, in->ops[1])) < 0 || !r->mine[k])
			continue;
		tree decl = decl_of(r, k);
		tree name = make_ssa_name(decl, g);
		SET_DEF((def_operand_p)b->opnd[o].ptr, name);
		r->name[in->ops[0]] = name;
		tree dvar = k < r->nk ? target_for_debug_bind(decl) : NULL_TREE;
		if (!dvar || stmt_ends_bb_p(g))
			continue;
		if (!at++)
			gsi = gsi_for_stmt(g);
		gsi_insert_after(&gsi, gimple_build_debug_bind(dvar, name, g), GSI_SAME_STMT);
	}
}

/* 2. One block of the walk. */
static void raise_block(Raise *r, basic_block bb)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	r->seen[bb->index] = 1;
	int kb = bb == ENTRY_BLOCK_PTR_FOR_FN(r->fun) ? 0
	         : bb->index < b->nbb ? b->blk_of_bb[bb->index] : -1;
	if (kb > 0)
		for (int o = b->opnd0[kb], end = b->opnd0[kb + 1]; o < end;) {
			int s = b->opnd[o].stmt, o0 = o;
			while (o < end && b->opnd[o].stmt == s)
				o++;
			raise_stmt(r, (gimple *)b->stmts[s], o0, o);
		}
	/* The successors' phis, all of them ours at this point. */
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs) {
		gphi_iterator pi = gsi_start_phis(e->dest);
		if (gsi_end_p(pi))
			continue;
		int j = edge_slot(r, kb, ei.index, e->dest);
		for (; !gsi_end_p(pi); gsi_next(&pi)) {
			gphi *phi = pi.phi();
			const Ins *in = &f->ins.v[gimple_uid(phi)];
			int k = r->owner[in->res], v = f->poison;
			if (j < 0 || j >= in->nlab || in->lab[j] != kb)
				j = phi_slot(in, kb); /* a binary search: not per scan */
			if (j < in->nlab && in->lab[j] == kb)
				v = in->ops[j];
			tree t = value_name(r, k, v);
			add_phi_arg(phi, t, e, k == r->nk ? UNKNOWN_LOCATION
			                       : gimple_location(SSA_NAME_DEF_STMT(t)));
		}
	}
}

/* GCC's dominator walk, as its renamer makes it (rewrite_dom_walker:
 * all blocks, children in GCC's order), calling fn before each block's
 * children. */
class fn_walker : public dom_walker {
public:
	fn_walker(void (*fn)(void *, basic_block), void *arg)
		: dom_walker(CDI_DOMINATORS, ALL_BLOCKS, NULL), m_fn(fn), m_arg(arg) {}
	edge before_dom_children(basic_block bb) final override
	{
		m_fn(m_arg, bb);
		return NULL;
	}
private:
	void (*m_fn)(void *, basic_block);
	void *m_arg;
};

void bridge_gcc_dom_walk(struct function *fun, void (*fn)(void *, basic_block), void *arg)
{
	fn_walker(fn, arg).walk(ENTRY_BLOCK_PTR_FOR_FN(fun));
}

/* The same walk over the core's tree, which is GCC's (PromoteOpts.idom):
 * GCC's dom_walker numbers the whole CFG again (its reverse post-order)
 * and allocates twice for every function, a tenth of a small
 * function's write-back.  Its order is a preorder from ENTRY with each
 * block's children by increasing rpo; the core's rpo is GCC's for the
 * same blocks (a DFS along each block's edges in order from the entry:
 * the core's successors are GCC's edges in order, less EXIT, which
 * GCC's DFS does not enter either).  EXIT, which the walker also
 * visits, has no statements and no successors.  The child lists are
 * made by the first walk and kept in b (Bridge.domkid) for the next:
 * the write-back's, then the renumbering's or verify's.  Returns 0
 * without the tree (nothing walked). */
int bridge_core_dom_walk(Bridge *b, struct function *fun,
                         void (*fn)(void *, basic_block), void *arg)
{
	const Dom *d = &b->dom;
	Fn *f = b->fn;
	int n = d->n;
	if (!n || n != f->blk.n || d->rpo[0] != 0)
		return 0;
	if (!b->domkid) {
		int *kid = (int *)aalloc_raw(f->a, (size_t)n * 3 * sizeof(int));
		int *sib = kid + n;
		for (int k = 0; k < n; k++)
			kid[k] = -1;
		/* pushed in front in increasing rpo: each list by decreasing
		 * rpo, so that the stack pops the smallest first */
		for (int i = 1; i < d->nreach; i++) {
			int k = d->rpo[i];
			if (b->bb_of_blk[k] < 0)
				return 0; /* not a GCC block: not GCC's tree */
			sib[k] = kid[d->idom[k]];
			kid[d->idom[k]] = k;
		}
		b->domkid = kid;
	}
	const int *kid = b->domkid, *sib = kid + n;
	int *stk = b->domkid + 2 * (size_t)n, sp = 0;
	stk[sp++] = 0;
	while (sp) {
		int k = stk[--sp];
		fn(arg, k ? BASIC_BLOCK_FOR_FN(fun, b->bb_of_blk[k]) : ENTRY_BLOCK_PTR_FOR_FN(fun));
		for (int c = kid[k]; c >= 0; c = sib[c])
			stk[sp++] = c;
	}
	return 1;
}

void bridge_dom_walk(Bridge *b, struct function *fun, void (*fn)(void *, basic_block), void *arg)
{
	if (!bridge_core_dom_walk(b, fun, fn, arg))
		bridge_gcc_dom_walk(fun, fn, arg);
}

const int *bridge_idoms(const Bridge *b, struct function *fun)
{
	Fn *f = b->fn;
	int n = f->blk.n;
	int *idom = (int *)aalloc_raw(f->a, (size_t)(n ? n : 1) * sizeof(int));
	if (n)
		idom[0] = -1;
	for (int k = 1; k < n; k++) {
		basic_block d = get_immediate_dominator(CDI_DOMINATORS,
		                                        BASIC_BLOCK_FOR_FN(fun, b->bb_of_blk[k]));
		/* ENTRY is the core's entry block; GCC leaves the
		 * unreachable blocks without one */
		idom[k] = !d ? -1 : d == ENTRY_BLOCK_PTR_FOR_FN(fun) ? 0
		          : d->index < b->nbb ? b->blk_of_bb[d->index] : -1;
	}
	return idom;
}

static void raise_cb(void *r, basic_block bb)
{
	raise_block((Raise *)r, bb);
}

void bridge_rewrite(Bridge *b, struct function *fun, const Stats *st)
{
	Fn *f = b->fn;
	Raise r;
	memset(&r, 0, sizeof r);
	r.b = b;
	r.f = f;
	r.fun = fun;
	int nv = f->val.n, nk = b->var.n;
	r.nk = nk; /* .MEM, if any, is variable nk */
	/* The tables in one allocation: the pointers, then the ints
	 * (-1 to start with), then the flags (0). */
	size_t nbb = (size_t)last_basic_block_for_fn(fun) + 1;
	size_t zp = ((size_t)nv + 1) * sizeof(tree) + (size_t)(nk + 2) * (sizeof *r.vs + sizeof(tree));
	size_t mi = ((size_t)nv + 1) * sizeof(int), zc = (size_t)nk + 2 + 2 * nbb;
	unsigned char *mem = (unsigned char *)aalloc_raw(f->a, zp + mi + zc);
	memset(mem, 0, zp);
	memset(mem + zp, 0xff, mi);
	memset(mem + zp + mi, 0, zc);
	r.name = (tree *)mem;
	r.vs = (const VarStat **)(r.name + nv + 1);
	r.dflt = (tree *)(r.vs + nk + 2);
	r.owner = (int *)(mem + zp);
	r.mine = (char *)(mem + zp + mi);
	r.seen = r.mine + nk + 2;
	r.special = r.seen + nbb;
	basic_block sb;
	FOR_EACH_BB_FN(sb, fun) {
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, sb->succs)
			if ((e->flags & (EDGE_EH | EDGE_ABNORMAL)) && !r.special[sb->index]) {
				r.special[sb->index] = 1;
				r.nspecial++;
			}
	}
	r.va0 = nk ? f->ins.v[b->var.v[0].alloca].res : 0;
	for (int k = 0; k < nk; k++) /* (kvar) */
		invariant(f->ins.v[b->var.v[k].alloca].res == r.va0 + k);
	r.vopv = b->vop >= 0 ? f->ins.v[b->vop].res : -1;
	check(&r, st);

	/* at most the stores of undef (clobbers), counted by check() */
	b->clob = (void **)aalloc(f->a, (size_t)(r.nundef + 1) * sizeof(void *));
	b->clobvar = (int *)aalloc(f->a, (size_t)(r.nundef + 1) * sizeof(int));
	make_phis(&r);
	bridge_dom_walk(b, fun, raise_cb, &r);
	basic_block bb; /* blocks the walk does not reach (unreachable) */
	FOR_EACH_BB_FN(bb, fun)
		if (!r.seen[bb->index])
			raise_block(&r, bb);
	for (int i = 0; i < b->ndbind; i++)
		debug_stmt(&r, (gimple *)b->dbind[i]);
	for (int i = 0; i < r.phis.n; i++)
		gimple_set_uid(r.phis.v[i], 0);
	b->phis_built = r.phis.n - b->vphis_built;
	b->rewritten = !b->unbound && !b->vop_unbound;
}
