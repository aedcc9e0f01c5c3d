/* rewrite.cc - rewrite mode: the pass that replaces GCC's "ssa".
 *
 * For each function it does what pass_build_ssa::execute does
 * (tree-into-ssa.cc), with the core in place of GCC's placement and
 * renaming:
 *   1. at -O1 and above execute_update_addresses_taken;
 *   2. init_ssa_operands (creates .MEM), dominators;
 *   3. with setjmp or nonlocal labels, PR 79432's fix-up: gimplifier SSA
 *      names whose definition does not dominate a use become variables;
  *   4. every statement's operands scanned (GCC's mark_def_sites);
 *      lower to the core IR, .MEM as one more variable, and promote
 *      (plugin.cc); write the core's phis and names back through the
 *      operand caches (ir-bridge/raise.cc);
 *   5. only when a register (or .MEM) is left to GCC (named in the
 *      records): update_ssa for it, and the SSA versions renumbered
 *      into GCC's order (also after step 3's names);
 *   6. GCC's finishing touches: gimplifier temporaries' names made
 *      anonymous, "fn spec" read-only parameters.
 * The decision of who renames what is per variable; nothing is handed
 * to GCC's own pass (it could not run after init_ssa_operands anyway).
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h"

#include <string.h>

/* ---------- 3. PR 79432 ---------- */

typedef struct Split {
	basic_block bb;   /* block of the statement walked */
	tree *var;        /* SSA version -> its new variable, or NULL */
	int nver;
	int n;            /* names to split */
} Split;

static tree find_cb(tree *tp, int *walk_subtrees, void *data)
{
	Split *s = (Split *)((walk_stmt_info *)data)->info;
	tree t = *tp;
	if (TREE_CODE(t) == SSA_NAME) {
		*walk_subtrees = 0;
		unsigned v = SSA_NAME_VERSION(t);
		if (SSA_NAME_IS_DEFAULT_DEF(t) || v >= (unsigned)s->nver || s->var[v])
			return NULL_TREE;
		basic_block d = gimple_bb(SSA_NAME_DEF_STMT(t));
		if (d && d != s->bb && !dominated_by_p(CDI_DOMINATORS, s->bb, d)) {
			s->var[v] = t; /* marked; the variable is made below */
			s->n++;
		}
	} else if (TYPE_P(t))
		*walk_subtrees = 0;
	return NULL_TREE;
}

static tree split_cb(tree *tp, int *walk_subtrees, void *data)
{
	Split *s = (Split *)((walk_stmt_info *)data)->info;
	if (TREE_CODE(*tp) == SSA_NAME) {
		*walk_subtrees = 0;
		unsigned v = SSA_NAME_VERSION(*tp);
		if (v < (unsigned)s->nver && s->var[v])
			*tp = s->var[v];
	} else if (TYPE_P(*tp))
		*walk_subtrees = 0;
	return NULL_TREE;
}

/* Walk every statement's operands with cb. */
static void walk_all(function *fun, walk_tree_fn cb, Split *s)
{
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		s->bb = bb;
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			walk_stmt_info wi;
			memset(&wi, 0, sizeof wi);
			wi.info = s;
			walk_gimple_op(gsi_stmt(gsi), cb, &wi);
		}
	}
}

/* The abnormal edges of setjmp and nonlocal gotos are added after
 * gimplification, so a gimplifier SSA name can be used where its
 * definition does not dominate.  GCC's insert_phi_nodes turns each such
 * name into a new temporary variable (in version order) and gives it
 * phis; here the same happens before lowering, so that the variable is
 * the core's like any other.  (The operand caches are still empty: the
 * statements are walked, where GCC follows immediate uses.) */
static int split_abnormal_names(function *fun)
{
	Split s;
	memset(&s, 0, sizeof s);
	s.nver = (int)num_ssa_names;
	s.var = XCNEWVEC(tree, s.nver + 1);
	walk_all(fun, find_cb, &s);
	if (s.n) {
		tree *names = XNEWVEC(tree, s.n);
		int k = 0;
		for (int v = 0; v < s.nver; v++)
			if (s.var[v]) {
				names[k++] = s.var[v];
				s.var[v] = create_tmp_reg(TREE_TYPE(s.var[v]));
			}
		walk_all(fun, split_cb, &s);
		for (int j = 0; j < k; j++)
			release_ssa_name(names[j]);
		XDELETEVEC(names);
	}
	XDELETEVEC(s.var);
	return s.n;
}

/* ---------- 6. as GCC's pass ends ---------- */

static void finish_like_gcc(function *fun)
{
	/* Gimplifier temporaries' names become anonymous, so that the
	 * temporaries can be removed as unused (TODO_remove_unused_locals). */
	unsigned i;
	tree name;
	FOR_EACH_SSA_NAME(i, name, fun) {
		if (SSA_NAME_IS_DEFAULT_DEF(name))
			continue;
		tree decl = SSA_NAME_VAR(name);
		if (decl && VAR_P(decl) && !VAR_DECL_IS_VIRTUAL_OPERAND(decl) && DECL_IGNORED_P(decl))
			SET_SSA_NAME_VAR_OR_IDENTIFIER(name, DECL_NAME(decl));
	}
	tree fnspec_tree = lookup_attribute("fn spec", TYPE_ATTRIBUTES(TREE_TYPE(fun->decl)));
	if (!fnspec_tree)
		return;
	attr_fnspec fnspec(TREE_VALUE(TREE_VALUE(fnspec_tree)));
	i = 0;
	for (tree arg = DECL_ARGUMENTS(fun->decl); arg; arg = DECL_CHAIN(arg), ++i) {
		if (!fnspec.arg_specified_p(i))
			break;
		if (fnspec.arg_readonly_p(i)) {
			tree def = ssa_default_def(fun, arg);
			if (def)
				SSA_NAME_POINTS_TO_READONLY_MEMORY(def) = 1;
		}
	}
}

/* ---------- SSA versions in GCC's order ---------- */

/* GCC's into-SSA makes names in this order: the phis' results
 * (variables by DECL_UID, .MEM among them, each one's blocks by index);
 * then along its dominator walk, per statement, the default definitions
 * its uses need first and its definitions (.MEM's first), and per
 * successor the default definitions its phi arguments need.  The
 * bridge made our names in that order, but update_ssa made .MEM's (and
 * a fallback variable's) after them.  Renumbering every name this pass
 * made into GCC's order gives the versions GCC's pass gives, which later
 * passes use to order operands and partitions.  The versions themselves
 * are the ones make_ssa_name handed out: first those of the names earlier
 * passes released (the free list, taken from its end), then new ones. */
typedef struct { void *stmt; int var; } Clob;

typedef struct Order {
	function *fun;
	const Bridge *b;
	Clob *clob;         /* b's dropped clobbers, by statement address */
	int nclob;
	unsigned *slot;     /* the versions this pass's names were given, in
	                       the order make_ssa_name hands them out: the
	                       free list's (last first), then fresh ones */
	int nslot;
	int *pos;           /* version -> index in slot, or -1 */
	unsigned next;      /* next rank (1-based) */
	unsigned *rank;     /* index in slot -> rank, 0 when not yet */
} Order;

static int by_stmt(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const Clob *)a)->stmt, y = (uintptr_t)((const Clob *)b)->stmt;
	return (x > y) - (x < y);
}

static void take(Order *o, tree t)
{
	if (!t || TREE_CODE(t) != SSA_NAME)
		return;
	unsigned v = SSA_NAME_VERSION(t);
	if (v < num_ssa_names && o->pos[v] >= 0 && !o->rank[o->pos[v]])
		o->rank[o->pos[v]] = ++o->next;
}

static void take_default(Order *o, tree t)
{
	if (t && TREE_CODE(t) == SSA_NAME && SSA_NAME_IS_DEFAULT_DEF(t))
		take(o, t);
}

static void order_block(Order *o, basic_block bb)
{
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *g = gsi_stmt(gsi);
		if (is_gimple_debug(g))
			continue;
		if (gimple_code(g) == GIMPLE_NOP && o->nclob) { /* a dropped clobber? */
			Clob key = { g, 0 };
			const Clob *c = (const Clob *)bsearch(&key, o->clob, (size_t)o->nclob,
			                                      sizeof *o->clob, by_stmt);
			if (c)
				take(o, ssa_default_def(o->fun, (tree)o->b->var.v[c->var].decl));
		}
		use_operand_p u;
		def_operand_p d;
		ssa_op_iter it;
		FOR_EACH_SSA_USE_OPERAND(u, g, it, SSA_OP_ALL_USES)
			take_default(o, USE_FROM_PTR(u));
		FOR_EACH_SSA_DEF_OPERAND(d, g, it, SSA_OP_ALL_DEFS)
			take(o, DEF_FROM_PTR(d));
	}
	edge e;
	edge_iterator ei;
	FOR_EACH_EDGE(e, ei, bb->succs)
		for (gphi_iterator pi = gsi_start_phis(e->dest); !gsi_end_p(pi); gsi_next(&pi))
			take_default(o, PHI_ARG_DEF_FROM_EDGE(pi.phi(), e));
}

static void order_cb(void *o, basic_block bb)
{
	order_block((Order *)o, bb);
}

typedef struct { unsigned uid; int bb; tree res; } PhiKey;

static int by_uid_bb(const void *a, const void *b)
{
	const PhiKey *x = (const PhiKey *)a, *y = (const PhiKey *)b;
	if (x->uid != y->uid)
		return x->uid < y->uid ? -1 : 1;
	return (x->bb > y->bb) - (x->bb < y->bb);
}

/* Versions on the free list when the pass starts (names released by
 * earlier passes): make_ssa_name takes them first, from the end. */
typedef struct {
	unsigned *v;
	int n;
	unsigned first;
	unsigned buf[32]; /* v when they fit: mostly none (a malloc and a
	                     free a function) */
} Versions;

static void versions_at_start(function *fun, Versions *vs)
{
	vec<tree, va_gc> *fl = fun->gimple_df->free_ssanames;
	vs->n = (int)vec_safe_length(fl);
	vs->v = vs->n <= 32 ? vs->buf : XNEWVEC(unsigned, vs->n);
	for (int i = 0; i < vs->n; i++)
		vs->v[i] = SSA_NAME_VERSION((*fl)[i]);
	vs->first = num_ssa_names;
}

/* Returns 0, or 1 when the versions were left alone (a released name
 * among ours: its number must stay free). */
static int number_like_gcc(function *fun, Bridge *b, const Versions *vs)
{
	Order o;
	memset(&o, 0, sizeof o);
	o.fun = fun;
	o.b = b;
	unsigned n = num_ssa_names;
	o.slot = XNEWVEC(unsigned, vs->n + (n > vs->first ? n - vs->first : 0) + 1);
	for (int i = vs->n - 1; i >= 0 && ssa_name(vs->v[i]); i--)
		o.slot[o.nslot++] = vs->v[i];
	for (unsigned v = vs->first; v < n; v++) {
		if (!ssa_name(v)) {
			XDELETEVEC(o.slot);
			return 1;
		}
		o.slot[o.nslot++] = v;
	}
	if (!o.nslot) {
		XDELETEVEC(o.slot);
		return 0;
	}
	o.pos = XNEWVEC(int, n + 1);
	memset(o.pos, 0xff, (n + 1) * sizeof(int));
	for (int i = 0; i < o.nslot; i++)
		o.pos[o.slot[i]] = i;
	o.rank = XCNEWVEC(unsigned, o.nslot);
	o.nclob = b->nclob;
	o.clob = XNEWVEC(Clob, o.nclob + 1);
	for (int j = 0; j < o.nclob; j++) {
		o.clob[j].stmt = b->clob[j];
		o.clob[j].var = b->clobvar[j];
	}
	qsort(o.clob, (size_t)o.nclob, sizeof *o.clob, by_stmt);
	int np = 0;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun)
		for (gphi_iterator pi = gsi_start_phis(bb); !gsi_end_p(pi); gsi_next(&pi))
			np++;
	PhiKey *ph = XNEWVEC(PhiKey, np + 1);
	np = 0;
	FOR_EACH_BB_FN(bb, fun)
		for (gphi_iterator pi = gsi_start_phis(bb); !gsi_end_p(pi); gsi_next(&pi)) {
			tree res = gimple_phi_result(pi.phi());
			tree var = SSA_NAME_VAR(res);
			ph[np].uid = var ? DECL_UID(var) : ~0u;
			ph[np].bb = bb->index;
			ph[np++].res = res;
		}
	qsort(ph, (size_t)np, sizeof *ph, by_uid_bb);
	for (int j = 0; j < np; j++)
		take(&o, ph[j].res);
	XDELETEVEC(ph);
	bridge_dom_walk(b, fun, order_cb, &o);
	for (int i = 0; i < o.nslot; i++) /* anything else: as it was */
		take(&o, ssa_name(o.slot[i]));
	tree *names = XNEWVEC(tree, o.nslot);
	for (int i = 0; i < o.nslot; i++)
		names[o.rank[i] - 1] = ssa_name(o.slot[i]);
	for (int k = 0; k < o.nslot; k++) {
		SSA_NAME_VERSION(names[k]) = o.slot[k];
		(*SSANAMES(fun))[o.slot[k]] = names[k];
	}
	XDELETEVEC(names);
	XDELETEVEC(o.rank);
	XDELETEVEC(o.pos);
	XDELETEVEC(o.slot);
	XDELETEVEC(o.clob);
	return 0;
}

/* ---------- verify: read the SSA form back ---------- */

/* With verify: the write-back's walk over the core's dominator tree
 * visits the blocks in the order of GCC's dom_walker (which also
 * visits EXIT: left out). */
typedef struct { int *v; int n; } Walk;

static void walk_cb(void *w, basic_block bb)
{
	Walk *x = (Walk *)w;
	if (bb != EXIT_BLOCK_PTR_FOR_FN(cfun))
		x->v[x->n++] = bb->index;
}

static void check_walk(function *fun, Bridge *b)
{
	int cap = n_basic_blocks_for_fn(fun) + 1;
	Walk c = { XNEWVEC(int, cap), 0 }, g = { XNEWVEC(int, cap), 0 };
	if (bridge_core_dom_walk(b, fun, walk_cb, &c)) {
		bridge_gcc_dom_walk(fun, walk_cb, &g);
		if (c.n != g.n || memcmp(c.v, g.v, (size_t)c.n * sizeof(int)))
			error_at(DECL_SOURCE_LOCATION(fun->decl),
				 "mem2reg: rewrite of %qs: the dominator walk over the core tree differs from GCC%'s",
				 function_name(fun));
	}
	XDELETEVEC(c.v);
	XDELETEVEC(g.v);
}

/* With verify: GCC's reader of its own SSA result (the bridge's, as in
 * analyze mode) must find each variable renamed here in SSA form with
 * phis in exactly the blocks where the core kept them. */
static void self_check(function *fun, Bridge *b, const Stats *st)
{
	Fn *f = b->fn;
	check_walk(fun, b);
	bridge_read_gcc(b, fun);
	int *var_of = (int *)aalloc(f->a, (size_t)(f->ins.n + 1) * sizeof(int));
	memset(var_of, 0xff, (size_t)(f->ins.n + 1) * sizeof(int));
	for (int k = 0; k < b->var.n; k++)
		var_of[b->var.v[k].alloca] = k;
	for (int s = 0; s < st->var.n; s++) {
		const VarStat *vs = &st->var.v[s];
		int k = var_of[vs->alloca];
		if (k < 0 || b->var.v[k].renamed != RN_CORE)
			continue;
		const BVar *bv = &b->var.v[k];
		int n = 0;
		int *kept = (int *)aalloc(f->a, (size_t)(vs->nphi + 1) * sizeof(int));
		for (int j = 0; vs->phiins && j < vs->nphi; j++)
			if (!(f->ins.v[vs->phiins[j]].flags & IDEAD))
				kept[n++] = f->ins.v[vs->phiins[j]].blk;
		qsort(kept, (size_t)n, sizeof(int), cmp_int);
		int same = bv->gcc_ssa && n == bv->gcc_nphi &&
		           (n == 0 || !memcmp(kept, bv->gcc_phiblk, (size_t)n * sizeof(int)));
		if (!same)
			error_at(DECL_SOURCE_LOCATION(fun->decl),
				 "mem2reg: rewrite of %qs: variable %qs has %d phis in the SSA form "
				 "built, but the core kept %d%s", function_name(fun), bridge_var_name(b, k),
				 bv->gcc_nphi, n, bv->gcc_ssa ? "" : " (and it is not in SSA form)");
	}
}

/* ---------- the pass ---------- */

static pass_data rewrite_data;

class pass_rewrite : public gimple_opt_pass {
public:
	pass_rewrite(gcc::context *c) : gimple_opt_pass(rewrite_data, c) {}
	bool gate(function *fun) final override { return m2r_gate_before_ssa(fun); }
	unsigned int execute(function *fun) final override;
};

unsigned int pass_rewrite::execute(function *fun)
{
	long long t0 = m2r_now();
	Versions vs; /* what the gimplifier and earlier passes left */
	versions_at_start(fun, &vs);
	if (optimize)
		execute_update_addresses_taken();
	init_ssa_operands(fun);
	calculate_dominance_info(CDI_DOMINATORS);
	int split = 0;
	if (fun->calls_setjmp || fun->has_nonlocal_label)
		split = split_abnormal_names(fun);
	/* Every statement's operands scanned once, as GCC's mark_def_sites
	 * does before renaming: the lowering reads them, and the
	 * write-back renames through them. */
	BScan scan;
	bridge_scan_operands(fun, &scan);
	long long t1 = m2r_now();
	Stats st;
	long long core_ns = 0;
	Bridge *b = m2r_lower_promote(fun, 1, &scan, &st, &core_ns);
	long long t2 = m2r_now();
	if (!b) /* bridge_lower: NULL only for a function without a CFG */
		die("rewrite pass: %s has no CFG, yet the pass requires PROP_cfg",
		    function_name(fun));
	bridge_rewrite(b, fun, &st);
	fun->gimple_df->in_ssa_p = true;
	/* What the core did not rename: update_ssa finds the bare decls in
	 * the operands.  The write-back made every name in GCC's order;
	 * update_ssa's and the split names' are renumbered into it. */
	int gcc_renames = b->vop_renamed != RN_CORE;
	for (int k = 0; k < b->var.n; k++)
		gcc_renames |= b->var.v[k].renamed == RN_GCC;
	if (b->vop_renamed == RN_CORE)
		fun->gimple_df->rename_vops = 0;
	if (gcc_renames)
		update_ssa(TODO_update_ssa);
	fun->gimple_df->ssa_renaming_needed = 0;
	fun->gimple_df->rename_vops = 0;
	if (m2r_args.verify)
		self_check(fun, b, &st);
	if ((gcc_renames || split) && number_like_gcc(fun, b, &vs))
		bridge_note(b, "SSA versions not renumbered: a released name among them");
	if (vs.v != vs.buf)
		XDELETEVEC(vs.v);
	finish_like_gcc(fun);
	long long t3 = m2r_now();
	if (FILE *d = out_dump_ir()) {
		fprintf(d, "\n;; GIMPLE in SSA form (rewrite mode)\n");
		dump_function_to_file(fun->decl, d, TDF_NONE);
	}
	m2r_report(fun, b, &st, core_ns, 0, (t1 - t0) + (t3 - t2));
	bridge_free(b);
	return 0;
}

opt_pass *m2r_rewrite_pass(gcc::context *ctx, const opt_pass *ssa)
{
	/* GCC's "ssa" itself: same properties, todo flags and timevar. */
	rewrite_data = *static_cast<const pass_data *>(ssa);
	rewrite_data.todo_flags_start &= ~TODO_mark_first_instance;
	return new pass_rewrite(ctx);
}
