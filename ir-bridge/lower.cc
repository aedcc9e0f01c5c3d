/* lower.cc - bridge_lower(): GIMPLE (CFG, before "ssa") -> core IR.
 *
 * Every local variable becomes an alloca in the core's entry block;
 * every statement becomes, in order: its uses (loads of whole variables,
 * escapes of variables accessed in part or by address), the operation
 * (a generic instruction, or the block's terminator), and its defs
 * (stores into whole variables).  See README in this folder.
 *
 * C++ in plain C style: no exceptions, RTTI, templates or STL.
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include <time.h>
#include <stdarg.h>

#include "bridge-int.h"

typedef VEC(int) IntVec;
typedef VEC(BSite) SiteVec;

/* Lowering state for one function. */
typedef struct L {
	Bridge *b;
	Fn *f;
	struct function *fun;
	PMap decl;        /* decl -> variable index */
	int *vtype;       /* variable -> core type of its decl */
	int *vaddr;       /* variable -> alloca result value */
	int *ssa;         /* SSA_NAME_VERSION -> opaque value, -1 */
	int nssa;
	int blk;          /* current core block */
	gimple *stmt;     /* current statement (NULL: the bridge's own) */
	int slot;         /* current operand slot */
	IntVec ops;       /* operands of the operation being built */
	SiteVec site;
	int tptr;         /* the core type "ptr" */
	int nunknown;     /* locals met that are in no list */
} L;

void bridge_note(Bridge *b, const char *fmt, ...)
{
	size_t n = strlen(b->err);
	if (n + 4 >= sizeof b->err)
		return;
	if (n) {
		strcpy(b->err + n, "; ");
		n += 2;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(b->err + n, sizeof b->err - n, fmt, ap);
	va_end(ap);
}

/* ---------- core helpers ---------- */

static int ins(L *l, int op, int type, int nop, int nlab)
{
	int i = fn_ins(l->f, l->blk, op, type, nop, nlab);
	BSite s;
	s.stmt = l->stmt;
	s.slot = l->stmt ? l->slot : 0;
	vpush(l->f->a, l->site, s);
	gcc_checking_assert(l->site.n == l->f->ins.n);
	return i;
}

/* A generic operation (or terminator) with text "<what>" followed by
 * one T_VAL per operand; the operands are the pending list l->ops. */
static int gen(L *l, int op, const char *what, int nlab)
{
	size_t wl = strlen(what);
	int nop = l->ops.n;
	char *t = (char *)aalloc(l->f->a, wl + (size_t)nop * 3 + (size_t)nlab * 3 + 4);
	memcpy(t, what, wl);
	size_t p = wl;
	for (int k = 0; k < nop; k++) {
		t[p++] = k ? ',' : ' ';
		if (k)
			t[p++] = ' ';
		t[p++] = T_VAL;
	}
	if (nlab) {
		t[p++] = ' ';
		t[p++] = '[';
		for (int k = 0; k < nlab; k++) {
			if (k)
				t[p++] = ' ';
			t[p++] = T_LAB;
		}
		t[p++] = ']';
	}
	t[p] = 0;
	int i = ins(l, op, -1, nop, nlab);
	Ins *in = &l->f->ins.v[i];
	memcpy(in->ops, l->ops.v, (size_t)nop * sizeof(int));
	in->text = t;
	l->ops.n = 0;
	return i;
}

static void push(L *l, int v)
{
	if (v >= 0)
		vpush(l->f->a, l->ops, v);
}

/* ---------- types and values ---------- */

static int type_text(tree t, char *buf, size_t n, int depth)
{
	if (!t || depth > 4)
		return snprintf(buf, n, "?");
	switch (TREE_CODE(t)) {
	case VOID_TYPE:
		return snprintf(buf, n, "void");
	case INTEGER_TYPE: case ENUMERAL_TYPE: case BOOLEAN_TYPE: case OFFSET_TYPE:
		return snprintf(buf, n, "i%d", (int)TYPE_PRECISION(t));
	case POINTER_TYPE: case REFERENCE_TYPE: case NULLPTR_TYPE:
		return snprintf(buf, n, "ptr");
	case REAL_TYPE:
		switch (TYPE_PRECISION(t)) {
		case 32: return snprintf(buf, n, "float");
		case 64: return snprintf(buf, n, "double");
		case 80: return snprintf(buf, n, "x86_fp80");
		case 128: return snprintf(buf, n, "fp128");
		default: return snprintf(buf, n, "f%d", (int)TYPE_PRECISION(t));
		}
	case COMPLEX_TYPE: {
		char e[64];
		type_text(TREE_TYPE(t), e, sizeof e, depth + 1);
		return snprintf(buf, n, "{ %s, %s }", e, e);
	}
	case VECTOR_TYPE: {
		char e[64];
		type_text(TREE_TYPE(t), e, sizeof e, depth + 1);
		poly_uint64 nu = TYPE_VECTOR_SUBPARTS(t);
		if (nu.is_constant())
			return snprintf(buf, n, "<%llu x %s>",
			                (unsigned long long)nu.to_constant(), e);
		return snprintf(buf, n, "<vscale x %s>", e);
	}
	default:
		if (TYPE_SIZE_UNIT(t) && tree_fits_uhwi_p(TYPE_SIZE_UNIT(t)))
			return snprintf(buf, n, "[%llu x i8]",
			                (unsigned long long)tree_to_uhwi(TYPE_SIZE_UNIT(t)));
		return snprintf(buf, n, "%%opaque");
	}
}

static int core_type(L *l, tree t)
{
	char buf[160];
	int k = type_text(t, buf, sizeof buf, 0);
	if (k < 0)
		k = 0;
	if ((size_t)k >= sizeof buf)
		k = sizeof buf - 1;
	return fn_type(l->f, buf, (size_t)k);
}

static int var_of(L *l, tree t)
{
	return pm_get(&l->decl, t, 0);
}

static int ssa_val(L *l, tree t)
{
	unsigned v = SSA_NAME_VERSION(t);
	if (v < (unsigned)l->nssa && l->ssa[v] >= 0)
		return l->ssa[v];
	char buf[128];
	tree id = SSA_NAME_IDENTIFIER(t);
	if (id)
		snprintf(buf, sizeof buf, "%s_%u", IDENTIFIER_POINTER(id), v);
	else
		snprintf(buf, sizeof buf, "_%u", v);
	int x = fn_val(l->f, VOPAQUE, -1, buf);
	if (v < (unsigned)l->nssa)
		l->ssa[v] = x;
	return x;
}

static int constant(L *l, tree t)
{
	char buf[WIDE_INT_PRINT_BUFFER_SIZE + 8];
	const char *s = "const";
	if (TREE_CODE(t) == INTEGER_CST) {
		if (wi::min_precision(wi::to_wide(t), TYPE_SIGN(TREE_TYPE(t))) <= 64) {
			print_dec(wi::to_wide(t), buf, TYPE_SIGN(TREE_TYPE(t)));
			s = buf;
		} else
			s = "bigint";
	} else if (TREE_CODE(t) == REAL_CST)
		s = "fpconst";
	else if (TREE_CODE(t) == STRING_CST)
		s = "str";
	return fn_const(l->f, -1, s);
}

/* A decl that is not one of the variables: a global, a function, a
 * label, another function's local... */
static int opaque_decl(L *l, tree t)
{
	char buf[160];
	if (VAR_P(t) && !is_global_var(t) && DECL_CONTEXT(t) == l->fun->decl) {
		if (!l->nunknown++)
			bridge_note(l->b, "local %s (uid %u) is in no list",
			            DECL_NAME(t) ? IDENTIFIER_POINTER(DECL_NAME(t)) : "D",
			            DECL_UID(t));
	}
	if (DECL_NAME(t))
		snprintf(buf, sizeof buf, "@%s", IDENTIFIER_POINTER(DECL_NAME(t)));
	else
		snprintf(buf, sizeof buf, "@D.%u", DECL_UID(t));
	return fn_val(l->f, VOPAQUE, -1, buf);
}

/* ---------- accesses ---------- */

static int load(L *l, int k)
{
	int i = ins(l, OLOAD, l->vtype[k], 1, 0);
	Ins *in = &l->f->ins.v[i];
	in->ops[0] = l->vaddr[k];
	if (l->b->var.v[k].flags & VF_VOLATILE)
		in->flags |= IVOLATILE;
	return fn_res(l->f, i, l->vtype[k], NULL);
}

static void store(L *l, int k, int v)
{
	if (l->b->rewrite && v != l->f->undef && l->stmt) {
		/* The SSA name this statement will define (Bridge.rewrite);
		 * the value computed stays the statement's own. */
		char nm[48];
		snprintf(nm, sizeof nm, "def.%d", l->f->ins.n);
		v = fn_val(l->f, VDEF, l->vtype[k], astrndup(l->f->a, nm, strlen(nm)));
		l->f->val.v[v].ins = l->f->ins.n; /* the store made next */
	}
	int i = ins(l, OSTORE, l->vtype[k], 2, 0);
	Ins *in = &l->f->ins.v[i];
	in->ops[0] = v;
	in->ops[1] = l->vaddr[k];
	if (l->b->var.v[k].flags & VF_VOLATILE)
		in->flags |= IVOLATILE;
}

/* The escape of variable k: "partial <what>" or "addr <what>" with the
 * alloca as operand; its result (a pointer) goes to the pending list. */
static void escape(L *l, int k, const char *kind, const char *what)
{
	IntVec save = l->ops;
	l->ops.v = NULL;
	l->ops.n = l->ops.cap = 0;
	push(l, l->vaddr[k]);
	char t[96];
	snprintf(t, sizeof t, "%s%s%s", kind, *what ? " " : "", what);
	int i = gen(l, OGEN, t, 0);
	int r = fn_res(l->f, i, l->tptr, NULL);
	l->ops = save;
	push(l, r);
}

static void use(L *l, tree t);

enum { M_READ, M_WRITE, M_ADDR };

/* "resx" for GIMPLE_RESX */
static const char *code_name(gimple *g)
{
	const char *s = gimple_code_name[gimple_code(g)];
	return strncmp(s, "gimple_", 7) ? s : s + 7;
}

static int reg_extract(tree_code c)
{
	return c == REALPART_EXPR || c == IMAGPART_EXPR || c == BIT_FIELD_REF ||
	       c == VIEW_CONVERT_EXPR;
}

/* An element of a register (a vector through VIEW_CONVERT_EXPR) at a
 * constant index: GCC reads it from the SSA value, in range or not
 * (strip_invariant_refs in non_rewritable_mem_ref_base), as clang reads
 * it with extractelement. */
static int invariant_index(tree t)
{
	return is_gimple_constant(TREE_OPERAND(t, 1)) && !TREE_OPERAND(t, 2) &&
	       !TREE_OPERAND(t, 3);
}

/* A memory reference t (handled component, MEM_REF, TARGET_MEM_REF) read,
 * written or whose address is taken.  Pushes the uses inside it (array
 * indexes, pointers) and the escape of a variable at its base. */
static void ref(L *l, tree t, int mode, const char *prefix)
{
	tree base = t;
	int extract_only = 1;
	while (base) {
		tree_code c = TREE_CODE(base);
		int extract = reg_extract(c);
		if (c == COMPONENT_REF) {
			use(l, TREE_OPERAND(base, 2));
		} else if (c == ARRAY_REF || c == ARRAY_RANGE_REF) {
			use(l, TREE_OPERAND(base, 1));
			use(l, TREE_OPERAND(base, 2));
			use(l, TREE_OPERAND(base, 3));
			extract = invariant_index(base);
		} else if (c == MEM_REF || c == TARGET_MEM_REF) {
			tree p = TREE_OPERAND(base, 0);
			if (c == TARGET_MEM_REF) {
				use(l, TMR_INDEX(base));
				use(l, TMR_INDEX2(base));
			}
			int k;
			if (p && TREE_CODE(p) == ADDR_EXPR &&
			    (k = var_of(l, TREE_OPERAND(p, 0))) >= 0) {
				escape(l, k, mode == M_ADDR ? "addr" : "partial",
				       get_tree_code_name(TREE_CODE(t)));
			} else
				use(l, p);
			return;
		} else if (!handled_component_p(base))
			break;
		if (!extract)
			extract_only = 0;
		base = TREE_OPERAND(base, 0);
	}
	if (!base)
		return;
	int k = DECL_P(base) ? var_of(l, base) : -1;
	if (k < 0) {
		if (TREE_CODE(base) == SSA_NAME)
			push(l, ssa_val(l, base));
		else if (base != t && !DECL_P(base))
			use(l, base); /* e.g. a constant, a CONSTRUCTOR */
		return;
	}
	if (base == t) { /* the whole variable */
		if (mode == M_READ)
			push(l, load(l, k));
		else if (mode == M_ADDR)
			escape(l, k, prefix, "");
		return;
	}
	if (mode == M_READ && extract_only && !(l->b->var.v[k].flags & VF_AGGREGATE)) {
		push(l, load(l, k)); /* load the whole, then extract */
		return;
	}
	escape(l, k, mode == M_ADDR ? prefix : "partial", get_tree_code_name(TREE_CODE(t)));
}

/* The address &o as an operand.  call: a direct &var is passed as the
 * alloca itself (the core names it address-passed). */
static void addr(L *l, tree t, int call)
{
	tree o = TREE_OPERAND(t, 0);
	int k = var_of(l, o);
	if (k >= 0) {
		if (call)
			push(l, l->vaddr[k]);
		else
			escape(l, k, "addr", "");
		return;
	}
	if (DECL_P(o)) {
		push(l, opaque_decl(l, o));
		return;
	}
	if (handled_component_p(o) || TREE_CODE(o) == MEM_REF || TREE_CODE(o) == TARGET_MEM_REF) {
		ref(l, o, M_ADDR, "addr");
		return;
	}
	if (CONSTANT_CLASS_P(o))
		push(l, constant(l, o));
	else
		use(l, o);
}

/* An operand in a read position: push its values. */
static void use(L *l, tree t)
{
	if (!t)
		return;
	tree_code c = TREE_CODE(t);
	switch (c) {
	case SSA_NAME:
		push(l, ssa_val(l, t));
		return;
	case VAR_DECL: case PARM_DECL: case RESULT_DECL: {
		int k = var_of(l, t);
		push(l, k >= 0 ? load(l, k) : opaque_decl(l, t));
		return;
	}
	case ADDR_EXPR:
		addr(l, t, 0);
		return;
	case CONSTRUCTOR: {
		unsigned i;
		tree v;
		FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(t), i, v)
			use(l, v);
		return;
	}
	case TREE_LIST:
		for (; t; t = TREE_CHAIN(t))
			use(l, TREE_VALUE(t));
		return;
	default:
		break;
	}
	if (CONSTANT_CLASS_P(t)) {
		push(l, constant(l, t));
		return;
	}
	if (DECL_P(t)) {
		push(l, opaque_decl(l, t));
		return;
	}
	if (handled_component_p(t) || c == MEM_REF || c == TARGET_MEM_REF) {
		ref(l, t, M_READ, "");
		return;
	}
	if (EXPR_P(t)) {
		int n = TREE_OPERAND_LENGTH(t);
		for (int i = 0; i < n; i++)
			use(l, TREE_OPERAND(t, i));
		return;
	}
	push(l, fn_val(l->f, VOPAQUE, -1, "?"));
}

/* A destination that is not a variable itself: indexes and pointers in
 * it are uses, a variable at its base is a partial write. */
static void dest(L *l, tree t)
{
	if (!t || TREE_CODE(t) == SSA_NAME)
		return;
	if (DECL_P(t)) {
		if (var_of(l, t) < 0)
			push(l, opaque_decl(l, t));
		return;
	}
	if (handled_component_p(t) || TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF)
		ref(l, t, M_WRITE, "");
	else
		use(l, t);
}

/* ---------- statements ---------- */

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
		push(l, l->vaddr[k]);
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
	gen(l, OGEN, t, 0);
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
			store(l, k, l->f->undef);
		} else if (TREE_CODE(lhs) == MEM_REF &&
		           TREE_CODE(TREE_OPERAND(lhs, 0)) != ADDR_EXPR) {
			/* "*p ={v} {CLOBBER}" (C++ destructors) reads p */
			use(l, TREE_OPERAND(lhs, 0));
			l->ops.n = 0;
		}
		return;
	}
	unsigned n = gimple_num_ops(g);
	for (unsigned i = 1; i < n; i++) {
		l->slot = (int)i;
		use(l, gimple_op(g, i));
	}
	l->slot = 0;
	if (k < 0)
		dest(l, lhs);
	tree rhs1 = gimple_assign_rhs1(g);
	tree_code rc = gimple_assign_rhs_code(g);
	if (k >= 0 && n == 2 && l->ops.n == 1 &&
	    (rc == SSA_NAME || rc == VAR_DECL || rc == PARM_DECL || rc == RESULT_DECL ||
	     CONSTANT_CLASS_P(rhs1))) {
		int v = l->ops.v[0];
		l->ops.n = 0;
		store(l, k, v); /* a plain copy: clang stores the loaded value */
		return;
	}
	char t[96];
	snprintf(t, sizeof t, "assign %s", get_tree_code_name(rc));
	l->slot = -1;
	int i = gen(l, OGEN, t, 0);
	if (k >= 0) {
		int r = fn_res(l->f, i, l->vtype[k], NULL);
		l->slot = 0;
		store(l, k, r);
	}
}

static void lower_call(L *l, gcall *g)
{
	char t[160];
	tree fndecl = gimple_call_fndecl(g);
	if (gimple_call_internal_p(g))
		snprintf(t, sizeof t, "call .%s", internal_fn_name(gimple_call_internal_fn(g)));
	else if (fndecl && DECL_NAME(fndecl)) {
		/* DECL_NAME is cheap (a printable name is not, in C++) */
		snprintf(t, sizeof t, "call %s", IDENTIFIER_POINTER(DECL_NAME(fndecl)));
		for (size_t n = strlen(t); n > 5 && t[n - 1] == ' ';) /* "__ct_comp " */
			t[--n] = 0;
	}
	else {
		snprintf(t, sizeof t, "call *");
		l->slot = 1;
		use(l, gimple_call_fn(g));
	}
	l->slot = 2;
	use(l, gimple_call_chain(g));
	for (unsigned a = 0; a < gimple_call_num_args(g); a++) {
		tree arg = gimple_call_arg(g, a);
		l->slot = (int)a + 3;
		if (arg && TREE_CODE(arg) == ADDR_EXPR)
			addr(l, arg, 1);
		else
			use(l, arg);
	}
	tree lhs = gimple_call_lhs(g);
	int k = lhs ? var_of(l, lhs) : -1;
	l->slot = 0;
	if (lhs && k < 0)
		dest(l, lhs);
	l->slot = -1;
	int i = gen(l, OGEN, t, 0);
	if (k >= 0) {
		int r = fn_res(l->f, i, l->vtype[k], NULL);
		l->slot = 0;
		store(l, k, r);
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
		addr(l, op, 0);
	else if ((k = var_of(l, op)) >= 0)
		escape(l, k, "addr", "asm");
	else if (handled_component_p(op) || TREE_CODE(op) == MEM_REF ||
	         TREE_CODE(op) == TARGET_MEM_REF)
		ref(l, op, M_ADDR, "addr");
	else
		use(l, op);
}

static void lower_asm(L *l, gasm *g)
{
	unsigned ni = gimple_asm_ninputs(g), no = gimple_asm_noutputs(g);
	const char **oc = (const char **)aalloc(l->f->a, (no + 1) * sizeof *oc);
	int *defk = (int *)aalloc(l->f->a, (no + 1) * sizeof(int));
	bool *omem = (bool *)aalloc(l->f->a, no + 1);
	bool *inout = (bool *)aalloc(l->f->a, no + 1);
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
			use(l, op);
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
				push(l, load(l, k));
			defk[i] = k;
			ndef++;
		} else
			dest(l, op);
	}
	l->slot = -1;
	int i = gen(l, OGEN, gimple_asm_volatile_p(g) ? "asm volatile" : "asm", 0);
	int first = 1;
	for (unsigned o = 0; o < no; o++) {
		int k = defk[o];
		if (k < 0)
			continue;
		int r;
		l->slot = -1;
		if (first && ndef == 1)
			r = fn_res(l->f, i, l->vtype[k], NULL);
		else {
			char t[48];
			snprintf(t, sizeof t, "asm output %u", o);
			r = fn_res(l->f, gen(l, OGEN, t, 0), l->vtype[k], NULL);
		}
		first = 0;
		l->slot = (int)o;
		store(l, k, r);
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
	int *lab = (int *)aalloc(l->f->a, (size_t)(nl + 1) * sizeof(int));
	int j = 0;
	FOR_EACH_EDGE(e, ei, bb->succs)
		if (e->dest != EXIT_BLOCK_PTR_FOR_FN(l->fun))
			lab[j++] = l->b->blk_of_bb[e->dest->index];
	l->stmt = ctl;
	l->slot = -1;
	int i;
	if (ctl && gimple_code(ctl) == GIMPLE_RETURN && nl == 0) {
		tree rv = gimple_return_retval(as_a<greturn *>(ctl));
		int ty = rv ? core_type(l, TREE_TYPE(rv)) : -1;
		i = ins(l, ORET, ty, l->ops.n > 0, 0);
		if (l->ops.n)
			l->f->ins.v[i].ops[0] = l->ops.v[0];
		if (l->ops.n > 1)
			bridge_note(l->b, "return with %d operands", l->ops.n);
		l->ops.n = 0;
		return;
	}
	if (ctl && (l->ops.n || nl != 1)) {
		const char *what = code_name(ctl);
		if (gimple_code(ctl) == GIMPLE_COND) {
			char t[80];
			snprintf(t, sizeof t, "cond %s",
			         get_tree_code_name(gimple_cond_code(as_a<gcond *>(ctl))));
			i = gen(l, OTERM, t, nl);
		} else
			i = gen(l, OTERM, what, nl);
	} else {
		l->ops.n = 0;
		if (nl == 1)
			i = ins(l, OBR, -1, 0, 1);
		else if (nl > 1)
			i = gen(l, OTERM, "edges", nl);
		else if (nexit)
			i = ins(l, ORET, -1, 0, 0);
		else
			i = ins(l, OUNREACH, -1, 0, 0);
	}
	if (nl)
		memcpy(l->f->ins.v[i].lab, lab, (size_t)nl * sizeof(int));
}

static void lower_stmt(L *l, gimple *g, int last)
{
	l->stmt = g;
	l->slot = -1;
	l->ops.n = 0;
	switch (gimple_code(g)) {
	case GIMPLE_DEBUG: case GIMPLE_LABEL: case GIMPLE_PREDICT: case GIMPLE_NOP:
		return;
	default:
		break;
	}
	l->b->nstmt++;
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
		use(l, gimple_cond_lhs(g));
		l->slot = 1;
		use(l, gimple_cond_rhs(g));
		break;
	case GIMPLE_SWITCH:
		l->slot = 0;
		use(l, gimple_switch_index(as_a<gswitch *>(g)));
		break;
	case GIMPLE_GOTO:
		l->slot = 0;
		use(l, gimple_goto_dest(g));
		break;
	case GIMPLE_RETURN:
		l->slot = 0;
		use(l, gimple_return_retval(as_a<greturn *>(g)));
		break;
	case GIMPLE_RESX: case GIMPLE_EH_DISPATCH: case GIMPLE_TRANSACTION:
		break;
	case GIMPLE_EH_MUST_NOT_THROW:
		gen(l, OGEN, "eh_must_not_throw", 0);
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
		gen(l, OGEN, t, 0);
	}
}

/* ---------- the function ---------- */

static int by_uid(const void *a, const void *b)
{
	unsigned x = DECL_UID(*(const tree *)a), y = DECL_UID(*(const tree *)b);
	return (x > y) - (x < y);
}

static unsigned var_flags(tree d)
{
	unsigned fl = 0;
	tree ty = TREE_TYPE(d);
	if (TREE_CODE(d) == PARM_DECL)
		fl |= VF_PARM;
	if (TREE_CODE(d) == RESULT_DECL)
		fl |= VF_RESULT;
	if (DECL_ARTIFICIAL(d))
		fl |= VF_ARTIFICIAL;
	if (TREE_ADDRESSABLE(d))
		fl |= VF_ADDRESSABLE;
	if (TREE_THIS_VOLATILE(d))
		fl |= VF_VOLATILE;
	if (VAR_P(d) && DECL_HARD_REGISTER(d))
		fl |= VF_HARDREG;
	if (!is_gimple_reg_type(ty))
		fl |= VF_AGGREGATE;
	if (DECL_NOT_GIMPLE_REG_P(d))
		fl |= VF_NOT_GIMPLE_REG;
	if (needs_to_live_in_memory(d) && !TREE_ADDRESSABLE(d) && !is_global_var(d))
		fl |= VF_IN_MEMORY;
	if (is_gimple_reg(d))
		fl |= VF_GCC_REG;
	if (TREE_CODE(ty) == COMPLEX_TYPE)
		fl |= VF_COMPLEX;
	if (VECTOR_TYPE_P(ty))
		fl |= VF_VECTOR;
	return fl;
}

static const char *decl_name(Fn *f, tree d, char *buf, size_t n)
{
	if (DECL_NAME(d) && IDENTIFIER_POINTER(DECL_NAME(d)))
		return IDENTIFIER_POINTER(DECL_NAME(d));
	if (TREE_CODE(d) == RESULT_DECL)
		return "<retval>";
	snprintf(buf, n, "D.%u", DECL_UID(d));
	(void)f;
	return buf;
}

/* A set of strings in the arena (fixed size, for at most n names). */
typedef struct SSet {
	const char **k;
	unsigned mask;
} SSet;

static void ss_init(Arena *a, SSet *s, int n)
{
	unsigned cap = 16;
	while (cap < 2u * (unsigned)n + 16)
		cap <<= 1;
	s->k = (const char **)aalloc(a, cap * sizeof *s->k);
	s->mask = cap - 1;
}

/* Insert name (copied) unless present; returns 0 if it was present. */
static int ss_add(Fn *f, SSet *s, const char *name, const char **out)
{
	unsigned h = 2166136261u;
	for (const char *p = name; *p; p++)
		h = (h ^ (unsigned char)*p) * 16777619u;
	for (h &= s->mask;; h = (h + 1) & s->mask) {
		if (!s->k[h]) {
			s->k[h] = astrndup(f->a, name, strlen(name));
			*out = s->k[h];
			return 1;
		}
		if (!strcmp(s->k[h], name))
			return 0;
	}
}

/* name, or "name.<uid>" when name is taken. */
static const char *uniq(Fn *f, SSet *s, const char *name, unsigned uid)
{
	const char *r;
	if (ss_add(f, s, name, &r))
		return r;
	char buf[220];
	snprintf(buf, sizeof buf, "%s.%u", name, uid);
	if (ss_add(f, s, buf, &r))
		return r;
	return astrndup(f->a, buf, strlen(buf));
}

/* Parameter p: an argument of the core function, stored into its
 * alloca in the entry block. */
static void param(L *l, SSet *names, tree p)
{
	int k = var_of(l, p);
	if (k < 0)
		return;
	Fn *f = l->f;
	BVar *bv = &l->b->var.v[k];
	int x = fn_val(f, VARG, l->vtype[k], uniq(f, names, bv->name, bv->uid));
	f->val.v[x].ins = f->arg.n;
	vpush(f->a, f->arg, x);
	store(l, k, x);
}

/* Collect the variables (DECL_UID order) and make their allocas and the
 * parameter stores in core block 0. */
static void make_vars(L *l)
{
	struct function *fun = l->fun;
	Fn *f = l->f;
	Bridge *b = l->b;
	int n = 0, cap = 16;
	tree *d = (tree *)aalloc(f->a, (size_t)cap * sizeof(tree));
	unsigned ix;
	tree v;
#define ADD(x) do { if (n == cap) { tree *nd = (tree *)aalloc(f->a, (size_t)cap * 2 * sizeof(tree)); \
	memcpy(nd, d, (size_t)cap * sizeof(tree)); d = nd; cap *= 2; } d[n++] = (x); } while (0)
	FOR_EACH_LOCAL_DECL(fun, ix, v)
		if (VAR_P(v) && !is_global_var(v))
			ADD(v);
	for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p))
		ADD(p);
	/* The static chain of a nested function (CHAIN.N) is a parameter
	 * outside DECL_ARGUMENTS, and a register GCC renames. */
	if (fun->static_chain_decl)
		ADD(fun->static_chain_decl);
	tree res = DECL_RESULT(fun->decl);
	if (res && !VOID_TYPE_P(TREE_TYPE(res)))
		ADD(res);
#undef ADD
	qsort(d, (size_t)n, sizeof(tree), by_uid);
	pm_init(f->a, &l->decl, n);
	l->vtype = (int *)aalloc(f->a, (size_t)(n + 1) * sizeof(int));
	l->vaddr = (int *)aalloc(f->a, (size_t)(n + 1) * sizeof(int));
	vreserve_exact(f->a, b->var, n);
	/* Names of the allocas and arguments must be unique when printed. */
	SSet names;
	ss_init(f->a, &names, 2 * n + 2);
	for (int i = 0; i < n; i++) {
		if (i && d[i] == d[i - 1])
			continue;
		int k = b->var.n;
		pm_put(&l->decl, d[i], 0, k);
		BVar bv;
		memset(&bv, 0, sizeof bv);
		char buf[64];
		const char *nm = decl_name(f, d[i], buf, sizeof buf);
		bv.name = astrndup(f->a, nm, strlen(nm));
		bv.flags = var_flags(d[i]);
		expanded_location xl = expand_location(DECL_SOURCE_LOCATION(d[i]));
		bv.line = xl.line;
		bv.col = xl.column;
		bv.uid = DECL_UID(d[i]);
		bv.loc = (unsigned)DECL_SOURCE_LOCATION (d[i]);
		bv.decl = d[i];
		l->vtype[k] = core_type(l, TREE_TYPE(d[i]));
		int a = ins(l, OALLOCA, l->vtype[k], 0, 0);
		bv.alloca = a;
		if (bv.flags & VF_HARDREG)
			f->ins.v[a].reason = R_PINNED;
		/* Alloca names: "x", "x.addr" for a parameter (clang's), and
		 * "x.<uid>" when the name is taken (shadowed locals). */
		char an[200];
		snprintf(an, sizeof an, "%s%s", bv.name, (bv.flags & VF_PARM) ? ".addr" : "");
		l->vaddr[k] = fn_res(f, a, l->tptr, uniq(f, &names, an, bv.uid));
		f->ins.v[a].line = bv.line;
		f->ins.v[a].col = bv.col;
		vpush(f->a, b->var, bv);
	}
	for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p))
		param(l, &names, p);
	if (fun->static_chain_decl)
		param(l, &names, fun->static_chain_decl);
}

Bridge *bridge_lower(struct function *fun, int rewrite)
{
	if (!fun || !fun->cfg || !fun->decl)
		return NULL;
	const char *fname = function_name(fun); /* not timed: C++ pretty-prints */
	long long t0 = m2r_now();
	Fn *f = fn_new(fname ? fname : "?");
	Bridge *b = (Bridge *)aalloc(f->a, sizeof *b);
	b->fn = f;
	b->rewrite = rewrite;
	L lw;
	memset(&lw, 0, sizeof lw);
	L *l = &lw;
	l->b = b;
	l->f = f;
	l->fun = fun;
	l->tptr = fn_type(f, "ptr", 3);
	l->nssa = fun->gimple_df ? (int)vec_safe_length(fun->gimple_df->ssa_names) : 0;
	l->ssa = (int *)aalloc(f->a, (size_t)(l->nssa + 1) * sizeof(int));
	for (int i = 0; i < l->nssa; i++)
		l->ssa[i] = -1;

	/* Blocks: the core's entry, then one per GCC bb in chain order. */
	b->nbb = last_basic_block_for_fn(fun);
	b->blk_of_bb = (int *)aalloc(f->a, (size_t)(b->nbb + 1) * sizeof(int));
	for (int i = 0; i < b->nbb; i++)
		b->blk_of_bb[i] = -1;
	int nblk = n_basic_blocks_for_fn(fun) + 1;
	b->bb_of_blk = (int *)aalloc(f->a, (size_t)(nblk + 1) * sizeof(int));
	fn_blk(f, "entry");
	b->bb_of_blk[0] = -1;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		char nm[32];
		snprintf(nm, sizeof nm, "bb%d", bb->index);
		int k = fn_blk(f, nm);
		if (k >= nblk) { /* cannot happen: n_basic_blocks counts them */
			int *nb = (int *)aalloc(f->a, (size_t)(2 * k + 2) * sizeof(int));
			memcpy(nb, b->bb_of_blk, (size_t)nblk * sizeof(int));
			b->bb_of_blk = nb;
			nblk = 2 * k + 1;
		}
		b->bb_of_blk[k] = bb->index;
		b->blk_of_bb[bb->index] = k;
	}

	/* Entry: allocas, parameter stores, branch to the first block. */
	l->blk = 0;
	l->stmt = NULL;
	make_vars(l);
	{ /* "define <ret> @name(<ty> %a, ...) {" for the dumps */
		char rt[160], at[160];
		type_text(TREE_TYPE(TREE_TYPE(fun->decl)), rt, sizeof rt, 0);
		size_t cap = strlen(rt) + strlen(f->name) + 32;
		for (int k = 0; k < f->arg.n; k++)
			cap += strlen(fn_typestr(f, f->val.v[f->arg.v[k]].type)) + 4;
		char *h = (char *)aalloc(f->a, cap);
		size_t p = (size_t)snprintf(h, cap, "define %s @%s(", rt, f->name);
		for (int k = 0; k < f->arg.n && p < cap; k++) {
			snprintf(at, sizeof at, "%s%s %c", k ? ", " : "",
			         fn_typestr(f, f->val.v[f->arg.v[k]].type), T_VAL);
			p += (size_t)snprintf(h + p, cap - p, "%s", at);
		}
		if (p < cap)
			snprintf(h + p, cap - p, ") {");
		f->head = h;
	}
	int abnormal = fun->calls_setjmp || fun->has_nonlocal_label;
	{
		edge e;
		edge_iterator ei;
		int nl = 0;
		FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun)->succs)
			if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) && b->blk_of_bb[e->dest->index] >= 0)
				nl++;
		int i = nl == 1 ? ins(l, OBR, -1, 0, 1)
		        : nl ? gen(l, OTERM, "edges", nl) : ins(l, ORET, -1, 0, 0);
		int j = 0;
		FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun)->succs)
			if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) && b->blk_of_bb[e->dest->index] >= 0)
				f->ins.v[i].lab[j++] = b->blk_of_bb[e->dest->index];
	}

	b->ins0 = (int *)aalloc(f->a, (size_t)(f->blk.n + 1) * sizeof(int));
	FOR_EACH_BB_FN(bb, fun) {
		l->blk = b->blk_of_bb[bb->index];
		b->ins0[l->blk] = f->ins.n; /* blocks are made in this order */
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (e->flags & EDGE_ABNORMAL)
				abnormal = 1;
		gimple_stmt_iterator lg = gsi_last_nondebug_bb(bb);
		gimple *last = gsi_end_p(lg) ? NULL : gsi_stmt(lg);
		gimple *ctl = NULL;
		for (gimple_stmt_iterator gsi = gsi_start_bb(bb); !gsi_end_p(gsi); gsi_next(&gsi)) {
			gimple *g = gsi_stmt(gsi);
			int islast = g == last && is_control(g);
			lower_stmt(l, g, islast);
			if (islast)
				ctl = g;
			else
				l->ops.n = 0;
		}
		terminate(l, bb, ctl);
		l->stmt = NULL;
	}
	if (abnormal)
		for (int k = 0; k < b->var.n; k++)
			b->var.v[k].flags |= VF_ABNORMAL;

	b->ins0[f->blk.n] = f->ins.n;
	b->site = l->site.v;
	b->nsite = l->site.n;
	gcc_checking_assert(b->nsite == f->ins.n);
	b->lower_ns = m2r_now() - t0;
	return b;
}

void bridge_free(Bridge *b)
{
	if (b)
		fn_free(b->fn); /* b itself lives in the arena */
}
