/* lower-stmt.cc - one GIMPLE block into the core IR: each statement
 * becomes its uses, the operation and its defs (lower-operand.cc makes
 * them); a control statement at the end becomes the block's terminator,
 * else one is synthesized from the edges.  Before any of it, the
 * tables are reserved from an estimate of what lowering will make.
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "lower.h"

/* ---------- statements ---------- */

/* "resx" for GIMPLE_RESX */
static const char *code_name(gimple *g)
{
	const char *s = gimple_code_name[gimple_code(g)];
	return strncmp(s, "gimple_", 7) ? s : s + 7;
}

static tree unknown_cb(tree *tp, int *walk_subtrees, void *data)
{
	walk_stmt_info *wi = (walk_stmt_info *)data;
	L *l = (L *)wi->info;
	tree t = *tp;
	if (TYPE_P(t) || TREE_CODE(t) == SSA_NAME) {
		*walk_subtrees = 0;
		return NULL_TREE;
	}
	int k = DECL_P(t) ? var_of(l, t) : -1;
	if (k >= 0)
		push(l, vaddr(l, k));
	return NULL_TREE;
}

static void lower_unknown(L *l, gimple *g)
{
	walk_stmt_info wi;
	memset(&wi, 0, sizeof wi);
	wi.info = l;
	l->slot = -1;
	walk_gimple_op(g, unknown_cb, &wi);
	char t[96];
	snprintf(t, sizeof t, "unknown %s", code_name(g));
	emit_gen(l, OGEN, t, 0);
}

static void lower_assign(L *l, gassign *g)
{
	tree lhs = gimple_assign_lhs(g);
	int k = var_of(l, lhs);
	if (gimple_clobber_p(g)) {
		/* A clobber of the whole variable is a def (of undef) for
		 * GCC's phi placement; of a part: nothing. */
		l->slot = 0;
		if (k >= 0) {
			emit_store(l, k, l->f->undef);
		} else if (TREE_CODE(lhs) == MEM_REF &&
		           TREE_CODE(TREE_OPERAND(lhs, 0)) != ADDR_EXPR) {
			/* "*p ={v} {CLOBBER}" (C++ destructors) reads p */
			lower_use(l, TREE_OPERAND(lhs, 0));
			l->ops.n = 0;
		}
		return;
	}
	unsigned n = gimple_num_ops(g);
	for (unsigned i = 1; i < n; i++) {
		l->slot = (int)i;
		lower_use(l, gimple_op(g, i));
	}
	l->slot = 0;
	if (k < 0)
		lower_dest(l, lhs);
	tree rhs1 = gimple_assign_rhs1(g);
	tree_code rc = gimple_assign_rhs_code(g);
	if (k >= 0 && n == 2 && l->ops.n == 1 &&
	    (rc == SSA_NAME || rc == VAR_DECL || rc == PARM_DECL || rc == RESULT_DECL ||
	     CONSTANT_CLASS_P(rhs1))) {
		int v = l->ops.v[0];
		l->ops.n = 0;
		emit_store(l, k, v); /* a plain copy: clang stores the loaded value */
		return;
	}
	l->slot = -1;
	int i = emit_gen_code(l, OGEN, 0, GEN_ASSIGN | rc);
	if (k >= 0) {
		int r = fn_res(l->f, i, vtype(l, k), NULL);
		l->slot = 0;
		emit_store(l, k, r);
	}
}

static void lower_call(L *l, gcall *g)
{
	char t[160];
	tree fndecl = gimple_call_fndecl(g), named = NULL_TREE;
	if (gimple_call_internal_p(g))
		cat2(t, sizeof t, "call .", internal_fn_name(gimple_call_internal_fn(g)));
	else if (fndecl && DECL_NAME(fndecl))
		named = fndecl; /* emit_call names it */
	else {
		cat2(t, sizeof t, "call *", "");
		l->slot = 1;
		lower_use(l, gimple_call_fn(g));
	}
	l->slot = 2;
	lower_use(l, gimple_call_chain(g));
	for (unsigned a = 0; a < gimple_call_num_args(g); a++) {
		tree arg = gimple_call_arg(g, a);
		l->slot = (int)a + 3;
		if (arg && TREE_CODE(arg) == ADDR_EXPR)
			lower_addr(l, arg, 1);
		else
			lower_use(l, arg);
	}
	tree lhs = gimple_call_lhs(g);
	int k = lhs ? var_of(l, lhs) : -1;
	l->slot = 0;
	if (lhs && k < 0)
		lower_dest(l, lhs);
	l->slot = -1;
	int i = named ? emit_call(l, named) : emit_gen(l, OGEN, t, 0);
	if (k >= 0) {
		int r = fn_res(l->f, i, vtype(l, k), NULL);
		l->slot = 0;
		emit_store(l, k, r);
	}
}

/* A memory operand of an asm: its address is taken. */
static void asm_mem(L *l, tree op)
{
	tree base = get_base_address(op);
	int k = base && DECL_P(base) ? var_of(l, base) : -1;
	if (k >= 0)
		l->b->var.v[k].flags |= VF_ASM_MEM;
	if (TREE_CODE(op) == ADDR_EXPR)
		lower_addr(l, op, 0);
	else if ((k = var_of(l, op)) >= 0)
		emit_escape(l, k, "addr", "asm");
	else if (handled_component_p(op) || TREE_CODE(op) == MEM_REF ||
	         TREE_CODE(op) == TARGET_MEM_REF)
		lower_ref(l, op, M_ADDR, "addr");
	else
		lower_use(l, op);
}

static void lower_asm(L *l, gasm *g)
{
	unsigned ni = gimple_asm_ninputs(g), no = gimple_asm_noutputs(g);
	const char **oc = (const char **)aalloc(l->tmp, (no + 1) * sizeof *oc);
	int *defk = (int *)aalloc(l->tmp, (no + 1) * sizeof(int));
	bool *omem = (bool *)aalloc(l->tmp, no + 1);
	bool *inout = (bool *)aalloc(l->tmp, no + 1);
	for (unsigned i = 0; i < no; i++) {
		tree link = gimple_asm_output_op(g, i);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(link)));
		oc[i] = c;
		bool am = false, ar = false, io = false;
		parse_output_constraint(&c, (int)i, 0, 0, &am, &ar, &io);
		omem[i] = !ar && am;
		inout[i] = io;
	}
	for (unsigned i = 0; i < ni; i++) {
		tree link = gimple_asm_input_op(g, i);
		tree op = TREE_VALUE(link);
		const char *c = TREE_STRING_POINTER(TREE_VALUE(TREE_PURPOSE(link)));
		bool am = false, ar = false;
		parse_input_constraint(&c, 0, 0, (int)no, 0, oc, &am, &ar);
		l->slot = (int)(no + i); /* gimple_op: the outputs come first */
		if (!ar && am)
			asm_mem(l, op);
		else
			lower_use(l, op);
	}
	int ndef = 0;
	for (unsigned i = 0; i < no; i++) {
		tree op = TREE_VALUE(gimple_asm_output_op(g, i));
		l->slot = (int)i;
		defk[i] = -1;
		int k = var_of(l, op);
		if (omem[i])
			asm_mem(l, op);
		else if (k >= 0) {
			if (inout[i])
				push(l, emit_load(l, k));
			defk[i] = k;
			ndef++;
		} else
			lower_dest(l, op);
	}
	l->slot = -1;
	int i = emit_gen(l, OGEN, gimple_asm_volatile_p(g) ? "asm volatile" : "asm", 0);
	int first = 1;
	for (unsigned o = 0; o < no; o++) {
		int k = defk[o];
		if (k < 0)
			continue;
		int r;
		l->slot = -1;
		if (first && ndef == 1)
			r = fn_res(l->f, i, vtype(l, k), NULL);
		else {
			char t[48];
			snprintf(t, sizeof t, "asm output %u", o);
			r = fn_res(l->f, emit_gen(l, OGEN, t, 0), vtype(l, k), NULL);
		}
		first = 0;
		l->slot = (int)o;
		emit_store(l, k, r);
	}
}

/* Statements the core never sees: no access, no operation. */
static int nothing_to_lower(gimple *g)
{
	switch (gimple_code(g)) {
	case GIMPLE_DEBUG: case GIMPLE_LABEL: case GIMPLE_PREDICT: case GIMPLE_NOP:
		return 1;
	default:
		return 0;
	}
}

/* Statements that end a block with the edges as their meaning. */
static int is_control(gimple *g)
{
	switch (gimple_code(g)) {
	case GIMPLE_COND: case GIMPLE_SWITCH: case GIMPLE_GOTO: case GIMPLE_RETURN:
	case GIMPLE_RESX: case GIMPLE_EH_DISPATCH: case GIMPLE_TRANSACTION:
		return 1;
	default:
		return 0;
	}
}

/* The block's terminator: ctl is its control statement (its uses are
 * pending in l->ops) or NULL (synthesized). */
static void terminate(L *l, basic_block bb, gimple *ctl)
{
	edge e;
	edge_iterator ei;
	int nl = 0, nexit = 0;
	FOR_EACH_EDGE(e, ei, bb->succs) {
		if (e->dest == EXIT_BLOCK_PTR_FOR_FN(l->fun))
			nexit++;
		else
			nl++;
	}
	l->stmt = ctl;
	l->slot = -1;
	int i;
	if (ctl && gimple_code(ctl) == GIMPLE_RETURN && nl == 0) {
		tree rv = gimple_return_retval(as_a<greturn *>(ctl));
		int ty = rv && !l->lean ? lower_type(l, TREE_TYPE(rv)) : -1; /* printed only */
		i = ins(l, ORET, ty, l->ops.n > 0, 0);
		if (l->ops.n)
			l->f->ins.v[i].ops[0] = l->ops.v[0];
		if (l->ops.n > 1)
			bridge_note(l->b, "return with %d operands", l->ops.n);
		l->ops.n = 0;
		return;
	}
	if (l->lean && (ctl ? nl != 1 : nl > 1)) {
		/* LOWER_LEAN: the operation without operands or text (only
		 * printed): the core reads its labels */
		invariant(!l->ops.n);
		i = ins(l, OTERM, -1, 0, nl);
	} else if (ctl && (l->ops.n || nl != 1)) {
		if (gimple_code(ctl) == GIMPLE_COND) { /* its name is not needed */
			tree_code cc = gimple_cond_code(as_a<gcond *>(ctl));
			i = emit_gen_code(l, OTERM, nl, GEN_COND | cc);
		} else
			i = emit_gen(l, OTERM, code_name(ctl), nl);
	} else {
		l->ops.n = 0;
		if (nl == 1)
			i = ins(l, OBR, -1, 0, 1);
		else if (nl > 1)
			i = emit_gen(l, OTERM, "edges", nl);
		else if (nexit)
			i = ins(l, ORET, -1, 0, 0);
		else
			i = ins(l, OUNREACH, -1, 0, 0);
	}
	/* The labels straight into the instruction's: an array of their
	 * own was an arena allocation per block, a tenth of a small
	 * function's allocations. */
	int *lab = l->f->ins.v[i].lab, j = 0;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->dest != EXIT_BLOCK_PTR_FOR_FN(l->fun))
			lab[j++] = l->b->blk_of_bb[e->dest->index];
	invariant(j == nl);
}

static void lower_stmt(L *l, gimple *g, int last)
{
	l->stmt = g;
	l->slot = -1;
	l->ops.n = 0;
	if (nothing_to_lower(g))
		return;
	l->b->nstmt++;
	emit_vops(l, g);
	switch (gimple_code(g)) {
	case GIMPLE_ASSIGN:
		lower_assign(l, as_a<gassign *>(g));
		return;
	case GIMPLE_CALL:
		lower_call(l, as_a<gcall *>(g));
		return;
	case GIMPLE_ASM:
		lower_asm(l, as_a<gasm *>(g));
		return;
	case GIMPLE_COND:
		l->slot = 0;
		lower_use(l, gimple_cond_lhs(g));
		l->slot = 1;
		lower_use(l, gimple_cond_rhs(g));
		break;
	case GIMPLE_SWITCH:
		l->slot = 0;
		lower_use(l, gimple_switch_index(as_a<gswitch *>(g)));
		break;
	case GIMPLE_GOTO:
		l->slot = 0;
		lower_use(l, gimple_goto_dest(g));
		break;
	case GIMPLE_RETURN:
		l->slot = 0;
		lower_use(l, gimple_return_retval(as_a<greturn *>(g)));
		break;
	case GIMPLE_RESX: case GIMPLE_EH_DISPATCH: case GIMPLE_TRANSACTION:
		break;
	case GIMPLE_EH_MUST_NOT_THROW:
		emit_gen(l, OGEN, "eh_must_not_throw", 0);
		return;
	default:
		lower_unknown(l, g);
		return;
	}
	/* A control statement: its uses are pending; the terminator uses
	 * them when it ends the block, else (never seen) a generic op. */
	if (!last) {
		char t[80];
		snprintf(t, sizeof t, "%s", code_name(g));
		l->slot = -1;
		emit_gen(l, OGEN, t, 0);
	}
}

/* LOWER_LEAN: statement g as GCC's renamer sees it, through its operand
 * cache (scanned before lowering, as mark_def_sites reads it): .MEM's
 * load and store, a load per use of a variable, a store per definition;
 * a clobber of a variable stores undef (GCC counts it as a def).  The
 * order is the cache's, uses before definitions, so that each load
 * reaches the definitions before the statement.  Only GIMPLE registers
 * are in the cache: in rewrite mode they are the only variables the
 * core may promote (make_vars pins the others). */
static void lower_stmt_lean(L *l, gimple *g)
{
	l->stmt = g;
	if (nothing_to_lower(g))
		return;
	l->b->nstmt++;
	emit_vops(l, g);
	use_operand_p u;
	def_operand_p d;
	ssa_op_iter it;
	int k;
	l->slot = -1;
	FOR_EACH_SSA_USE_OPERAND(u, g, it, SSA_OP_USE)
		if ((k = var_of(l, USE_FROM_PTR(u))) >= 0) {
			emit_load(l, k);
			note_opnd(l, u, l->f->ins.n - 1);
		}
	l->slot = 0;
	if (gimple_clobber_p(g)) {
		if ((k = var_of(l, gimple_assign_lhs(g))) >= 0) {
			emit_store(l, k, l->f->undef);
			note_opnd(l, NULL, l->f->ins.n - 1);
		}
		return;
	}
	if (is_gimple_assign(g) || is_gimple_call(g)) {
		/* The def iterator's one operand here, the lhs, which it
		 * yields when is_gimple_reg: for a variable of ours that is
		 * VF_GCC_REG, asked once a variable by make_vars rather than
		 * once a statement (a tenth of a small function's lowering) */
		tree *lhs = gimple_op_ptr(g, 0);
		if (*lhs && (k = var_of(l, *lhs)) >= 0 && (l->b->var.v[k].flags & VF_GCC_REG)) {
			emit_store(l, k, -1); /* its own definition */
			note_opnd(l, (def_operand_p)lhs, l->f->ins.n - 1);
		}
		return;
	}
	FOR_EACH_SSA_DEF_OPERAND(d, g, it, SSA_OP_DEF)
		if ((k = var_of(l, DEF_FROM_PTR(d))) >= 0) {
			emit_store(l, k, -1); /* its own definition */
			note_opnd(l, d, l->f->ins.n - 1);
		}
}

/* LOWER_REWRITE: operand p of statement g (a use of variable k, or a
 * definition: slot nk + k) at its first load or store not yet bound. */
static void bind(L *l, gimple *g, int slot, void *p, int c0)
{
	int c = l->first[slot], nk = l->b->var.n;
	if (c >= 0) {
		l->first[slot] = l->next.v[c - c0];
		note_opnd(l, p, c);
		return;
	}
	BVar *bv = &l->b->var.v[slot % nk];
	bv->flags |= VF_UNBOUND;
	if (!l->b->unbound++)
		bridge_note(l->b, "lowering: no %s of %s for its operand at %s:%d",
		            slot < nk ? "load" : "store", bridge_var_name(l->b, slot % nk),
		            stmt_file(g), gimple_lineno(g));
}

/* LOWER_REWRITE: the chain slot of instruction in: nk + k for a store
 * into variable k, k for a load of it, -1 for anything else. */
static int access_slot(const L *l, const Ins *in)
{
	int st = in->op == OSTORE, nk = l->b->var.n;
	if (in->op != OLOAD && !st)
		return -1;
	int k = in->ops[st] - l->va0;
	return k >= 0 && k < nk ? st * nk + k : -1;
}

/* LOWER_REWRITE: the operands of statement g in its cache after .MEM's,
 * each with the load or store of its variable the lowering made for it
 * among g's instructions (from c0): the trees' order, not the cache's,
 * so a use takes the first load of its variable not yet bound, a
 * definition the first store, through chains by variable (linear in
 * g's instructions).  The same operands as lower_stmt_lean's; one with
 * neither (a bug) leaves its variable to GCC (VF_UNBOUND). */
static void bind_operands(L *l, gimple *g, int c0)
{
	Fn *f = l->f;
	int c1 = f->ins.n, nk = l->b->var.n, k;
	if (c1 == c0 || !nk)
		return;
	if (!l->first) {
		l->first = (int *)aalloc_raw(l->tmp, 2 * (size_t)nk * sizeof(int));
		memset(l->first, 0xff, 2 * (size_t)nk * sizeof(int));
	}
	vreserve(l->tmp, l->next, c1 - c0);
	for (int c = c1 - 1; c >= c0; c--) { /* the chains, first at the head */
		int s = access_slot(l, &f->ins.v[c]);
		if (s >= 0) {
			l->next.v[c - c0] = l->first[s];
			l->first[s] = c;
		}
	}
	use_operand_p u;
	def_operand_p d;
	ssa_op_iter it;
	FOR_EACH_SSA_USE_OPERAND(u, g, it, SSA_OP_USE)
		if ((k = var_of(l, USE_FROM_PTR(u))) >= 0)
			bind(l, g, k, u, c0);
	if (gimple_clobber_p(g)) {
		if ((k = var_of(l, gimple_assign_lhs(g))) >= 0)
			bind(l, g, nk + k, NULL, c0);
	} else {
		FOR_EACH_SSA_DEF_OPERAND(d, g, it, SSA_OP_DEF)
			if ((k = var_of(l, DEF_FROM_PTR(d))) >= 0)
				bind(l, g, nk + k, d, c0);
	}
	for (int c = c0; c < c1; c++) { /* the chains' heads back to -1 */
		int s = access_slot(l, &f->ins.v[c]);
		if (s >= 0)
			l->first[s] = -1;
	}
}

void lower_block(L *l, basic_block bb)
{
	gimple_stmt_iterator lg = gsi_last_nondebug_bb(bb);
	gimple *last = gsi_end_p(lg) ? NULL : gsi_stmt(lg);
	gimple *ctl = NULL;
	for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
		gimple *g = gsi_stmt(gsi);
		int islast = g == last && is_control(g);
		if (l->b->rewrite && gimple_debug_bind_p(g) && gimple_debug_bind_has_value_p(g))
			vpush(l->f->a, l->dbind, (void *)g); /* Bridge.dbind */
		if (l->lean) {
			lower_stmt_lean(l, g);
		} else {
			int c0 = l->f->ins.n;
			lower_stmt(l, g, islast);
			if (l->b->rewrite)
				bind_operands(l, g, c0);
		}
		if (islast)
			ctl = g;
		else
			l->ops.n = 0;
	}
	terminate(l, bb, ctl);
	l->stmt = NULL;
}

/* ---------- the tables lowering will fill ---------- */

void bridge_scan_operands(struct function *fun, BScan *scan)
{
	/* The cache's operands (lower_stmt_lean): a load per use of a
	 * variable, a store per definition (at most the lhs), .MEM's load
	 * and store.  Counting them costs some 60 instructions a statement
	 * (2 % of the pass on a long block); the tables they size have 1
	 * to 8 % of room unused, where 8 entries a block left a third of
	 * c-torture's unused and were copied as they grew in long blocks:
	 * memory is a goal of rewrite mode (doc/performance.md). */
	long ns = 0, na = 0, nj = 0;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		nj += EDGE_COUNT(bb->preds) > 1;
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			update_stmt(g);
			if (nothing_to_lower(g) || !gimple_has_ops(g))
				continue;
			/* .MEM's use is the use list's first (op_iter_init) */
			int vu = gimple_vuse(g) != NULL_TREE;
			long n = vu + (gimple_vdef(g) != NULL_TREE);
			use_optype_p u = gimple_use_ops(g);
			for (u = u && vu ? u->next : u; u; u = u->next)
				n += TREE_CODE(USE_OP(u)) != SSA_NAME; /* the gimplifier's */
			if (is_gimple_assign(g) || is_gimple_call(g)) {
				tree lhs = gimple_op(g, 0);
				n += lhs && DECL_P(lhs) && !is_global_var(lhs);
			} else if (gimple_code(g) == GIMPLE_ASM) {
				n += gimple_asm_noutputs(as_a<gasm *>(g));
			}
			ns += n > 0;
			na += n;
		}
	}
	scan->njoin = (int)nj;
	scan->nopstmt = ns > INT_MAX / 4 ? INT_MAX / 4 : (int)ns;
	scan->nacc = na > INT_MAX / 4 ? INT_MAX / 4 : (int)na;
}

/* What an operand of a statement may lower to, by tree code alone (a
 * look-up of the variable per operand cost as much as the estimate
 * saves): *ni instructions (a load, store or escape of a local variable,
 * or of one under a reference or an address) and *nv values (their
 * results, a constant's, a global's; an SSA name's are counted once
 * for all, from num_ssa_names). */
static void operand_cost(tree t, long *ni, long *nv)
{
	if (!t)
		return;
	switch (TREE_CODE(t)) {
	case SSA_NAME: case LABEL_DECL:
		return;
	case INTEGER_CST: case REAL_CST: case STRING_CST: case FUNCTION_DECL:
		*nv += 1;
		return;
	case VAR_DECL:
		*nv += 1;
		*ni += !is_global_var(t);
		return;
	case PARM_DECL: case RESULT_DECL:
		*nv += 1;
		*ni += 1;
		return;
	case ADDR_EXPR: { /* of a global, a function, a constant: a value */
		tree o = TREE_OPERAND(t, 0);
		*nv += 1;
		*ni += !(TREE_CODE(o) == FUNCTION_DECL || TREE_CODE(o) == LABEL_DECL ||
		         CONSTANT_CLASS_P(o) || (VAR_P(o) && is_global_var(o)));
		return;
	}
	default:
		/* a reference: the escape of a variable at its base, or a
		 * pointer's value; and the loads of the variables indexing it */
		*nv += 1;
		*ni += !CONSTANT_CLASS_P(t);
		for (; handled_component_p(t); t = TREE_OPERAND(t, 0))
			if (TREE_CODE(t) == ARRAY_REF || TREE_CODE(t) == ARRAY_RANGE_REF) {
				tree x = TREE_OPERAND(t, 1);
				if (VAR_P(x) ? !is_global_var(x) : TREE_CODE(x) == PARM_DECL) {
					*ni += 1;
					*nv += 1;
				}
			}
		return;
	}
}

/* Room for the instructions, values and statements lowering will
 * make, estimated from the GIMPLE (a statement: its operation and its
 * operands' accesses, operand_cost; a block: its terminator): grown by
 * doubling, the tables of a large function were copied a dozen times, a
 * fifth of the lowering, and the copies left behind were memory too.
 * A short estimate means a copy (and, for a small function, memory
 * nobody uses in the copy left behind); a long one is memory nobody
 * uses either: a table's room over the instructions made was a third
 * of a small function's IR, when every operand counted.
 * A large function (more than LARGE_FN variables and SSA names) takes
 * a cheaper estimate, an instruction and a value per statement and per
 * variable operand: the exact one cost a twentieth of the lowering of
 * temps (35,000 statements), and the room the cheap one leaves over
 * (8 bytes an instruction of temps' IR, when measured) matters less in a
 * large function than in a small one, where the constants, copies and
 * callees it counts were a third of the IR.  A reference's loads it
 * misses only cost a table's growth. */
enum { LARGE_FN = 2048 };

void reserve_tables(L *l, int nvar, int nparam, const BScan *scan)
{
	Fn *f = l->f;
	/* The entry: its branch, an alloca (and its address) per variable,
	 * an argument and its store per parameter; the SSA names. */
	long ni = 1 + (long)nvar + nparam, nv = 2 + (long)nvar + nparam + (l->lean ? 0 : l->nssa);
	long ns = 0;
	if (l->lean) {
		/* LOWER_LEAN: the operand scan's counts (no walk of our
		 * own: it cost a tenth of the lean lowering), a terminator
		 * a block, and a phi a join for the core (0.4 a block on
		 * deep, whose table grew past HUGE_CHUNK by its first phi
		 * and was copied: 3 % of the pass).  A table that grows
		 * from there is reallocated (a copy: a twentieth of the
		 * pass on 10,000 statements in one block). */
		invariant(scan); /* rewrite mode scans before lowering */
		long nb = n_basic_blocks_for_fn(l->fun);
		long na = (long)scan->nacc + scan->njoin, nst = scan->nopstmt;
		ni += na + nb;
		nv += na;
		vreserve_exact(f->a, f->ins, f->ins.n + (int)ni);
		vreserve_exact(f->a, f->val, f->val.n + (int)nv);
		vreserve_exact(f->a, l->opnd, l->opnd.n + (int)na);
		vreserve_exact(f->a, l->stmts, l->stmts.n + (int)nst);
		return;
	}
	int cheap = nvar + l->nssa > LARGE_FN;
	int nltext = 0; /* the terminators with labels and a template */
	basic_block bb;
	FOR_EACH_BB_FN(bb, l->fun) {
		gimple *last = last_stmt(bb);
		if (!last || !is_ctrl_stmt(last))
			ni += 1; /* the branch the bridge adds */
		if (EDGE_COUNT(bb->succs) > 1 ||
		    (last && is_ctrl_stmt(last) && gimple_code(last) != GIMPLE_RETURN))
			nltext++;
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			if (nothing_to_lower(g))
				continue;
			/* its operation (or a clobber's store) */
			ns += 1;
			ni += 1;
			if (l->b->rewrite) /* .MEM's load and store */
				ni += (gimple_vuse(g) != NULL_TREE) + (gimple_vdef(g) != NULL_TREE);
			unsigned no = gimple_num_ops(g);
			if (cheap) {
				for (unsigned k = 0; k < no; k++) {
					tree t = gimple_op(g, k);
					ni += t && (TREE_CODE(t) == VAR_DECL || TREE_CODE(t) == PARM_DECL);
				}
				continue;
			}
			if (gimple_clobber_p(g))
				continue;
			/* rewrite mode: the value a store into a variable defines */
			if (l->b->rewrite && no && gimple_has_lhs(g) && DECL_P(gimple_op(g, 0)))
				nv += 1;
			tree *op = no ? gimple_ops(g) : NULL;
			/* a call's callee is in its template, not an operand */
			unsigned callee = is_gimple_call(g) && gimple_call_fndecl(g) ? 1 : no;
			for (unsigned k = 0; k < no; k++)
				if (k != callee)
					operand_cost(op[k], &ni, &nv);
			/* a copy into a variable is its store alone (lower_assign):
			 * no operation, no result */
			tree_code rc = is_gimple_assign(g) ? gimple_assign_rhs_code(g) : ERROR_MARK;
			if (no == 2 && rc != ERROR_MARK &&
			    (VAR_P(op[0]) ? !is_global_var(op[0]) : DECL_P(op[0])) &&
			    (rc == SSA_NAME || rc == VAR_DECL || rc == PARM_DECL ||
			     rc == RESULT_DECL || CONSTANT_CLASS_P(op[1]))) {
				ni -= 1;
				nv -= 1;
			}
		}
	}
	if (cheap)
		nv += ni; /* a result per instruction, at most */
	if (ni > INT_MAX / 4 || nv > INT_MAX / 4)
		return; /* absurd: let doubling fail loudly if it must */
	/* No room for the phis the core adds: the two tables have chunks
	 * of their own (fn_new), in which a small one grows without a
	 * copy, a large one by realloc or mremap.  The room reserved here
	 * before (4 a join, up to an eighth of the instructions) was 9
	 * bytes an instruction of c-torture's IR, where phis are a
	 * sixtieth of the instructions at -O0. */
	vreserve_exact(f->a, f->ins, f->ins.n + (int)ni);
	vreserve_exact(f->a, f->val, f->val.n + (int)nv);
	/* The sites are the lowering's instructions only: no phi has one
	 * (a little room for a short estimate). */
	vreserve_exact(f->a, l->site, l->site.n + (int)(ni + 2 + ni / 32));
	vreserve_exact(f->a, l->stmts, l->stmts.n + (int)ns);
	vreserve_exact(f->a, f->ltext, f->ltext.n + nltext);
}
