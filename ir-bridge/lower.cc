/* lower.cc - bridge_lower(): GIMPLE (CFG, before "ssa") -> core IR.
 *
 * Every local variable becomes an alloca in the core's entry block;
 * every statement becomes, in order: its uses (loads of whole variables,
 * escapes of variables accessed in part or by address), the operation
 * (a generic instruction, or the block's terminator), and its defs
 * (stores into whole variables).  See README in this folder.
 *
 * This file: the driver (blocks, the entry block, the walk) and the
 * variables; the operands are in lower-operand.cc, the statements in
 * lower-stmt.cc, their shared state in lower.h.
 *
 * C++ in plain C style: no exceptions, RTTI, templates or STL.
 */
#include "gcc-common.h" /* GCC's headers: only there */

#include <stdarg.h>

#include "lower.h"

void bridge_note(Bridge *b, const char *fmt, ...)
{
	char *e = (char *)b->err;
	if (!e[0]) { /* the first note: "" is a literal, not the buffer */
		e = (char *)aalloc(b->fn->a, BRIDGE_NOTES);
		b->err = e;
	}
	size_t n = strlen(e);
	if (n + 4 >= BRIDGE_NOTES)
		return;
	if (n) {
		strcpy(e + n, "; ");
		n += 2;
	}
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(e + n, BRIDGE_NOTES - n, fmt, ap);
	va_end(ap);
}

/* ---------- the function ---------- */

/* d[0..n) by DECL_UID, stably (a decl listed twice stays adjacent):
 * insertion for a few, else least significant byte first over the
 * bytes the uids' range needs (two for a function's locals, mostly).
 * qsort cost 650 instructions on a 7-variable function, 1 M on one
 * with 7,660 locals listed by scope. */
static void sort_by_uid(tree *d, int n)
{
	if (n < 32) {
		for (int i = 1; i < n; i++) {
			tree x = d[i];
			int j = i;
			for (; j > 0 && DECL_UID(d[j - 1]) > DECL_UID(x); j--)
				d[j] = d[j - 1];
			d[j] = x;
		}
		return;
	}
	unsigned lo = DECL_UID(d[0]), hi = lo;
	for (int i = 1; i < n; i++) {
		unsigned u = DECL_UID(d[i]);
		lo = u < lo ? u : lo;
		hi = u > hi ? u : hi;
	}
	tree *tmp = (tree *)xmalloc((size_t)n * sizeof(tree)); /* not the IR's */
	tree *src = d, *dst = tmp;
	for (unsigned shift = 0; shift < 32 && ((hi - lo) >> shift); shift += 8) {
		int cnt[257];
		memset(cnt, 0, sizeof cnt);
		for (int i = 0; i < n; i++)
			cnt[((DECL_UID(src[i]) - lo) >> shift & 255) + 1]++;
		for (int k = 0; k < 256; k++)
			cnt[k + 1] += cnt[k];
		for (int i = 0; i < n; i++)
			dst[cnt[(DECL_UID(src[i]) - lo) >> shift & 255]++] = src[i];
		tree *t = src;
		src = dst;
		dst = t;
	}
	if (src != d)
		memcpy(d, src, (size_t)n * sizeof(tree));
	free(tmp);
}

/* What needs_to_live_in_memory asks of a RESULT_DECL d not returned by
 * reference: aggregate_value_p (d, current_function_decl), the target's
 * return_in_memory and hard_function_value (an rtx made each time),
 * about 1,000 instructions, the most of a small function's variables.
 * Its answer depends on the types (d's, the function's) and on the
 * function's target and optimization nodes only (d's DECL_BY_REFERENCE
 * is tested before), so the last few are kept; until GCC collects
 * (bridge_gc_start): a collected type's address may come back. */
typedef struct RetMemo {
	tree fntype, type, target, opt;
	int val;
} RetMemo;
enum { NRET_MEMO = 4 };
static RetMemo ret_memo[NRET_MEMO];
static int nret_memo, ret_next;

void bridge_gc_start(void)
{
	nret_memo = ret_next = 0;
	lower_gc_start();
}

static int result_aggregate(tree d)
{
	tree fn = current_function_decl;
	RetMemo m = { TREE_TYPE(fn), TREE_TYPE(d), DECL_FUNCTION_SPECIFIC_TARGET(fn),
	              DECL_FUNCTION_SPECIFIC_OPTIMIZATION(fn), 0 };
	for (int i = 0; i < nret_memo; i++)
		if (ret_memo[i].fntype == m.fntype && ret_memo[i].type == m.type &&
		    ret_memo[i].target == m.target && ret_memo[i].opt == m.opt)
			return ret_memo[i].val;
	m.val = aggregate_value_p(d, fn);
	ret_memo[ret_next] = m;
	ret_next = (ret_next + 1) % NRET_MEMO;
	if (nret_memo < NRET_MEMO)
		nret_memo++;
	return m.val;
}

/* needs_to_live_in_memory (tree.cc) of RESULT_DECL d, and is_gimple_reg
 * (gimple-expr.cc) of it: their tests in their order (a RESULT_DECL is
 * neither virtual nor a VAR_DECL), aggregate_value_p's answer kept. */
static int result_in_memory(tree d)
{
	return TREE_ADDRESSABLE(d) || is_global_var(d) ||
	       (!DECL_BY_REFERENCE(d) && result_aggregate(d));
}

static int result_is_reg(tree d)
{
	return is_gimple_reg_type(TREE_TYPE(d)) && !TREE_THIS_VOLATILE(d) &&
	       !result_in_memory(d) && !DECL_NOT_GIMPLE_REG_P(d);
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
	/* needs_to_live_in_memory is TREE_ADDRESSABLE, a global, or a
	 * RESULT_DECL returned in memory (aggregate_value_p, which asks the
	 * target for the return register: thousands of instructions); so
	 * without those two it can hold only for a RESULT_DECL, and never
	 * for a GCC register, whose test calls it (is_gimple_reg) first. */
	int result = TREE_CODE(d) == RESULT_DECL;
	/* -fchecking (the test runs use it): the copy of GCC's tests
	 * against GCC's own, so that a GCC that changes them is caught */
	if (result && flag_checking &&
	    (result_is_reg(d) != is_gimple_reg(d) || result_in_memory(d) != needs_to_live_in_memory(d)))
		die("lowering: the result of %s: is_gimple_reg %d, needs_to_live_in_memory %d, but "
		    "result_is_reg %d, result_in_memory %d (GCC changed the tests that ir-bridge/lower.cc copies)",
		    function_name(cfun), is_gimple_reg(d), needs_to_live_in_memory(d), result_is_reg(d),
		    result_in_memory(d));
	if (result ? result_is_reg(d) : is_gimple_reg(d))
		fl |= VF_GCC_REG;
	else if (result && result_in_memory(d) && !TREE_ADDRESSABLE(d) && !is_global_var(d))
		fl |= VF_IN_MEMORY;
	if (TREE_CODE(ty) == COMPLEX_TYPE)
		fl |= VF_COMPLEX;
	if (VECTOR_TYPE_P(ty))
		fl |= VF_VECTOR;
	return fl;
}

/* The name of decl d: its identifier's text (*id the identifier), else
 * "<retval>" or "D.<uid>" made in buf (*id NULL). */
static const char *decl_name(tree d, char *buf, size_t n, tree *id)
{
	*id = NULL_TREE;
	if (DECL_NAME(d) && IDENTIFIER_POINTER(DECL_NAME(d))) {
		*id = DECL_NAME(d);
		return IDENTIFIER_POINTER(*id);
	}
	if (TREE_CODE(d) == RESULT_DECL)
		return "<retval>";
	invariant(n >= 16);
	buf[0] = 'D', buf[1] = '.';
	*put_uint(buf + 2, DECL_UID(d)) = 0; /* "D.1234" */
	return buf;
}

/* The names in use among the allocas and arguments.  A name without
 * '.' or '<' can only be an identifier's text as it is ("x.addr",
 * "D.12", "<retval>" and "x.<uid>" all have one), and identifiers are
 * interned, so such a name is taken iff its identifier is: those are
 * kept by identifier (pointers compared, no copy, no string compare),
 * every other name by its text.  Each kind is kept in a short list,
 * searched in order, until it is full, then in a hash table: a small
 * function has a few names, and two tables (of 32-byte entries, at
 * least 8 of each) were a tenth of its memory. */
enum { NID = 16, NTEXT = 8 };
typedef struct Names {
	int nid, ntext;            /* names in the lists; -1: in the tables */
	tree ids[NID];
	const char *texts[NTEXT];  /* the arena's copies */
	int tlen[NTEXT];
	Hash id;    /* identifier nodes used as names */
	Hash text;  /* the other names, by text */
	int dotted; /* some variable's identifier has a '.' or '<' (-1: not known yet) */
	tree *d;    /* the variables */
	int nd;
} Names;

/* Names are short: a loop, not two memchr calls (26 instructions each). */
static int plain(const char *name, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (name[i] == '.' || name[i] == '<')
			return 0;
	return 1;
}

static int dotted(Names *s)
{
	if (s->dotted < 0) {
		s->dotted = 0;
		for (int i = 0; i < s->nd && !s->dotted; i++) {
			tree id = DECL_NAME(s->d[i]);
			s->dotted = id && IDENTIFIER_POINTER(id) &&
			            !plain(IDENTIFIER_POINTER(id), (size_t)IDENTIFIER_LENGTH(id));
		}
	}
	return s->dotted;
}

/* Whether name (n bytes) is in use, adding it if not: *out is then the
 * arena's copy (name itself when own: it is already one). */
static int names_add(L *l, Names *s, tree id, const char *name, size_t n, int own,
                     const char **out)
{
	int found;
	if (id && plain(name, n)) {
		if (s->nid >= 0) {
			for (int i = 0; i < s->nid; i++)
				if (s->ids[i] == id)
					return 0;
			if (s->nid < NID) {
				s->ids[s->nid++] = id;
				*out = own ? name : lstrdup(l, name, n);
				return 1;
			}
			/* A few distinct identifiers, mostly, however many
			 * the locals: the table grows as needed. */
			hash_init(&s->id, l->tmp, 2 * NID);
			for (int i = 0; i < NID; i++)
				hash_ptr(&s->id, s->ids[i], 0, &found);
			s->nid = -1;
		}
		hash_ptr(&s->id, id, 0, &found);
		if (!found)
			*out = own ? name : lstrdup(l, name, n);
		return !found;
	}
	if (s->ntext >= 0) {
		for (int i = 0; i < s->ntext; i++)
			if (s->tlen[i] == (int)n && !memcmp(s->texts[i], name, n))
				return 0;
		if (s->ntext < NTEXT) {
			*out = own ? name : lstrdup(l, name, n);
			s->texts[s->ntext] = *out;
			s->tlen[s->ntext++] = (int)n;
			return 1;
		}
		hash_init(&s->text, l->tmp, 2 * NTEXT);
		for (int i = 0; i < NTEXT; i++)
			hash_str(&s->text, s->texts[i], s->tlen[i], 0, &found);
		s->ntext = -1;
	}
	HEnt *e = hash_str(&s->text, name, (int)n, 0, &found);
	if (!found)
		e->k = *out = own ? name : lstrdup(l, name, n);
	return !found;
}

/* name (of identifier id, or NULL), or "name.<uid>" when name is
 * taken (shadowed locals); own: name is the arena's, kept as is. */
static const char *uniq(L *l, Names *s, tree id, const char *name, int own, unsigned uid)
{
	const char *r;
	size_t n = strlen(name);
	if (names_add(l, s, id, name, n, own, &r))
		return r;
	char buf[220];
	*put_uint(buf + strlen(cat2(buf, sizeof buf - 12, name, ".")), uid) = 0; /* "t.1234" */
	/* "x.<uid>" splits at its last dot into a name and a uid (one
	 * decl's): it can equal no other "x.<uid>", "x.addr", "D.<uid>" or
	 * "<retval>", only an identifier with a dot.  Without one, it need
	 * not be looked up or kept (temps: 6,651 shadowed locals). */
	if (id && plain(name, n) && !dotted(s))
		return lstrdup(l, buf, strlen(buf));
	if (names_add(l, s, NULL, buf, strlen(buf), 0, &r))
		return r;
	return lstrdup(l, buf, strlen(buf));
}

/* Parameter p: an argument of the core function, stored into its
 * alloca in the entry block. */
static void param(L *l, Names *names, tree p)
{
	int k = var_of(l, p);
	if (k < 0)
		return;
	Fn *f = l->f;
	BVar *bv = &l->b->var.v[k];
	int x = fn_val(f, VARG, vtype(l, k), NULL);
	/* bv->name is the arena's: no copy (fn_val would make one) */
	if (!l->lean) /* printed names, unique in the function */
		f->val.v[x].name = uniq(l, names, DECL_NAME(p), bv->name, 1, bv->uid);
	f->val.v[x].ins = f->arg.n;
	vpush(f->a, f->arg, x);
	emit_store(l, k, x);
}

/* The variables, in DECL_UID order (duplicates adjacent): *np of them,
 * *nparam the parameters among them (the static chain included), in
 * buf when they fit in its nbuf (the list is the lowering's only, not
 * the IR's), else in the arena. */
static tree *collect_vars(L *l, tree *buf, int nbuf, int *np, int *nparam)
{
	struct function *fun = l->fun;
	/* Exactly sized: the parameters, the static chain, the result and
	 * the locals (a doubling array left its copies behind) */
	int n = 0, cap = list_length(DECL_ARGUMENTS(fun->decl)) + 2 +
	                 (int)vec_safe_length(fun->local_decls);
	tree *d = cap <= nbuf ? buf : (tree *)aalloc_raw(l->tmp, (size_t)cap * sizeof(tree));
	unsigned ix;
	tree v;
#define ADD(x) do { if (n == cap) { tree *nd = (tree *)aalloc(l->tmp, (size_t)cap * 2 * sizeof(tree)); \
	memcpy(nd, d, (size_t)cap * sizeof(tree)); d = nd; cap *= 2; } d[n++] = (x); } while (0)
	for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p))
		ADD(p);
	/* The static chain of a nested function (CHAIN.N) is a parameter
	 * outside DECL_ARGUMENTS, and a register GCC renames. */
	if (fun->static_chain_decl)
		ADD(fun->static_chain_decl);
	*nparam = n;
	tree res = DECL_RESULT(fun->decl);
	if (res && !VOID_TYPE_P(TREE_TYPE(res)))
		ADD(res);
	/* In the order they were made (FOR_EACH_LOCAL_DECL runs backwards),
	 * which is mostly DECL_UID order, after the parameters, made
	 * first: the sort is then often a check. */
	FOR_EACH_VEC_SAFE_ELT(fun->local_decls, ix, v)
		if (VAR_P(v) && !is_global_var(v))
			ADD(v);
#undef ADD
	int sorted = 1;
	for (int i = 1; i < n && sorted; i++)
		sorted = DECL_UID(d[i - 1]) <= DECL_UID(d[i]);
	if (!sorted)
		sort_by_uid(d, n);
	*np = n;
	return d;
}

/* The line and column of a variable's DECL_SOURCE_LOCATION, as
 * expand_location gives them.  expand_location cost 170 instructions a
 * variable (a binary search of the line maps and the resolution
 * through macro maps); a function's variables mostly sit in one
 * ordinary map, so the last one found is kept with the range of
 * locations it covers (to the next map's start), and a location there
 * is expanded as linemap_expand_location does (SOURCE_LINE,
 * SOURCE_COLUMN).  An ad hoc location is read at its locus and a
 * reserved one is line 0, column 0, as expand_location reads them; a
 * macro location goes to expand_location.  The map is kept across
 * functions while the maps stay as they were when it was found (their
 * array, its length, where the macro maps begin: line_cache_valid),
 * since a new map may move them: a small function's first variables
 * missed it, about 370 instructions a function. */
typedef struct LineCache {
	const line_map_ordinary *m; /* NULL: none yet */
	location_t lo, hi;          /* m covers [lo, hi) */
	const line_maps *set;       /* the maps when m was found */
	const line_map_ordinary *base;
	unsigned used;
	location_t macro_lo;
} LineCache;
static LineCache line_cache;

static void line_cache_valid(LineCache *c)
{
	if (c->m && (c->set != line_table || c->base != LINEMAPS_ORDINARY_MAP_AT(line_table, 0) ||
	             c->used != LINEMAPS_ORDINARY_USED(line_table) ||
	             c->macro_lo != LINEMAPS_MACRO_LOWEST_LOCATION(line_table)))
		c->m = NULL;
}

static void decl_pos(LineCache *c, location_t loc, int *line, int *col)
{
	if (IS_ADHOC_LOC(loc))
		loc = get_location_from_adhoc_loc(line_table, loc);
	if (loc < RESERVED_LOCATION_COUNT) {
		*line = *col = 0;
		return;
	}
	if (c->m && loc >= c->lo && loc < c->hi) {
		*line = (int)SOURCE_LINE(c->m, loc);
		*col = (int)SOURCE_COLUMN(c->m, loc);
		return;
	}
	if (loc < LINEMAPS_MACRO_LOWEST_LOCATION(line_table)) {
		const line_map_ordinary *m = linemap_check_ordinary(linemap_lookup(line_table, loc));
		int ix = (int)(m - LINEMAPS_ORDINARY_MAP_AT(line_table, 0));
		if (m && ix >= 0 && ix < (int)LINEMAPS_ORDINARY_USED(line_table) &&
		    MAP_START_LOCATION(m) <= loc) {
			c->m = m;
			c->lo = MAP_START_LOCATION(m);
			c->hi = ix + 1 < (int)LINEMAPS_ORDINARY_USED(line_table)
			        ? MAP_START_LOCATION(LINEMAPS_ORDINARY_MAP_AT(line_table, ix + 1))
			        : LINEMAPS_MACRO_LOWEST_LOCATION(line_table);
			c->set = line_table;
			c->base = LINEMAPS_ORDINARY_MAP_AT(line_table, 0);
			c->used = LINEMAPS_ORDINARY_USED(line_table);
			c->macro_lo = LINEMAPS_MACRO_LOWEST_LOCATION(line_table);
			*line = (int)SOURCE_LINE(m, loc);
			*col = (int)SOURCE_COLUMN(m, loc);
			return;
		}
	}
	expanded_location xl = expand_location(loc);
	*line = xl.line;
	*col = xl.column;
}

/* The position of variable decl d, given to its alloca a (fn_pos). */
static void var_pos(Fn *f, tree d, int a)
{
	int line, col;
	decl_pos(&line_cache, DECL_SOURCE_LOCATION(d), &line, &col);
	fn_setpos(f, a, line, col);
}

/* The map var_of reads, for the variables d[0..n), sorted by uid: an
 * array over a window of their uids at most 16 a variable wide (4
 * bytes a uid; the hash map is 64 bytes a variable and a probe per
 * look-up), leaving out at most 4 at its ends; else the hash map. */
static void map_init(L *l, tree *d, int n)
{
	int best_a = -1;
	unsigned best = 0, room = 16u * (unsigned)n + 64;
	for (int out = 0; out <= 4 && best_a < 0; out++)
		for (int a = 0; a <= out; a++) {
			int b = out - a;
			if (a + b >= n)
				continue;
			unsigned span = DECL_UID(d[n - 1 - b]) - DECL_UID(d[a]) + 1;
			if (span <= room && (best_a < 0 || span < best)) {
				best_a = a;
				best = span;
			}
		}
	if (best_a < 0) {
		pm_init(l->tmp, &l->decl, n);
		return;
	}
	l->vlo = DECL_UID(d[best_a]);
	l->vn = best;
	l->vix = (int *)aalloc_raw(l->tmp, (size_t)best * sizeof(int));
	memset(l->vix, 0xff, (size_t)best * sizeof(int));
	l->nout = 0;
}

/* Decl t is variable k, in var_of's map. */
static void map_put(L *l, tree t, int k)
{
	if (!l->vix) {
		pm_put(&l->decl, t, 0, k);
		return;
	}
	unsigned u = DECL_UID(t) - l->vlo;
	if (u < l->vn) {
		l->vix[u] = k;
		return;
	}
	invariant(l->nout < 4); /* map_init left at most 4 out */
	for (int i = 0; i < l->nout; i++)
		if (l->outuid[i] == DECL_UID(t))
			return; /* listed twice */
	l->outuid[l->nout] = DECL_UID(t);
	l->outk[l->nout++] = k;
}

/* Make the variables d[0..n) (collect_vars), their allocas and the
 * parameter stores in core block 0. */
static void make_vars(L *l, tree *d, int n, int nparam)
{
	struct function *fun = l->fun;
	Fn *f = l->f;
	Bridge *b = l->b;
	map_init(l, d, n);
	l->a0 = f->ins.n;
	l->va0 = f->val.n;
	/* Exactly sized: grown by doubling from 4, each of these left its
	 * copies behind in the arena. */
	vreserve_exact(f->a, b->var, n);
	vreserve_exact(f->a, f->allocas, f->allocas.n + n);
	if (!l->lean) /* bridge_name_vars names LOWER_LEAN's when asked */
		vreserve_exact(f->a, f->pos, f->pos.n + n);
	vreserve_exact(f->a, f->arg, f->arg.n + nparam);
	/* Names of the allocas and arguments must be unique when printed. */
	line_cache_valid(&line_cache);
	Names names;
	names.d = d;
	names.nd = n;
	names.dotted = -1; /* asked when a local is first shadowed */
	names.nid = names.ntext = 0;
	for (int i = 0; i < n; i++) {
		if (i && d[i] == d[i - 1])
			continue;
		int k = b->var.n;
		map_put(l, d[i], k);
		BVar bv;
		memset(&bv, 0, sizeof bv);
		char buf[64];
		tree id = NULL_TREE;
		if (!l->lean) { /* LOWER_LEAN: bridge_name_vars, when asked */
			const char *nm = decl_name(d[i], buf, sizeof buf, &id);
			bv.name = lstrdup(l, nm, strlen(nm));
		}
		bv.flags = var_flags(d[i]);
		bv.uid = DECL_UID(d[i]);
		bv.loc = (uint64_t)DECL_SOURCE_LOCATION (d[i]);
		bv.decl = d[i];
		/* LOWER_LEAN: untyped (-1), as every access made of it: a
		 * type is only printed, and GCC accesses a register whole */
		int a = ins(l, OALLOCA, l->lean ? -1 : lower_type(l, TREE_TYPE(d[i])), 0, 0);
		invariant(a == l->a0 + k); /* vtype() */
		bv.alloca = a;
		/* Rewrite mode: GCC renames GIMPLE registers only; the
		 * others stay in memory whatever the core would do. */
		if ((bv.flags & VF_HARDREG) || (b->rewrite && !(bv.flags & VF_GCC_REG)))
			f->ins.v[a].reason = R_PINNED;
		/* Alloca names: "x", "x.addr" for a parameter (clang's), and
		 * "x.<uid>" when the name is taken (shadowed locals). */
		const char *an = NULL; /* LOWER_LEAN prints nothing: no name */
		if (l->lean)
			;
		else if (bv.flags & VF_PARM) {
			char pn[200];
			an = uniq(l, &names, NULL, cat2(pn, sizeof pn, bv.name, ".addr"), 0, bv.uid);
		} else
			an = uniq(l, &names, id, bv.name, 1, bv.uid);
		int x = fn_res(f, a, l->tptr, NULL);
		invariant(x == vaddr(l, k)); /* nothing else makes a value here */
		f->val.v[x].name = an; /* the arena's: not copied again */
		if (!l->lean)
			var_pos(f, d[i], a);
		vpush(f->a, b->var, bv);
	}
	for (tree p = DECL_ARGUMENTS(fun->decl); p; p = DECL_CHAIN(p))
		param(l, &names, p);
	if (fun->static_chain_decl)
		param(l, &names, fun->static_chain_decl);
}

/* Blocks: the core's entry, then one "bbN" per GCC block in chain order
 * (blk_of_bb, bb_of_blk). */
static void make_blocks(L *l)
{
	struct function *fun = l->fun;
	Bridge *b = l->b;
	Fn *f = l->f;
	b->nbb = last_basic_block_for_fn(fun);
	/* n_basic_blocks counts ENTRY and EXIT, which the chain does not
	 * hold: the core's entry and the chain's blocks fit in it. */
	int nblk = n_basic_blocks_for_fn(fun);
	/* The maps by GCC block and by core block, in one allocation (a
	 * small function's allocations were a fifth of its lowering):
	 * blk_of_bb starts at -1, the others at 0; the lowering's own map
	 * by SSA version, at -1. */
	l->ssa = (int *)aalloc_raw(l->tmp, ((size_t)l->nssa + 1) * sizeof(int));
	memset(l->ssa, 0xff, ((size_t)l->nssa + 1) * sizeof(int));
	size_t nneg = (size_t)b->nbb + 1;
	size_t nall = nneg + 3 * ((size_t)nblk + 1);
	int *m = (int *)aalloc_raw(f->a, nall * sizeof(int));
	memset(m, 0xff, nneg * sizeof(int));
	memset(m + nneg, 0, (nall - nneg) * sizeof(int));
	b->blk_of_bb = m;
	b->bb_of_blk = b->blk_of_bb + b->nbb + 1;
	b->ins0 = b->bb_of_blk + nblk + 1;
	b->opnd0 = b->ins0 + nblk + 1;
	/* the core's entry and the chain's blocks (not EXIT): no copies
	 * left behind, no room unused */
	vreserve_exact(f->a, f->blk, f->blk.n + nblk - 1);
	fn_blk(f, "entry");
	b->bb_of_blk[0] = -1;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		int k = fn_blk(f, NULL);
		if (!l->lean) { /* LOWER_LEAN prints nothing: numbered */
			/* "bb5", from the names' pool (fn_blk's copy takes 16 bytes) */
			char nm[32];
			nm[0] = 'b', nm[1] = 'b';
			size_t n = (size_t)(put_uint(nm + 2, (unsigned)bb->index) - nm);
			f->blk.v[k].name = lstrdup(l, nm, n);
		}
		if (k >= nblk)
			die("bridge: the block chain of %s holds more blocks than "
			    "n_basic_blocks_for_fn (%d, with ENTRY and EXIT) counts",
			    function_name(fun), nblk);
		b->bb_of_blk[k] = bb->index;
		b->blk_of_bb[bb->index] = k;
	}
}


/* The end of the core's entry block: to ENTRY's successors. */
static void entry_branch(L *l)
{
	struct function *fun = l->fun;
	Bridge *b = l->b;
	edge e;
	edge_iterator ei;
	int nl = 0;
	FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun)->succs)
		if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) && b->blk_of_bb[e->dest->index] >= 0)
			nl++;
	int i = nl == 1 ? ins(l, OBR, -1, 0, 1)
	        : nl ? emit_gen(l, OTERM, "edges", nl) : ins(l, ORET, -1, 0, 0);
	int j = 0;
	FOR_EACH_EDGE(e, ei, ENTRY_BLOCK_PTR_FOR_FN(fun)->succs)
		if (e->dest != EXIT_BLOCK_PTR_FOR_FN(fun) && b->blk_of_bb[e->dest->index] >= 0)
			l->f->ins.v[i].lab[j++] = b->blk_of_bb[e->dest->index];
}

/* Every GCC block into its core block (b->ins0: the first instruction of
 * each); returns 1 if the function has abnormal edges. */
static int lower_blocks(L *l)
{
	struct function *fun = l->fun;
	Bridge *b = l->b;
	Fn *f = l->f;
	int abnormal = fun->calls_setjmp || fun->has_nonlocal_label;
	basic_block bb;
	FOR_EACH_BB_FN(bb, fun) {
		l->blk = b->blk_of_bb[bb->index];
		b->ins0[l->blk] = f->ins.n; /* blocks are made in this order */
		b->opnd0[l->blk] = l->opnd.n;
		edge e;
		edge_iterator ei;
		FOR_EACH_EDGE(e, ei, bb->succs)
			if (e->flags & EDGE_ABNORMAL)
				abnormal = 1;
		lower_block(l, bb);
	}
	b->ins0[f->blk.n] = f->ins.n;
	b->opnd0[f->blk.n] = l->opnd.n;
	return abnormal;
}

/* Each block's instruction list, in creation order (which is program
 * order within a block).  Every instruction is made in the current
 * block (l->blk): the entry's first, then each block's in a row, in
 * the order of b->ins0.  So each list is a range of one array of the
 * ids, without a sort (a counting sort by block was two passes over
 * the instructions). */
static void fill_blocks(Fn *f, const Bridge *b)
{
	int nb = f->blk.n, n = f->ins.n;
	int *all = (int *)aalloc_raw(f->a, (size_t)(n + 1) * sizeof(int));
	for (int i = 0; i < n; i++)
		all[i] = i;
	for (int k = 0; k < nb; k++) {
		Blk *bk = &f->blk.v[k];
		int i0 = b->ins0[k], i1 = b->ins0[k + 1];
		invariant(bk->ins.n == 0 && i0 <= i1); /* nothing was appended */
		invariant(i0 == i1 || (f->ins.v[i0].blk == k && f->ins.v[i1 - 1].blk == k));
		bk->ins.v = all + i0;
		bk->ins.n = bk->ins.cap = i1 - i0; /* a later append reallocates */
	}
}

Bridge *bridge_lower(struct function *fun, int mode, const BScan *scan)
{
	if (!fun || !fun->cfg || !fun->decl)
		return NULL;
	/* LOWER_LEAN prints nothing: no name (function_name pretty-prints,
	 * and demangles after LTO's streaming) */
	const char *fname = mode == LOWER_LEAN ? "" : function_name(fun);
	long long t0 = m2r_now();
	Fn *f = fn_new(fname ? fname : "?");
	Bridge *b = (Bridge *)aalloc(f->a, sizeof *b);
	b->fn = f;
	b->err = "";
	b->rewrite = mode != LOWER_ANALYZE;
	L lw;
	memset(&lw, 0, sizeof lw);
	L *l = &lw;
	l->b = b;
	l->f = f;
	l->fun = fun;
	l->tmp = arena_new();
	l->lean = mode == LOWER_LEAN;
	l->tptr = l->lean ? -1 : fn_type_ref(f, "ptr"); /* LOWER_LEAN: untyped */
	l->nssa = fun->gimple_df ? (int)vec_safe_length(fun->gimple_df->ssa_names) : 0;

	make_blocks(l);
	/* Entry: allocas, parameter stores, branch to the first block. */
	l->blk = 0;
	l->stmt = NULL;
	int nvar, nparam;
	tree vbuf[64];
	tree *vars = collect_vars(l, vbuf, 64, &nvar, &nparam);
	reserve_tables(l, nvar, nparam, scan);
	make_vars(l, vars, nvar, nparam);
	b->vop = l->vopaddr = -1;
	if (b->rewrite && fun->gimple_df && gimple_vop(fun)) {
		/* .MEM (Bridge.vop): after the variables, whose allocas are
		 * in a row (vtype) */
		b->vop = ins(l, OALLOCA, l->tptr, 0, 0);
		l->vopaddr = fn_res(f, b->vop, l->tptr, ".MEM");
	}
	if (!l->lean) /* for the dumps */
		f->ret = lower_type(l, TREE_TYPE(TREE_TYPE(fun->decl)));
	entry_branch(l);
	if (lower_blocks(l))
		for (int k = 0; k < b->var.n; k++)
			b->var.v[k].flags |= VF_ABNORMAL;
	fill_blocks(f, b);
	arena_free(l->tmp);

	b->site = l->lean ? NULL : l->site.v;
	b->stmts = l->stmts.v;
	b->opnd = l->opnd.v;
	b->dbind = l->dbind.v;
	b->ndbind = l->dbind.n;
	b->nsite = l->site.n;
	invariant(l->lean || b->nsite == f->ins.n); /* a site per instruction */
	for (int k = 1; l->lean && k < f->blk.n; k++) /* bridge_site_stmt */
		invariant(b->opnd0[k + 1] - b->opnd0[k] == b->ins0[k + 1] - b->ins0[k] - 1);
	b->lower_ns = m2r_now() - t0;
	return b;
}

void bridge_name_vars(Bridge *b)
{
	Fn *f = b->fn;
	if (!b->var.n || b->var.v[0].name)
		return; /* not LOWER_LEAN's, or named already */
	invariant(f->pos.n == 0); /* the allocas' positions, in order */
	vreserve_exact(f->a, f->pos, b->var.n);
	line_cache_valid(&line_cache);
	for (int k = 0; k < b->var.n; k++) {
		BVar *bv = &b->var.v[k];
		char buf[64];
		tree id, d = (tree)bv->decl;
		const char *nm = decl_name(d, buf, sizeof buf, &id);
		bv->name = astrndup(f->a, nm, strlen(nm));
		var_pos(f, d, bv->alloca);
	}
}

const char *bridge_var_name(Bridge *b, int k)
{
	bridge_name_vars(b);
	return b->var.v[k].name;
}

void bridge_free(Bridge *b)
{
	if (b)
		fn_free(b->fn); /* b itself lives in the arena */
}
