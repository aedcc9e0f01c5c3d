/* lower-operand.cc - the operands of a statement in the core IR: types,
 * values (SSA names, constants, other decls) and the accesses to the
 * variables (loads, stores, escapes of a variable used in part or by
 * address).  Each lower_* function pushes the values it uses onto the
 * pending operand list of the operation being built (lower.h).
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include "lower.h"

/* ---------- instructions ---------- */

static inline int emit_text(L *l, int op, const char *t, int nlab);

/* The templates of generic operations ("assign plus_expr \1, \1"), one
 * copy of each for the whole compilation: a unit uses a few hundred and
 * its functions mostly the same ones, so they outlive the functions'
 * arenas (GCC runs one pass at a time: no locking).  Direct-mapped
 * memos in front of the table, so that most operations neither build
 * nor hash their template: tkey by (GEN_* kind, tree code, operands,
 * labels); tesc for the escapes, by their two words (constant strings:
 * a word met at two addresses takes two entries, both right); tcall
 * for the calls of a function, by its decl and the operand count. */
static struct {
	Arena *a;
	Hash tmpl;
	Hash types;       /* type texts: a function's own copies of them
	                     were 2 % of c-torture's IR */
	struct {
		unsigned key; /* 0: empty */
		const char *t;
	} tkey[256];
	struct {
		const char *kind, *what; /* kind NULL: empty */
		const char *t;
	} tesc[64];
	struct {
		tree fn; /* NULL: empty */
		int nop;
		const char *t;
	} tcall[128];
	struct {
		tree type; /* NULL: empty */
		const char *t; /* its text, interned in types */
	} ttype[64];
} T;

/* The text of a type is made once per compilation, not once per
 * function (lower_type_text and the intern were two thirds of a small
 * function's types); keyed by the type's address, so forgotten when GCC
 * collects: a collected type's address may come back. */
void lower_gc_start(void)
{
	memset(T.ttype, 0, sizeof T.ttype);
}

void bridge_init(void)
{
	if (T.a)
		return;
	/* The clock reads M2R_CLOCK once, on its first use: a getenv of
	 * the whole environment, made here rather than inside the first
	 * function's lowering (timed, and counted as its instructions). */
	(void)m2r_now();
	T.a = arena_new();
	hash_init(&T.tmpl, T.a, 0); /* grows: a unit needs tens to hundreds */
	hash_init(&T.types, T.a, 0);
}

/* A generic operation (or terminator) with text "<what>" followed by
 * one T_VAL per operand and a T_LAB per label; the operands are the
 * pending list l->ops.  *interned (when not NULL) gets the table's
 * copy of the template, or NULL when the template is too long for the
 * table and the function's arena has it (no memo may keep that one). */
static int emit_tmpl(L *l, int op, const char *what, int nlab, const char **interned)
{
	int nop = l->ops.n;
	size_t wl = strlen(what);
	size_t need = wl + (size_t)nop * 3 + (size_t)nlab * 3 + 4;
	char sbuf[256];
	char *t = need <= sizeof sbuf ? sbuf : (char *)aalloc(l->f->a, need);
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
	if (t == sbuf) { /* one copy of each template */
		bridge_init(); /* the plugin calls it first; tools may not */
		int found;
		HEnt *e = hash_str(&T.tmpl, t, (int)p, 0, &found);
		if (!found)
			e->k = astrndup(T.a, t, p);
		t = (char *)e->k;
		if (interned)
			*interned = t;
	} else if (interned)
		*interned = NULL;
	return emit_text(l, op, t, nlab);
}

int emit_gen(L *l, int op, const char *what, int nlab)
{
	return emit_tmpl(l, op, what, nlab, NULL);
}

/* The hot statements' operations, "assign <tree code>" (GEN_ASSIGN |
 * code) and "cond <tree code>" (GEN_COND | code): with the operand and
 * label counts the code finds the template in the memo, so that most
 * statements neither build nor hash it. */
int emit_gen_code(L *l, int op, int nlab, int code)
{
	int nop = l->ops.n;
	unsigned key = 0, h = 0;
	if (nop < 256 && nlab < 256) {
		key = (unsigned)code << 16 | (unsigned)nop << 8 | (unsigned)nlab;
		h = (key ^ key >> 7 ^ key >> 16) & 255;
		if (T.tkey[h].key == key)
			return emit_text(l, op, T.tkey[h].t, nlab);
	}
	char w[96];
	cat2(w, sizeof w, (code & GEN_COND) ? "cond " : "assign ",
	     get_tree_code_name((tree_code)(code & (GEN_ASSIGN - 1))));
	const char *t;
	int i = emit_tmpl(l, op, w, nlab, &t);
	if (key && t) {
		T.tkey[h].key = key;
		T.tkey[h].t = t;
	}
	return i;
}

/* The operation with template t, the pending operands and nlab labels. */
static inline int emit_text(L *l, int op, const char *t, int nlab)
{
	int nop = l->ops.n;
	int i = ins(l, op, -1, nop, nlab);
	Ins *in = &l->f->ins.v[i];
	memcpy(in->ops, l->ops.v, (size_t)nop * sizeof(int));
	ins_settext(l->f, i, t);
	l->ops.n = 0;
	return i;
}

/* ---------- types and values ---------- */

char *lname_chunk(L *l, size_t n)
{
	/* from 256 bytes, doubling to 64 KB: a small function's names
	 * waste little, a large one's take few chunks */
	size_t c = l->schunk ? 2 * l->schunk : 64;
	if (c > 65536)
		c = 65536;
	l->schunk = c;
	if (c < n)
		c = n;
	l->sp = (char *)aalloc_raw(l->f->a, c);
	l->sn = c;
	return lname(l, n);
}

int lower_type_text(tree t, char *buf, size_t n, int depth)
{
	if (!t || depth > 4)
		return snprintf(buf, n, "?");
	switch (TREE_CODE(t)) {
	/* the common ones without printf: each function looks its types up */
	case VOID_TYPE:
		return (int)strlen(cat2(buf, n, "void", ""));
	case INTEGER_TYPE: case ENUMERAL_TYPE: case BOOLEAN_TYPE: case OFFSET_TYPE:
		invariant(n >= 16); /* callers give 64 bytes or more */
		buf[0] = 'i';
		*put_uint(buf + 1, TYPE_PRECISION(t)) = 0;
		return (int)strlen(buf);
	case POINTER_TYPE: case REFERENCE_TYPE: case NULLPTR_TYPE:
		return (int)strlen(cat2(buf, n, "ptr", ""));
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
		lower_type_text(TREE_TYPE(t), e, sizeof e, depth + 1);
		return snprintf(buf, n, "{ %s, %s }", e, e);
	}
	case VECTOR_TYPE: {
		char e[64];
		lower_type_text(TREE_TYPE(t), e, sizeof e, depth + 1);
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

int lower_type(L *l, tree t)
{
	/* Once per GCC type: its text is printed with snprintf, and a
	 * function with thousands of locals has a handful of types. */
	enum { NTYPE = sizeof l->type_key / sizeof l->type_key[0] };
	HEnt *e = NULL;
	if (t) {
		for (int i = 0; i < l->ntype; i++)
			if (l->type_key[i] == t)
				return l->type_id[i];
		if (l->ntype == NTYPE) {
			if (!l->types.a)
				hash_init(&l->types, l->tmp, NTYPE);
			int found;
			e = hash_ptr(&l->types, t, 0, &found);
			if (found)
				return e->val;
		}
	}
	unsigned slot = t ? hash_mix_ptr(t, 0) % 64 : 0;
	const char *text = t && T.ttype[slot].type == t ? T.ttype[slot].t : NULL;
	if (!text) {
		char buf[160];
		int k = lower_type_text(t, buf, sizeof buf, 0);
		if (k < 0)
			k = 0;
		if ((size_t)k >= sizeof buf)
			k = sizeof buf - 1;
		int found;
		HEnt *g = hash_str(&T.types, buf, k, 0, &found);
		if (!found)
			g->k = astrndup(T.a, buf, (size_t)k); /* buf is this frame's */
		text = (const char *)g->k;
		if (t) {
			T.ttype[slot].type = t;
			T.ttype[slot].t = text;
		}
	}
	int id = fn_type_ref(l->f, text);
	if (e) /* fn_type added no entry to this table: e is still valid */
		e->val = id;
	else if (t) {
		l->type_key[l->ntype] = t;
		l->type_id[l->ntype++] = id;
	}
	return id;
}
static int ssa_val(L *l, tree t)
{
	unsigned v = SSA_NAME_VERSION(t);
	if (v < (unsigned)l->nssa && l->ssa[v] >= 0)
		return l->ssa[v];
	/* "name_7", or "_7", made in the arena where it stays (no copy) */
	tree id = SSA_NAME_IDENTIFIER(t);
	size_t n = id ? (size_t)IDENTIFIER_LENGTH(id) : 0;
	char dig[24];
	size_t nd = (size_t)(put_uint(dig, v) - dig);
	char *nm = lname(l, n + nd + 2);
	if (n)
		memcpy(nm, IDENTIFIER_POINTER(id), n);
	nm[n] = '_';
	for (size_t i = 0; i < nd; i++)
		nm[n + 1 + i] = dig[i];
	nm[n + 1 + nd] = 0;
	int x = fn_val(l->f, VOPAQUE, -1, NULL);
	l->f->val.v[x].name = nm;
	if (v < (unsigned)l->nssa)
		l->ssa[v] = x;
	return x;
}

static int constant(L *l, tree t)
{
	char buf[WIDE_INT_PRINT_BUFFER_SIZE + 8];
	const char *s = "const";
	if (TREE_CODE(t) == INTEGER_CST) {
		signop sg = TYPE_SIGN(TREE_TYPE(t));
		if (wi::min_precision(wi::to_wide(t), sg) <= 64) {
			/* print_dec's digits, without its sprintf */
			char *p = buf;
			unsigned long long u = wi::to_wide(t).to_uhwi(); /* zero-extended */
			if (sg == SIGNED) {
				long long v = wi::to_wide(t).to_shwi(); /* sign-extended */
				u = (unsigned long long)v;
				if (v < 0) {
					*p++ = '-';
					u = 0ull - u;
				}
			}
			*put_u64(p, u) = 0;
			s = buf;
		} else
			s = "bigint";
	} else if (TREE_CODE(t) == REAL_CST)
		s = "fpconst";
	else if (TREE_CODE(t) == STRING_CST)
		s = "str";
	int x = fn_const(l->f, -1, NULL);
	l->f->val.v[x].name = lstrdup(l, s, strlen(s)); /* not copied by fn_val */
	return x;
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
		cat2(buf, sizeof buf, "@", IDENTIFIER_POINTER(DECL_NAME(t)));
	else
		*put_uint(buf + strlen(cat2(buf, sizeof buf, "@D.", "")), DECL_UID(t)) = 0;
	int x = fn_val(l->f, VOPAQUE, -1, NULL);
	l->f->val.v[x].name = lstrdup(l, buf, strlen(buf));
	return x;
}
/* ---------- accesses ---------- */

/* The name of the VDEF the store made next defines (Bridge.rewrite):
 * "def.N", N that store's instruction.  LOWER_LEAN prints nothing and
 * names none (fn_store makes its VDEF). */
static int own_def(L *l, int ty)
{
	char dig[16];
	size_t nd = (size_t)(put_uint(dig, (unsigned)l->f->ins.n) - dig);
	char *nm = lname(l, nd + 5); /* "def.N" */
	nm[0] = 'd', nm[1] = 'e', nm[2] = 'f', nm[3] = '.';
	for (size_t i = 0; i < nd; i++)
		nm[4 + i] = dig[i];
	nm[4 + nd] = 0;
	int v = fn_val(l->f, VDEF, ty, NULL);
	l->f->val.v[v].name = nm; /* made in the arena: not copied again */
	l->f->val.v[v].ins = l->f->ins.n; /* the store made next */
	return v;
}

void emit_store(L *l, int k, int v)
{
	/* the value computed stays the statement's own: in rewrite mode
	 * the store stores a VDEF, the SSA name its statement will define
	 * (LOWER_LEAN passes v < 0 for it: fn_store makes it) */
	if (l->b->rewrite && v != l->f->undef && l->stmt)
		v = l->lean ? -1 : own_def(l, vtype(l, k));
	invariant(v >= 0 || l->lean);
	fn_store(l->f, l->blk, vtype(l, k), v, vaddr(l, k));
	note_site(l);
	if (l->b->var.v[k].flags & VF_VOLATILE)
		l->f->ins.v[l->f->ins.n - 1].flags |= IVOLATILE;
}

/* .MEM's operand p of the current statement, at the instruction just
 * made.  Always in the cache, which the caller scanned: else (a bug)
 * GCC renames .MEM (Bridge.vop_unbound), and the entry is made with no
 * operand all the same (LOWER_LEAN's blocks have one an instruction:
 * BOpnd). */
static void vop_opnd(L *l, void *p)
{
	note_opnd(l, p, l->f->ins.n - 1);
	if (!p && !l->b->vop_unbound++)
		bridge_note(l->b, "lowering: .MEM is not in the operand cache of a statement at %s:%d",
		            stmt_file(l->stmt), gimple_lineno(l->stmt));
}

void emit_vops(L *l, gimple *g)
{
	if (l->vopaddr < 0)
		return;
	int ty = l->f->ins.v[l->b->vop].type;
	if (gimple_vuse(g)) {
		l->slot = SLOT_VUSE;
		fn_load(l->f, l->blk, ty, l->vopaddr);
		note_site(l);
		vop_opnd(l, gimple_vuse_op(g));
	}
	if (gimple_vdef(g)) {
		l->slot = SLOT_VDEF;
		fn_store(l->f, l->blk, ty, l->lean ? -1 : own_def(l, ty), l->vopaddr);
		note_site(l);
		vop_opnd(l, gimple_vdef_op(g));
	}
	l->slot = -1;
}

/* The escape of variable k: "partial <what>" or "addr <what>" with the
 * alloca as operand; its result (a pointer) goes to the pending list. */
void emit_escape(L *l, int k, const char *kind, const char *what)
{
	IntVec save = l->ops;
	l->ops.v = NULL;
	l->ops.n = l->ops.cap = 0;
	push(l, vaddr(l, k));
	unsigned h = (unsigned)(((uintptr_t)kind >> 3) * 31 + ((uintptr_t)what >> 3)) & 63;
	int i;
	if (T.tesc[h].kind == kind && T.tesc[h].what == what)
		i = emit_text(l, OGEN, T.tesc[h].t, 0);
	else {
		char t[96];
		cat2(t, sizeof t, kind, *what ? " " : "");
		size_t n = strlen(t);
		cat2(t + n, sizeof t - n, what, "");
		const char *it;
		i = emit_tmpl(l, OGEN, t, 0, &it);
		if (it) {
			T.tesc[h].kind = kind;
			T.tesc[h].what = what;
			T.tesc[h].t = it;
		}
	}
	int r = fn_res(l->f, i, l->tptr, NULL);
	l->ops = save;
	push(l, r);
}

int emit_call(L *l, tree fn)
{
	int nop = l->ops.n;
	/* DECL_NAME is cheap (a printable name is not, in C++) */
	const char *id = IDENTIFIER_POINTER(DECL_NAME(fn));
	size_t n = (size_t)IDENTIFIER_LENGTH(DECL_NAME(fn));
	while (n && id[n - 1] == ' ') /* "__ct_comp " */
		n--;
	/* The template is "call <name>" and " \1" per operand: the memo's
	 * is taken when it is that text, name and all.  (The decl is only
	 * the key: GCC may collect a decl and reuse its address.) */
	unsigned h = (unsigned)(((uintptr_t)fn >> 4) * 7 + (unsigned)nop) & 127;
	const char *m = T.tcall[h].t;
	if (T.tcall[h].fn == fn && T.tcall[h].nop == nop && !strncmp(m + 5, id, n) &&
	    (nop ? m[5 + n] == ' ' && m[6 + n] == T_VAL : !m[5 + n]))
		return emit_text(l, OGEN, m, 0);
	char name[160];
	cat2(name, sizeof name, "call ", "");
	memcpy(name + 5, id, n < sizeof name - 6 ? n : sizeof name - 6);
	name[5 + (n < sizeof name - 6 ? n : sizeof name - 6)] = 0;
	const char *it;
	int i = emit_tmpl(l, OGEN, name, 0, &it);
	if (it) {
		T.tcall[h].fn = fn;
		T.tcall[h].nop = nop;
		T.tcall[h].t = it;
	}
	return i;
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
void lower_ref(L *l, tree t, int mode, const char *prefix)
{
	tree base = t;
	int extract_only = 1;
	while (base) {
		tree_code c = TREE_CODE(base);
		int extract = reg_extract(c);
		if (c == COMPONENT_REF) {
			lower_use(l, TREE_OPERAND(base, 2));
		} else if (c == ARRAY_REF || c == ARRAY_RANGE_REF) {
			lower_use(l, TREE_OPERAND(base, 1));
			lower_use(l, TREE_OPERAND(base, 2));
			lower_use(l, TREE_OPERAND(base, 3));
			extract = invariant_index(base);
		} else if (c == MEM_REF || c == TARGET_MEM_REF) {
			tree p = TREE_OPERAND(base, 0);
			if (c == TARGET_MEM_REF) {
				lower_use(l, TMR_INDEX(base));
				lower_use(l, TMR_INDEX2(base));
			}
			int k;
			if (p && TREE_CODE(p) == ADDR_EXPR &&
			    (k = var_of(l, TREE_OPERAND(p, 0))) >= 0) {
				emit_escape(l, k, mode == M_ADDR ? "addr" : "partial",
				       get_tree_code_name(TREE_CODE(t)));
			} else
				lower_use(l, p);
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
			lower_use(l, base); /* e.g. a constant, a CONSTRUCTOR */
		return;
	}
	if (base == t) { /* the whole variable */
		if (mode == M_READ)
			push(l, emit_load(l, k));
		else if (mode == M_ADDR)
			emit_escape(l, k, prefix, "");
		return;
	}
	if (mode == M_READ && extract_only && !(l->b->var.v[k].flags & VF_AGGREGATE)) {
		push(l, emit_load(l, k)); /* load the whole, then extract */
		return;
	}
	emit_escape(l, k, mode == M_ADDR ? prefix : "partial", get_tree_code_name(TREE_CODE(t)));
}

/* The address &o as an operand.  call: a direct &var is passed as the
 * alloca itself (the core names it address-passed). */
void lower_addr(L *l, tree t, int call)
{
	tree o = TREE_OPERAND(t, 0);
	int k = var_of(l, o);
	if (k >= 0) {
		if (call)
			push(l, vaddr(l, k));
		else
			emit_escape(l, k, "addr", "");
		return;
	}
	if (DECL_P(o)) {
		push(l, opaque_decl(l, o));
		return;
	}
	if (handled_component_p(o) || TREE_CODE(o) == MEM_REF || TREE_CODE(o) == TARGET_MEM_REF) {
		lower_ref(l, o, M_ADDR, "addr");
		return;
	}
	if (CONSTANT_CLASS_P(o))
		push(l, constant(l, o));
	else
		lower_use(l, o);
}

/* An operand in a read position: push its values. */
void lower_use(L *l, tree t)
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
		push(l, k >= 0 ? emit_load(l, k) : opaque_decl(l, t));
		return;
	}
	case ADDR_EXPR:
		lower_addr(l, t, 0);
		return;
	case CONSTRUCTOR: {
		unsigned i;
		tree v;
		FOR_EACH_CONSTRUCTOR_VALUE(CONSTRUCTOR_ELTS(t), i, v)
			lower_use(l, v);
		return;
	}
	case TREE_LIST:
		for (; t; t = TREE_CHAIN(t))
			lower_use(l, TREE_VALUE(t));
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
		lower_ref(l, t, M_READ, "");
		return;
	}
	if (EXPR_P(t)) {
		int n = TREE_OPERAND_LENGTH(t);
		for (int i = 0; i < n; i++)
			lower_use(l, TREE_OPERAND(t, i));
		return;
	}
	push(l, fn_val(l->f, VOPAQUE, -1, "?"));
}

/* A destination that is not a variable itself: indexes and pointers in
 * it are uses, a variable at its base is a partial write. */
void lower_dest(L *l, tree t)
{
	if (!t || TREE_CODE(t) == SSA_NAME)
		return;
	if (DECL_P(t)) {
		if (var_of(l, t) < 0)
			push(l, opaque_decl(l, t));
		return;
	}
	if (handled_component_p(t) || TREE_CODE(t) == MEM_REF || TREE_CODE(t) == TARGET_MEM_REF)
		lower_ref(l, t, M_WRITE, "");
	else
		lower_use(l, t);
}
