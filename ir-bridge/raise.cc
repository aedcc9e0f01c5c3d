/* raise.cc - bridge_rewrite(): the core's SSA form written back into
 * GIMPLE (rewrite mode), where GCC's "ssa" pass would build its own.
 *
 * The variables renamed here are those the core promoted that GCC can
 * hold in SSA names (VF_GCC_REG: aggregates and addressable variables
 * stay in memory whatever the core did with them).  For them, in the
 * order GCC's renamer (tree-into-ssa.cc) does the same, so that with
 * the same phis the SSA versions come out the same:
 *  1. phis, variable by variable in DECL_UID order, block by block in
 *     index order, each with "# DEBUG var => phi" after the labels;
 *  2. one walk over the dominator tree (GCC's dom_walker, hence GCC's
 *     order of children): in each statement the uses take the name of
 *     the definition the core forwarded the load to, then each store
 *     defines a new SSA name followed by "# DEBUG var => name" unless it
 *     ends the block; a clobber becomes a nop (the variable is undefined
 *     again); then the arguments of the successors' phis;
 *  3. default definitions (uninitialised reads, parameters) are made at
 *     first use, as get_reaching_def does.
 * What the core decided is used as is: placement, fast paths, phi
 * simplification.  The lowering (Bridge.rewrite) gave every store its
 * own value, so a forwarded load names exactly one definition.
 *
 * Nothing is written before check() has found every promoted variable's
 * result expressible in GIMPLE; a variable whose result is not is left
 * to update_ssa, with a note.  Finally every statement's operands are
 * scanned (the caller's update_ssa renames .MEM and the rest from them).
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "bridge-int.h"

/* Write-back state for one function. */
typedef struct Raise {
	Bridge *b;
	Fn *f;
	struct function *fun;
	int *kvar;        /* value -> variable of the alloca it is, or -1 */
	int *owner;       /* value -> variable it is a definition of: a store's
	                     own value, a parameter, a phi result; or -1 */
	char *mine;       /* variable -> renamed here */
	tree *name;       /* value -> its SSA name, once made */
	const VarStat **vs; /* variable -> the core's record */
	char *seen;       /* GCC bb index -> walked */
	char *special;    /* GCC bb index -> has an EH or abnormal successor
	                     edge (beyond_own_edge's question is moot else) */
	int nspecial;     /* such blocks: none in most functions */
	PMap decls;       /* decl of a variable renamed here -> variable */
	VEC(gphi *) phis; /* made here (their uid holds the core phi) */
} Raise;

static tree decl_of(Raise *r, int k)
{
	return (tree)r->b->var.v[k].decl;
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
	bridge_note(r->b, "write-back of %s: %s (instruction %d)", r->b->var.v[k].name, what, ins);
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
	if (!r->nspecial)
		return 0;
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

/* Decide which variables are renamed here, and check that the core's
 * result for each can be written back.  One pass over the instructions
 * and the phis: no walk per variable. */
static void check(Raise *r, const Stats *st)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	for (int s = 0; s < st->var.n; s++) {
		const Ins *a = &f->ins.v[st->var.v[s].alloca];
		int k = a->res >= 0 ? r->kvar[a->res] : -1;
		if (k >= 0)
			r->vs[k] = &st->var.v[s];
	}
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
			r->mine[k] = 1;
		}
	}
	/* Definitions: stores of the statements (their own values) and the
	 * parameter stores of the entry block. */
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		int k;
		if (in->op == OSTORE && (k = r->kvar[in->ops[1]]) >= 0 && r->mine[k] &&
		    !undef_like(r, in->ops[0])) {
			if (r->owner[in->ops[0]] >= 0 && r->mine[k] &&
			    bad(r, k, "a value stored twice", i))
				r->mine[k] = 0;
			r->owner[in->ops[0]] = k;
		}
	}
	for (int k = 0; k < b->var.n; k++) {
		const VarStat *vs = r->vs[k];
		if (!r->mine[k] || !vs->phiins)
			continue;
		for (int j = 0; j < vs->nphi; j++)
			r->owner[f->ins.v[vs->phiins[j]].res] = k;
	}
	/* Uses: every load and every live phi operand. */
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		int k = -1;
		if (in->op == OLOAD)
			k = r->kvar[in->ops[0]];
		else if (in->op == OPHI && !(in->flags & IDEAD))
			k = r->owner[in->res];
		if (k < 0 || !r->mine[k])
			continue;
		int bb = b->bb_of_blk[in->blk];
		basic_block gb = bb >= 0 ? BASIC_BLOCK_FOR_FN(r->fun, bb) : NULL;
		if (in->op == OLOAD) {
			if (!(in->flags & IDEAD) || !expressible(r, k, in->res))
				r->mine[k] = !bad(r, k, "a load the core did not resolve", i);
			else if (gb && beyond_own_edge(r, in->res, gb, NULL)) {
				r->mine[k] = 0;
				b->var.v[k].fallback = FB_EDGE_DEF;
			}
			continue;
		}
		if (!gb || (int)EDGE_COUNT(gb->preds) != in->nop) {
			r->mine[k] = !bad(r, k, "a phi whose block has other edges", i);
			continue;
		}
		for (int j = 0; j < in->nop; j++) {
			if (!expressible(r, k, in->ops[j])) {
				r->mine[k] = !bad(r, k, "a phi operand of another variable", i);
				break;
			}
			int pb = in->lab[j] > 0 ? b->bb_of_blk[in->lab[j]] : -1;
			edge e = pb >= 0 ? find_edge(BASIC_BLOCK_FOR_FN(r->fun, pb), gb) : NULL;
			if (e && beyond_own_edge(r, in->ops[j], gb, e)) {
				r->mine[k] = 0;
				b->var.v[k].fallback = FB_EDGE_DEF;
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
}

/* The SSA name of value v for variable k: a definition's name, or for
 * an undefined value or a parameter's incoming value the default
 * definition, made here if this is its first use (as GCC does). */
static tree value_name(Raise *r, int k, int v)
{
	v = val_res(r->f, v);
	if (r->name[v])
		return r->name[v];
	/* only these have no definition of their own to be named at */
	invariant(undef_like(r, v) || r->f->val.v[v].kind == VARG);
	return get_or_create_ssa_default_def(r->fun, decl_of(r, k));
}

/* The operand of g that the lowering recorded as slot. */
static tree *op_slot(gimple *g, int slot)
{
	tree *p = gimple_op_ptr(g, (unsigned)slot);
	if (gimple_code(g) == GIMPLE_ASM)
		p = &TREE_VALUE(*p);
	return p;
}

typedef struct { tree from, to; } Repl;

static tree repl_cb(tree *tp, int *walk_subtrees, void *data)
{
	Repl *rp = (Repl *)data;
	if (*tp == rp->from)
		*tp = rp->to;
	if (*tp == rp->to || TYPE_P(*tp) || DECL_P(*tp) || TREE_CODE(*tp) == SSA_NAME ||
	    CONSTANT_CLASS_P(*tp))
		*walk_subtrees = 0;
	return NULL_TREE;
}

/* Every occurrence of decl in the operand at slot of g becomes name (a
 * statement reads a variable once, whatever its occurrences). */
static void replace_use(gimple *g, int slot, tree decl, tree name)
{
	tree *p = op_slot(g, slot);
	if (*p == decl) {
		*p = name;
		return;
	}
	Repl rp = { decl, name };
	walk_tree(p, repl_cb, &rp, NULL);
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
	for (int k = 0; k < b->var.n; k++) {
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
		tree dvar = target_for_debug_bind(decl);
		for (int j = 0; j < n; j++) {
			basic_block bb = BASIC_BLOCK_FOR_FN(r->fun, ord[2 * j]);
			gphi *phi = create_phi_node(decl, bb);
			gimple_set_uid(phi, (unsigned)ord[2 * j + 1]);
			r->name[f->ins.v[ord[2 * j + 1]].res] = gimple_phi_result(phi);
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
static tree in_set_cb(tree *tp, int *walk_subtrees, void *data)
{
	if (DECL_P(*tp) && pm_get((const PMap *)data, *tp, 0) >= 0)
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
	if (walk_tree(v, in_set_cb, &r->decls, NULL))
		gimple_debug_bind_reset_value(g);
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

/* 2. One block of the walk. */
static void raise_block(Raise *r, basic_block bb)
{
	Bridge *b = r->b;
	Fn *f = r->f;
	r->seen[bb->index] = 1;
	int kb = bb == ENTRY_BLOCK_PTR_FOR_FN(r->fun) ? 0
	         : bb->index < b->nbb ? b->blk_of_bb[bb->index] : -1;
	if (kb > 0) {
		int c = b->ins0[kb], end = b->ins0[kb + 1];
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			if (is_gimple_debug(g)) {
				debug_stmt(r, g);
				continue;
			}
			/* The statement's instructions: uses, operation, defs
			 * (g may be replaced on the way: a clobber). */
			for (gimple *orig = g; c < end && bridge_site_stmt(b, c) == orig; c++) {
				const Ins *in = &f->ins.v[c];
				int k;
				if (in->op == OLOAD && (k = r->kvar[in->ops[0]]) >= 0 && r->mine[k]) {
					replace_use(g, b->site[c].slot, decl_of(r, k),
					            value_name(r, k, in->res));
				} else if (in->op == OSTORE && (k = r->kvar[in->ops[1]]) >= 0 &&
				           r->mine[k]) {
					tree decl = decl_of(r, k);
					if (gimple_clobber_p(g)) {
						/* GCC drops the clobber of a register: from
						 * here the variable is undefined again. */
						gsi_replace(&gsi, gimple_build_nop(), true);
						g = gsi_stmt(gsi);
						b->clob[b->nclob] = g;
						b->clobvar[b->nclob++] = k;
						get_or_create_ssa_default_def(r->fun, decl);
						continue;
					}
					tree name = make_ssa_name(decl, g);
					*op_slot(g, b->site[c].slot) = name;
					r->name[in->ops[0]] = name;
					tree dvar = target_for_debug_bind(decl);
					if (dvar && !stmt_ends_bb_p(g))
						gsi_insert_after(&gsi,
						                 gimple_build_debug_bind(dvar, name, g),
						                 GSI_SAME_STMT);
				}
			}
		}
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
			add_phi_arg(phi, t, e, gimple_location(SSA_NAME_DEF_STMT(t)));
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

void bridge_dom_walk(struct function *fun, void (*fn)(void *, basic_block), void *arg)
{
	fn_walker(fn, arg).walk(ENTRY_BLOCK_PTR_FOR_FN(fun));
}

static void raise_cb(void *r, basic_block bb)
{
	raise_block((Raise *)r, bb);
}

/* Operands of every statement scanned; a renamed variable still named
 * by one (a statement the lowering did not record: a bug) is reported
 * and replaced, so that update_ssa never meets it. */
static int scan(Raise *r)
{
	int left = 0;
	basic_block bb;
	FOR_EACH_BB_FN(bb, r->fun) {
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			int before = left;
			update_stmt(g);
			use_operand_p u;
			def_operand_p d;
			ssa_op_iter it;
			int k;
			FOR_EACH_SSA_USE_OPERAND(u, g, it, SSA_OP_USE)
				if (DECL_P(USE_FROM_PTR(u)) &&
				    (k = pm_get(&r->decls, USE_FROM_PTR(u), 0)) >= 0) {
					SET_USE(u, get_or_create_ssa_default_def(r->fun, decl_of(r, k)));
					left++;
				}
			FOR_EACH_SSA_DEF_OPERAND(d, g, it, SSA_OP_DEF)
				if (DECL_P(DEF_FROM_PTR(d)) &&
				    (k = pm_get(&r->decls, DEF_FROM_PTR(d), 0)) >= 0) {
					SET_DEF(d, make_ssa_name(decl_of(r, k), g));
					left++;
				}
			if (left > before)
				bridge_note(r->b, "a renamed variable left at %s:%d",
				            gimple_filename(g) ? gimple_filename(g) : "?",
				            gimple_lineno(g));
		}
	}
	return left;
}

int bridge_rewrite(Bridge *b, struct function *fun, const Stats *st)
{
	Fn *f = b->fn;
	Raise r;
	memset(&r, 0, sizeof r);
	r.b = b;
	r.f = f;
	r.fun = fun;
	int nv = f->val.n, nk = b->var.n;
	r.kvar = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	r.owner = (int *)aalloc(f->a, (size_t)(nv + 1) * sizeof(int));
	memset(r.kvar, 0xff, (size_t)(nv + 1) * sizeof(int));
	memset(r.owner, 0xff, (size_t)(nv + 1) * sizeof(int));
	r.name = (tree *)aalloc(f->a, (size_t)(nv + 1) * sizeof(tree));
	r.mine = (char *)aalloc(f->a, (size_t)nk + 1);
	r.vs = (const VarStat **)aalloc(f->a, (size_t)(nk + 1) * sizeof *r.vs);
	r.seen = (char *)aalloc(f->a, (size_t)last_basic_block_for_fn(fun) + 1);
	r.special = (char *)aalloc(f->a, (size_t)last_basic_block_for_fn(fun) + 1);
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
	for (int k = 0; k < nk; k++) {
		const Ins *a = &f->ins.v[b->var.v[k].alloca];
		if (a->res >= 0)
			r.kvar[a->res] = k;
	}
	check(&r, st);
	pm_init(f->a, &r.decls, nk);
	for (int k = 0; k < nk; k++)
		if (r.mine[k])
			pm_put(&r.decls, b->var.v[k].decl, 0, k);

	int nclob = 0; /* at most the stores of undef (clobbers) */
	for (int i = 0; i < f->ins.n; i++)
		nclob += f->ins.v[i].op == OSTORE && f->ins.v[i].ops[0] == f->undef;
	b->clob = (void **)aalloc(f->a, (size_t)(nclob + 1) * sizeof(void *));
	b->clobvar = (int *)aalloc(f->a, (size_t)(nclob + 1) * sizeof(int));
	make_phis(&r);
	bridge_dom_walk(fun, raise_cb, &r);
	basic_block bb; /* blocks the walk does not reach (unreachable) */
	FOR_EACH_BB_FN(bb, fun)
		if (!r.seen[bb->index])
			raise_block(&r, bb);
	for (int i = 0; i < r.phis.n; i++)
		gimple_set_uid(r.phis.v[i], 0);
	b->phis_built = r.phis.n;
	b->rewritten = !scan(&r);
	return b->rewritten ? 0 : -1;
}
