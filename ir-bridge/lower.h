/* lower.h - private to the lowering (lower.cc, lower-operand.cc,
 * lower-stmt.cc): the state of one function's lowering and the steps
 * the three files share.  Included after gcc-common.h. */
#ifndef LOWER_H
#define LOWER_H

#include "bridge-int.h"

typedef VEC(int) IntVec;
typedef VEC(BSite) SiteVec;
typedef VEC(void *) PtrVec;
typedef VEC(BOpnd) OpndVec;

/* Lowering state for one function. */
typedef struct L {
	Bridge *b;
	Fn *f;
	struct function *fun;
	Arena *tmp;       /* the lowering's own memory (maps, sets, pending
	                     operands), freed when it ends: not the IR's,
	                     which it was a twentieth of in c-torture */
	PMap decl;        /* decl -> variable index, when vix is NULL */
	int *vix;         /* DECL_UID - vlo -> variable index, -1 (see var_of) */
	unsigned vlo, vn; /* the uids vix covers: [vlo, vlo + vn) */
	int nout;         /* variables outside that range: */
	unsigned outuid[4];
	int outk[4];
	int a0, va0;      /* variable k's alloca is instruction a0 + k, its
	                     address the value va0 + k (vtype, vaddr) */
	int lean;         /* LOWER_LEAN: only what the core reads
	                     (lower_stmt_lean) */
	int vopaddr;      /* the .MEM alloca's address (Bridge.vop), or -1 */
	int *ssa;         /* SSA_NAME_VERSION -> opaque value, -1 */
	int nssa;
	int blk;          /* current core block */
	gimple *stmt;     /* current statement (NULL: the bridge's own) */
	int slot;         /* current operand slot */
	IntVec ops;       /* operands of the operation being built */
	SiteVec site;
	PtrVec stmts;     /* Bridge.stmts */
	OpndVec opnd;     /* rewrite mode: Bridge.opnd */
	int *first;       /* LOWER_REWRITE (bind_operands): variable k ->
	                     the statement's first load of it not yet bound,
	                     nk + k -> its first store, or -1; */
	IntVec next;      /* instruction c0 + j -> the next of its variable */
	PtrVec dbind;     /* rewrite mode: Bridge.dbind */
	int tptr;         /* the core type "ptr" */
	/* GCC type -> core type id: a function has a handful of types,
	 * mostly; the first 8 in a list (a table's 8 entries of 32
	 * bytes were more than a small function's values), the others in
	 * a table, set up when the list is full. */
	int ntype;
	tree type_key[8];
	int type_id[8];
	Hash types;
	int nunknown;     /* locals met that are in no list */
	char *sp;         /* the names' pool (lname): next byte, */
	size_t sn, schunk; /* bytes left, size of the last chunk */
} L;

/* n bytes for a name.  aalloc_raw rounds every allocation to 16 bytes
 * and is a call; most names ("_7", "def.12", "v3", "42") are 3 to 8
 * bytes: they are carved from chunks of the arena instead. */
char *lname_chunk(L *l, size_t n);
static inline char *lname(L *l, size_t n)
{
	if (n > l->sn)
		return lname_chunk(l, n);
	char *p = l->sp;
	l->sp += n;
	l->sn -= n;
	return p;
}

/* A copy of s[0..n) with a NUL, from the names' pool. */
static inline char *lstrdup(L *l, const char *s, size_t n)
{
	char *d = lname(l, n + 1);
	for (size_t i = 0; i < n; i++) /* short: no memcpy call */
		d[i] = s[i];
	d[n] = 0;
	return d;
}

/* Rewrite mode: operand p of the current statement (use_operand_p or
 * def_operand_p; NULL for a clobber's store) is renamed at its load or
 * store, instruction i (Bridge.opnd).  LOWER_LEAN keeps no sites: the
 * statement is recorded here, by its operands. */
static inline void note_opnd(L *l, void *p, int i)
{
	if (l->lean && (!l->stmts.n || l->stmts.v[l->stmts.n - 1] != (void *)l->stmt))
		vpush(l->f->a, l->stmts, (void *)l->stmt);
	BOpnd o = { p, i, l->lean ? l->stmts.n - 1 : l->site.v[i].stmt };
	vpush(l->f->a, l->opnd, o);
}

/* Statement g's file for a note ("?" when it has none). */
static inline const char *stmt_file(const gimple *g)
{
	const char *f = gimple_filename(g);
	return f ? f : "?";
}

/* The site of the instruction just made: the current statement (a
 * statement's instructions are made together) and operand slot. */
static inline void note_site(L *l)
{
	if (l->lean) /* no sites (note_opnd, bridge_site_stmt) */
		return;
	BSite s;
	s.stmt = -1;
	s.slot = 0;
	if (l->stmt) {
		if (!l->stmts.n || l->stmts.v[l->stmts.n - 1] != (void *)l->stmt)
			vpush(l->f->a, l->stmts, (void *)l->stmt);
		s.stmt = l->stmts.n - 1;
		s.slot = l->slot;
	}
	vpush(l->f->a, l->site, s);
	invariant(l->site.n == l->f->ins.n); /* a site per instruction */
}

/* An instruction in the current block; its site is the current
 * statement and operand slot (note_site).  Not appended to its block's
 * list: fill_blocks() makes the lists once, exactly sized, instead of
 * growing one per block. */
static inline int ins(L *l, int op, int type, int nop, int nlab)
{
	int i = fn_ins(l->f, -1, op, type, nop, nlab);
	l->f->ins.v[i].blk = l->blk;
	note_site(l);
	return i;
}


/* a then b into buf (cut to n - 1 bytes): the operation names of
 * templates, without printf's cost per statement. */
static inline const char *cat2(char *buf, size_t n, const char *a, const char *b)
{
	size_t k = 0;
	for (; *a && k + 1 < n; a++)
		buf[k++] = *a;
	for (; *b && k + 1 < n; b++)
		buf[k++] = *b;
	buf[k] = 0;
	return buf;
}

/* Decimal digits of v at p (no NUL); returns the end.  snprintf costs
 * about 700 instructions a call: a block's or a constant's name cost
 * more than lowering its statement. */
static inline char *put_u64(char *p, unsigned long long v)
{
	static const char two[] = "00010203040506070809101112131415161718192021222324"
	                          "25262728293031323334353637383940414243444546474849"
	                          "50515253545556575859606162636465666768697071727374"
	                          "75767778798081828384858687888990919293949596979899";
	char d[24], *q = d + sizeof d; /* filled backwards, two digits a step */
	for (; v >= 100; v /= 100) {
		q -= 2;
		memcpy(q, two + 2 * (v % 100), 2);
	}
	if (v >= 10) {
		q -= 2;
		memcpy(q, two + 2 * v, 2);
	} else
		*--q = (char)('0' + v);
	while (q < d + sizeof d)
		*p++ = *q++;
	return p;
}
static inline char *put_uint(char *p, unsigned v)
{
	return put_u64(p, v);
}

/* The core type of variable k, and its address (its alloca's result):
 * make_vars makes the allocas and their results in a row, so both are
 * found without a table of their own. */
static inline int vtype(const L *l, int k)
{
	return l->f->ins.v[l->a0 + k].type;
}
static inline int vaddr(const L *l, int k)
{
	return l->va0 + k;
}

/* Append v (if a value) to the operands of the operation being built. */
static inline void push(L *l, int v)
{
	if (v >= 0)
		vpush(l->tmp, l->ops, v);
}

/* The variable of decl t, or -1.  A function's variables have uids
 * made close together, mostly, but for a few made long before or after
 * (a parameter, a gimplifier's temporary): an array indexed by uid and
 * a list of those few answer (uids are unique: a uid found is the
 * decl's own); else (make_vars decides) a hash map. */
static inline int var_of(L *l, tree t)
{
	if (!l->vix)
		return pm_get(&l->decl, t, 0);
	if (!t || !DECL_P(t))
		return -1;
	unsigned uid = DECL_UID(t), u = uid - l->vlo;
	if (u < l->vn)
		return l->vix[u];
	for (int i = 0; i < l->nout; i++)
		if (l->outuid[i] == uid)
			return l->outk[i];
	return -1;
}

/* ---------- lower-operand.cc: types, values, accesses ---------- */

/* The core type of a GCC type, as text ("i32", "ptr", "[16 x i8]"). */
int lower_type_text(tree t, char *buf, size_t n, int depth);
int lower_type(L *l, tree t);
/* GCC is about to collect: lower_type's memo by address is dropped. */
void lower_gc_start(void);
/* A generic operation or terminator "<what> %v, ... [labels]" on the
 * pending operands l->ops (which it empties). */
int emit_gen(L *l, int op, const char *what, int nlab);
/* The same for "assign <code>" (GEN_ASSIGN | code) and "cond <code>"
 * (GEN_COND | code): the template is found by the code, built once. */
enum { GEN_ASSIGN = 1 << 12, GEN_COND = 2 << 12 };
static_assert(MAX_TREE_CODES <= 1 << 12, "tree codes fit below GEN_ASSIGN");
static_assert(NFALLBACK <= 256 && NRENAMER <= 256, "BVar.fallback and .renamed are bytes");
int emit_gen_code(L *l, int op, int nlab, int code);
/* The call of fn, a FUNCTION_DECL with a DECL_NAME, on the pending
 * operands ("call <name>"): its template found by fn and the operand
 * count when the function was called so before. */
int emit_call(L *l, tree fn);
/* Load of variable k (its value; inline: one per use, the most common
 * of the lowering's instructions); store of value v into it; the
 * escape of its alloca ("partial <what>", "addr <what>"), pushed as an
 * operand. */
static inline int emit_load(L *l, int k)
{
	int v = fn_load(l->f, l->blk, vtype(l, k), vaddr(l, k));
	note_site(l);
	if (l->b->var.v[k].flags & VF_VOLATILE)
		l->f->ins.v[l->f->ins.n - 1].flags |= IVOLATILE;
	return v;
}
void emit_store(L *l, int k, int v);
/* Rewrite mode: the load and store of .MEM of a statement with a virtual
 * use and definition (Bridge.vop), at the slots below. */
void emit_vops(L *l, gimple *g);
enum { SLOT_VUSE = -2, SLOT_VDEF = -3 };
void emit_escape(L *l, int k, const char *kind, const char *what);

enum { M_READ, M_WRITE, M_ADDR }; /* how lower_ref's reference is used */
/* Operands: each pushes the values it uses onto l->ops. */
void lower_ref(L *l, tree t, int mode, const char *prefix);
void lower_addr(L *l, tree t, int call);
void lower_use(L *l, tree t);
void lower_dest(L *l, tree t);

/* ---------- lower-stmt.cc ---------- */

/* The statements of GCC block bb into the current core block, and its
 * terminator. */
void lower_block(L *l, basic_block bb);
/* Reserve the instruction, value, site, statement and text tables for
 * what lowering the function's statements will make, estimated from
 * the GIMPLE before lowering it (nvar variables, nparam of them
 * parameters). */
void reserve_tables(L *l, int nvar, int nparam, const BScan *scan);

#endif
