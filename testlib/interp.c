/* interp.c - a reference interpreter for the textual IR (the subset
 * interp.h describes).
 *
 * It exists to judge the promotion: run a function before and after,
 * compare what it observed.  So it is written for obviousness, not
 * speed, and shares nothing with the promotion: every instruction is
 * decoded once from its fields (parsed instructions) or its template
 * text (generic ones), then the blocks are executed one by one.
 *
 * Values are (bits, undefined) pairs; undefined is sticky: anything
 * computed from an undefined value is undefined (a conservative model of
 * undef and poison).  Memory is one byte array per executed alloca with
 * an undefined flag per byte; a pointer is the object's number (1-based,
 * 0 is null).  Whatever the decoder does not recognise becomes an
 * "unsupported" instruction: the verdict, if it is ever executed.
 */
#include "interp.h"

#include <stdlib.h>
#include <string.h>

enum {
	K_UNSUP, K_BIN, K_ICMP, K_SELECT, K_CAST, K_FREEZE, K_INPUT, K_OBSERVE, K_NOP,
	K_ALLOCA, K_LOAD, K_STORE, K_PHI, K_BR, K_CBR, K_SWITCH, K_RET, K_UNREACH
};
enum { B_ADD, B_SUB, B_MUL, B_UDIV, B_SDIV, B_UREM, B_SREM, B_AND, B_OR, B_XOR, B_SHL, B_LSHR,
       B_ASHR };
enum { C_EQ, C_NE, C_UGT, C_UGE, C_ULT, C_ULE, C_SGT, C_SGE, C_SLT, C_SLE };
enum { X_ZEXT, X_SEXT, X_TRUNC };
enum { F_NUW = 1, F_NSW = 2, F_EXACT = 4 };
enum { MAXMEM = 1 << 22 };

/* An operand: a value id (>= 0), or a literal when val < 0. */
typedef struct {
	int val;
	uint8_t undef;
	uint64_t c;
} Opnd;

typedef struct {
	uint8_t kind, sub, flags;
	int w, wsrc;    /* result width, operand width (casts, icmp, store) */
	int nop, ow[3]; /* operands and the width each is read with */
	Opnd o[3];
	const char *why; /* K_UNSUP */
} Dec;

typedef struct {
	uint64_t v;
	uint8_t undef, set;
} Cell;

typedef struct {
	size_t size;
	uint8_t *b, *u; /* bytes, undefined flags */
} Obj;

typedef struct {
	Fn *f;
	Interp *it;
	Dec *dec;
	Cell *val;
	Obj *obj;
	int nobj, capobj;
	size_t mem;
	int nin;
} Run;

static uint64_t mask(int w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

static int64_t sx(uint64_t v, int w)
{
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = (uint64_t)1 << (w - 1);
	v &= mask(w);
	return (int64_t)((v ^ m) - m);
}

const char *verdict_name(int v)
{
	static const char *const n[] = {"return", "undefined-behaviour", "undefined-branch",
	                                "unreachable", "non-termination", "unsupported"};
	return v >= 0 && v < NVERDICT ? n[v] : "?";
}

/* Width of a type text: iN -> N, a pointer -> 64 (as a pointer), else 0. */
static int width_of(const char *t, size_t n)
{
	if (n >= 2 && t[0] == 'i') {
		int w = 0;
		for (size_t k = 1; k < n; k++) {
			if (t[k] < '0' || t[k] > '9' || w > 64)
				return 0;
			w = w * 10 + (t[k] - '0');
		}
		return w >= 1 && w <= 64 ? w : 0;
	}
	if ((n == 3 && !memcmp(t, "ptr", 3)) || (n && t[n - 1] == '*'))
		return 64;
	return 0;
}

static int type_width(Fn *f, int t)
{
	if (t < 0)
		return 0;
	const char *s = fn_typestr(f, t);
	return width_of(s, strlen(s));
}

/* A literal: integer, true/false, null, zeroinitializer, undef, poison. */
static int literal(const char *s, size_t n, Opnd *o)
{
	o->val = -1;
	o->undef = 0;
	o->c = 0;
	if ((n == 5 && !memcmp(s, "undef", 5)) || (n == 6 && !memcmp(s, "poison", 6))) {
		o->undef = 1;
		return 1;
	}
	if ((n == 4 && !memcmp(s, "true", 4))) {
		o->c = 1;
		return 1;
	}
	if ((n == 5 && !memcmp(s, "false", 5)) || (n == 4 && !memcmp(s, "null", 4)) ||
	    (n == 15 && !memcmp(s, "zeroinitializer", 15)))
		return 1;
	size_t k = 0;
	int neg = 0;
	if (k < n && s[k] == '-')
		neg = 1, k++;
	if (k == n)
		return 0;
	uint64_t v = 0;
	for (; k < n; k++) {
		if (s[k] < '0' || s[k] > '9')
			return 0;
		v = v * 10 + (uint64_t)(s[k] - '0'); /* wraps: only the low bits matter */
	}
	o->c = neg ? (uint64_t)0 - v : v;
	return 1;
}

static void val_opnd(Fn *f, int v, Opnd *o)
{
	o->val = -1;
	o->undef = 0;
	o->c = 0;
	if (v < 0) {
		o->undef = 1;
		return;
	}
	v = val_res(f, v);
	const Val *x = &f->val.v[v];
	switch (x->kind) {
	case VCONST:
		if (!x->name || !literal(x->name, strlen(x->name), o)) {
			o->val = -2; /* unsupported constant */
		}
		return;
	case VUNDEF:
	case VPOISON:
		o->undef = 1;
		return;
	case VARG:
	case VINS:
		o->val = v;
		return;
	default:
		o->val = -2;
		return;
	}
}

/* ---------- decoding generic templates ---------- */

typedef struct {
	const char *s;
	const Ins *in;
	int k; /* next operand */
} Tpl;

static void skipsp(Tpl *t)
{
	while (*t->s == ' ' || *t->s == '\t' || *t->s == '\n' || *t->s == '\r')
		t->s++;
}

static int isw(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.' || c == '-' || c == '$';
}

/* The next word (letters, digits, . _ - $), or 0 chars. */
static size_t word(Tpl *t, const char **w)
{
	skipsp(t);
	*w = t->s;
	while (isw((unsigned char)*t->s))
		t->s++;
	return (size_t)(t->s - *w);
}

static int weq(const char *w, size_t n, const char *lit)
{
	return strlen(lit) == n && !memcmp(w, lit, n);
}

static int punct(Tpl *t, int c)
{
	skipsp(t);
	if (*t->s != c)
		return 0;
	t->s++;
	return 1;
}

static int type_tok(Tpl *t)
{
	const char *w;
	size_t n = word(t, &w);
	while (*t->s == '*')
		t->s++, n = (size_t)(t->s - w);
	return width_of(w, n);
}

static int opnd(Fn *f, Tpl *t, Opnd *o)
{
	skipsp(t);
	if (*t->s == T_VAL) {
		t->s++;
		if (t->k >= t->in->nop)
			return 0;
		val_opnd(f, t->in->ops[t->k++], o);
		return o->val != -2;
	}
	const char *w;
	size_t n = word(t, &w);
	return n && literal(w, n, o);
}

static int at_end(Tpl *t)
{
	skipsp(t);
	if (*t->s == ',') { /* trailing metadata: ", !dbg !7" */
		const char *p = t->s + 1;
		while (*p == ' ')
			p++;
		return *p == '!';
	}
	return *t->s == 0;
}

static int flag_word(const char *w, size_t n, uint8_t *fl)
{
	if (weq(w, n, "nuw"))
		*fl |= F_NUW;
	else if (weq(w, n, "nsw"))
		*fl |= F_NSW;
	else if (weq(w, n, "exact"))
		*fl |= F_EXACT;
	else if (!weq(w, n, "nneg") && !weq(w, n, "disjoint") && !weq(w, n, "samesign"))
		return 0;
	return 1;
}

static int name_is(const char *nm, size_t n, const char *base)
{
	size_t k = strlen(base);
	return n >= k && !memcmp(nm, base, k) && (n == k || nm[k] == '.');
}

/* call [tail etc.] [attrs] RET @name(T [attrs] V, ...) [attrs] */
static void dec_call(Fn *f, Tpl *t, Dec *d)
{
	const char *at = strchr(t->s, '@');
	if (!at) {
		d->why = "indirect call";
		return;
	}
	/* the return type: the word before @name */
	const char *e = at;
	while (e > t->s && e[-1] == ' ')
		e--;
	const char *b = e;
	while (b > t->s && (isw((unsigned char)b[-1]) || b[-1] == '*'))
		b--;
	int rw = width_of(b, (size_t)(e - b));
	int isvoid = weq(b, (size_t)(e - b), "void");
	const char *nm = at + 1;
	size_t nn = 0;
	while (isw((unsigned char)nm[nn]))
		nn++;
	/* operands before the callee (none expected) */
	for (const char *p = t->s; p < at; p++)
		if (*p == T_VAL) {
			d->why = "operand before the callee";
			return;
		}
	t->s = nm + nn;
	if (name_is(nm, nn, "input")) {
		if (!rw || !punct(t, '(') || !punct(t, ')') || !at_end(t)) {
			d->why = "bad @input call";
			return;
		}
		d->kind = K_INPUT;
		d->w = rw;
	} else if (name_is(nm, nn, "observe")) {
		if (!isvoid || !punct(t, '(')) {
			d->why = "bad @observe call";
			return;
		}
		int w = type_tok(t);
		const char *x;
		/* parameter attributes (noundef, signext, ...) */
		for (;;) {
			skipsp(t);
			if (*t->s == T_VAL)
				break;
			Tpl save = *t;
			size_t n = word(t, &x);
			Opnd tmp;
			if (!n || literal(x, n, &tmp)) {
				*t = save;
				break;
			}
		}
		if (!w || !opnd(f, t, &d->o[0]) || !punct(t, ')') || !at_end(t)) {
			d->why = "bad @observe call";
			return;
		}
		d->kind = K_OBSERVE;
		d->wsrc = w;
		d->nop = 1;
	} else if (name_is(nm, nn, "escape") || (nn > 6 && !memcmp(nm, "escape", 6)) ||
	           name_is(nm, nn, "llvm.lifetime.start") || name_is(nm, nn, "llvm.lifetime.end") ||
	           (nn > 9 && !memcmp(nm, "llvm.dbg.", 9))) {
		if (!isvoid) {
			d->why = "non-void no-op call";
			return;
		}
		d->kind = K_NOP;
	} else {
		d->why = "call of an unknown function";
	}
}

static void dec_gen(Fn *f, const Ins *in, Dec *d)
{
	static const char *const bins[] = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem",
	                                   "and", "or", "xor", "shl", "lshr", "ashr", 0};
	static const char *const preds[] = {"eq", "ne", "ugt", "uge", "ult", "ule",
	                                    "sgt", "sge", "slt", "sle", 0};
	static const char *const casts[] = {"zext", "sext", "trunc", 0};
	Tpl t = {in->text ? in->text : "", in, 0};
	const char *w;
	size_t n = word(&t, &w);
	d->why = "unsupported operation";
	for (;;) {
		if (weq(w, n, "tail") || weq(w, n, "musttail") || weq(w, n, "notail"))
			n = word(&t, &w);
		else
			break;
	}
	if (weq(w, n, "call")) {
		dec_call(f, &t, d);
		goto check_ops;
	}
	for (int k = 0; bins[k]; k++)
		if (weq(w, n, bins[k])) {
			d->sub = (uint8_t)k;
			const char *x;
			size_t m;
			for (;;) {
				Tpl save = t;
				m = word(&t, &x);
				if (!m || !flag_word(x, m, &d->flags)) {
					t = save;
					break;
				}
			}
			d->w = type_tok(&t);
			if (!d->w || !opnd(f, &t, &d->o[0]) || !punct(&t, ',') ||
			    !opnd(f, &t, &d->o[1]) || !at_end(&t))
				return;
			d->wsrc = d->w;
			d->nop = 2;
			d->kind = K_BIN;
			goto check_ops;
		}
	if (weq(w, n, "icmp")) {
		const char *x;
		size_t m = word(&t, &x);
		for (int k = 0; preds[k]; k++)
			if (weq(x, m, preds[k])) {
				d->sub = (uint8_t)k;
				d->wsrc = type_tok(&t);
				if (!d->wsrc || !opnd(f, &t, &d->o[0]) || !punct(&t, ',') ||
				    !opnd(f, &t, &d->o[1]) || !at_end(&t))
					return;
				d->w = 1;
				d->nop = 2;
				d->kind = K_ICMP;
				goto check_ops;
			}
		return;
	}
	if (weq(w, n, "select")) {
		if (type_tok(&t) != 1 || !opnd(f, &t, &d->o[0]) || !punct(&t, ','))
			return;
		d->w = type_tok(&t);
		if (!d->w || !opnd(f, &t, &d->o[1]) || !punct(&t, ',') || type_tok(&t) != d->w ||
		    !opnd(f, &t, &d->o[2]) || !at_end(&t))
			return;
		d->nop = 3;
		d->kind = K_SELECT;
		goto check_ops;
	}
	if (weq(w, n, "freeze")) {
		d->w = type_tok(&t);
		if (!d->w || !opnd(f, &t, &d->o[0]) || !at_end(&t))
			return;
		d->wsrc = d->w;
		d->nop = 1;
		d->kind = K_FREEZE;
		goto check_ops;
	}
	for (int k = 0; casts[k]; k++)
		if (weq(w, n, casts[k])) {
			const char *x;
			d->sub = (uint8_t)k;
			for (;;) {
				Tpl save = t;
				size_t m = word(&t, &x);
				uint8_t fl = 0;
				if (!m || !flag_word(x, m, &fl)) {
					t = save;
					break;
				}
			}
			d->wsrc = type_tok(&t);
			if (!d->wsrc || !opnd(f, &t, &d->o[0]))
				return;
			size_t m = word(&t, &x);
			if (!weq(x, m, "to"))
				return;
			d->w = type_tok(&t);
			if (!d->w || !at_end(&t))
				return;
			if (k == X_TRUNC ? d->w >= d->wsrc : d->w <= d->wsrc)
				return; /* invalid cast */
			d->nop = 1;
			d->kind = K_CAST;
			goto check_ops;
		}
	return;
check_ops:
	/* every operand of the instruction must have been consumed */
	if (d->kind != K_UNSUP && d->kind != K_NOP && t.k != in->nop) {
		d->kind = K_UNSUP;
		d->why = "unexpected operands";
	}
}

static void decode(Fn *f, const Ins *in, Dec *d)
{
	memset(d, 0, sizeof *d);
	d->why = "unsupported instruction";
	switch (in->op) {
	case OALLOCA:
		d->w = type_width(f, in->type);
		if (!d->w) {
			d->why = "alloca of a type other than iN or ptr";
			return;
		}
		d->nop = in->nop ? 1 : 0;
		if (in->nop)
			val_opnd(f, in->ops[0], &d->o[0]);
		if (in->nop && d->o[0].val == -2) {
			d->why = "alloca count";
			return;
		}
		d->kind = K_ALLOCA;
		return;
	case OLOAD:
		d->w = type_width(f, in->type);
		if (!d->w || in->nop != 1) {
			d->why = "load of a type other than iN or ptr";
			return;
		}
		val_opnd(f, in->ops[0], &d->o[0]);
		d->nop = 1;
		d->kind = d->o[0].val == -2 ? K_UNSUP : K_LOAD;
		return;
	case OSTORE:
		d->w = type_width(f, in->type);
		if (!d->w || in->nop != 2) {
			d->why = "store of a type other than iN or ptr";
			return;
		}
		val_opnd(f, in->ops[0], &d->o[0]);
		val_opnd(f, in->ops[1], &d->o[1]);
		d->nop = 2;
		d->kind = d->o[0].val == -2 || d->o[1].val == -2 ? K_UNSUP : K_STORE;
		return;
	case OPHI:
		d->w = type_width(f, in->type);
		if (!d->w) {
			d->why = "phi of a type other than iN or ptr";
			return;
		}
		d->kind = K_PHI;
		return;
	case OBR:
		d->kind = in->nlab == 1 ? K_BR : K_UNSUP;
		return;
	case OCBR:
		if (in->nop != 1 || in->nlab != 2)
			return;
		val_opnd(f, in->ops[0], &d->o[0]);
		d->nop = 1;
		d->kind = d->o[0].val == -2 ? K_UNSUP : K_CBR;
		return;
	case OSWITCH:
		d->w = type_width(f, in->type);
		if (!d->w || in->nop < 1 || in->nlab != in->nop)
			return;
		d->kind = K_SWITCH;
		return;
	case ORET:
		d->w = in->nop ? type_width(f, in->type) : 0;
		if (in->nop && !d->w) {
			d->why = "ret of a type other than iN or ptr";
			return;
		}
		if (in->nop)
			val_opnd(f, in->ops[0], &d->o[0]);
		d->nop = in->nop ? 1 : 0;
		d->kind = d->o[0].val == -2 ? K_UNSUP : K_RET;
		return;
	case OUNREACH:
		d->kind = K_UNREACH;
		return;
	case OGEN:
		dec_gen(f, in, d);
		return;
	default:
		d->why = "generic terminator";
		return;
	}
}

/* The width each operand is read with. */
static void widths(Dec *d)
{
	for (int o = 0; o < 3; o++)
		d->ow[o] = d->w;
	switch (d->kind) {
	case K_ICMP:
	case K_CAST:
	case K_OBSERVE:
		d->ow[0] = d->ow[1] = d->wsrc;
		break;
	case K_SELECT:
		d->ow[0] = 1;
		break;
	case K_ALLOCA:
	case K_LOAD:
		d->ow[0] = 64;
		break;
	case K_STORE:
		d->ow[1] = 64;
		break;
	case K_CBR:
		d->ow[0] = 1;
		break;
	}
}

/* ---------- execution ---------- */

static int stop(Run *R, int v, const char *fmt, const char *arg)
{
	Interp *it = R->it;
	it->verdict = v;
	snprintf(it->msg, sizeof it->msg, fmt, arg ? arg : "");
	return v;
}

/* Value of an operand, masked to w bits; returns 0 if it is not defined
 * yet (use before definition: the function is not valid SSA). */
static int get(Run *R, const Opnd *o, int w, Cell *out)
{
	if (o->val < 0) {
		out->v = o->c & mask(w);
		out->undef = o->undef;
		return 1;
	}
	const Cell *c = &R->val[o->val];
	if (!c->set)
		return 0;
	out->v = c->v & mask(w);
	out->undef = c->undef;
	return 1;
}

static void set(Run *R, const Ins *in, uint64_t v, int undef, int w)
{
	if (in->res < 0)
		return;
	Cell *c = &R->val[in->res];
	c->v = v & mask(w);
	c->undef = (uint8_t)(undef != 0);
	c->set = 1;
}

static void trace(Run *R, uint64_t v, int undef)
{
	Interp *it = R->it;
	if (it->ntrace == it->cap_) {
		int cap = it->cap_ ? 2 * it->cap_ : 64;
		uint64_t *t = realloc(it->trace, (size_t)cap * sizeof *t);
		uint8_t *u = t ? realloc(it->tundef, (size_t)cap) : NULL;
		if (!t || !u) {
			if (t)
				it->trace = t;
			return; /* out of memory: the trace is cut (never here in practice) */
		}
		it->trace = t;
		it->tundef = u;
		it->cap_ = cap;
	}
	it->trace[it->ntrace] = v;
	it->tundef[it->ntrace++] = (uint8_t)(undef != 0);
}

/* The arithmetic; returns the message of undefined behaviour, or NULL. */
static const char *binop(int op, int fl, int w, Cell a, Cell b, Cell *r)
{
	uint64_t m = mask(w), x = a.v, y = b.v, v = 0;
	int u = a.undef || b.undef;
	int64_t sa = sx(x, w), sb = sx(y, w);
	switch (op) {
	case B_ADD:
	case B_SUB: {
		__int128 sr = op == B_ADD ? (__int128)sa + sb : (__int128)sa - sb;
		v = op == B_ADD ? x + y : x - y;
		if ((fl & F_NUW) && (op == B_ADD ? (v & m) < x : y > x))
			u = 1;
		if ((fl & F_NSW) && sr != (__int128)sx(v, w))
			u = 1;
		break;
	}
	case B_MUL:
		v = x * y;
		if (fl & F_NUW) {
			unsigned __int128 p = (unsigned __int128)x * y;
			if (p > m)
				u = 1;
		}
		if (fl & F_NSW) {
			__int128 p = (__int128)sa * sb;
			if (p != (__int128)sx(v, w))
				u = 1;
		}
		break;
	case B_UDIV:
	case B_UREM:
	case B_SDIV:
	case B_SREM:
		if (b.undef)
			return "division by an undefined value";
		if (y == 0)
			return "division by zero";
		if ((op == B_SDIV || op == B_SREM) && sb == -1 && x == ((m >> 1) + 1))
			return "signed division overflow";
		if (op == B_UDIV)
			v = x / y, u |= (fl & F_EXACT) && x % y;
		else if (op == B_UREM)
			v = x % y;
		else if (op == B_SDIV)
			v = (uint64_t)(sa / sb), u |= (fl & F_EXACT) && sa % sb;
		else
			v = (uint64_t)(sa % sb);
		break;
	case B_AND: v = x & y; break;
	case B_OR: v = x | y; break;
	case B_XOR: v = x ^ y; break;
	case B_SHL:
	case B_LSHR:
	case B_ASHR:
		if (y >= (uint64_t)w) {
			u = 1; /* poison */
			break;
		}
		if (op == B_SHL) {
			v = x << y;
			if ((fl & F_NUW) && ((v & m) >> y) != x)
				u = 1;
			if ((fl & F_NSW) && sx(v, w) >> y != sa)
				u = 1;
		} else if (op == B_LSHR) {
			v = x >> y;
			if ((fl & F_EXACT) && (v << y) != x)
				u = 1;
		} else {
			v = (uint64_t)(sa >> y);
			if ((fl & F_EXACT) && ((v << y) & m) != x)
				u = 1;
		}
		break;
	}
	r->v = v & m;
	r->undef = (uint8_t)u;
	return NULL;
}

static int icmp(int p, int w, uint64_t x, uint64_t y)
{
	int64_t a = sx(x, w), b = sx(y, w);
	switch (p) {
	case C_EQ: return x == y;
	case C_NE: return x != y;
	case C_UGT: return x > y;
	case C_UGE: return x >= y;
	case C_ULT: return x < y;
	case C_ULE: return x <= y;
	case C_SGT: return a > b;
	case C_SGE: return a >= b;
	case C_SLT: return a < b;
	default: return a <= b;
	}
}

static Obj *object(Run *R, Cell p, size_t n, const char **why)
{
	if (p.undef) {
		*why = "access through an undefined pointer";
		return NULL;
	}
	if (p.v == 0 || p.v > (uint64_t)R->nobj) {
		*why = "access through a pointer that is not an alloca";
		return NULL;
	}
	Obj *o = &R->obj[p.v - 1];
	if (n > o->size) {
		*why = "access out of bounds";
		return NULL;
	}
	return o;
}

/* Enter block b from block from (-1: the function's entry). */
static int enter(Run *R, int b, int from)
{
	Fn *f = R->f;
	Blk *bk = &f->blk.v[b];
	int nphi = 0;
	Cell tmp[64];
	Cell *buf = tmp;
	for (int j = 0; j < bk->ins.n; j++) {
		const Ins *in = &f->ins.v[bk->ins.v[j]];
		if (in->flags & IDEAD)
			continue;
		if (in->op != OPHI)
			break;
		nphi++;
	}
	if (!nphi)
		return -1;
	if (from < 0)
		return stop(R, IV_UNSUPPORTED, "phi in the entry block%s", NULL);
	if (nphi > 64 && !(buf = malloc((size_t)nphi * sizeof *buf)))
		return stop(R, IV_UNSUPPORTED, "out of memory%s", NULL);
	int k = 0, r = -1;
	/* parallel: read every incoming value first */
	for (int j = 0; j < bk->ins.n && k < nphi; j++) {
		int i = bk->ins.v[j];
		const Ins *in = &f->ins.v[i];
		if (in->flags & IDEAD)
			continue;
		const Dec *d = &R->dec[i];
		if (d->kind != K_PHI) {
			r = stop(R, IV_UNSUPPORTED, "%s", d->why);
			goto out;
		}
		int e = -1;
		for (int q = 0; q < in->nlab && q < in->nop; q++)
			if (in->lab[q] == from) {
				if (e < 0) {
					e = q;
				} else if (val_res(f, in->ops[q]) != val_res(f, in->ops[e])) {
					r = stop(R, IV_UNSUPPORTED,
					         "phi with different values for one predecessor%s", NULL);
					goto out;
				}
			}
		if (e < 0) {
			r = stop(R, IV_UNSUPPORTED, "phi without an entry for the predecessor%s", NULL);
			goto out;
		}
		Opnd o;
		val_opnd(f, in->ops[e], &o);
		if (o.val == -2 || !get(R, &o, d->w, &buf[k])) {
			r = stop(R, IV_UNSUPPORTED, "phi operand %s", o.val == -2 ? "unsupported" : "used before its definition");
			goto out;
		}
		k++;
	}
	k = 0;
	for (int j = 0; j < bk->ins.n && k < nphi; j++) {
		const Ins *in = &f->ins.v[bk->ins.v[j]];
		if (in->flags & IDEAD)
			continue;
		set(R, in, buf[k].v, buf[k].undef, R->dec[bk->ins.v[j]].w);
		k++;
	}
out:
	if (buf != tmp)
		free(buf);
	return r;
}

/* The instructions with most to do, out of exec(): each returns -1 to
 * go on, else the verdict (stop() has recorded why). */
static int x_alloca(Run *R, const Ins *in, const Dec *d, const Cell *v)
{
	uint64_t cnt = 1;
	if (d->nop) {
		if (v[0].undef)
			return stop(R, IV_UB, "alloca with an undefined count%s", NULL);
		cnt = d->o[0].val < 0 ? d->o[0].c : v[0].v;
	}
	uint64_t sz = (uint64_t)((d->w + 7) / 8) * cnt;
	if (cnt > MAXMEM || sz > MAXMEM || R->mem + sz > MAXMEM)
		return stop(R, IV_UNSUPPORTED, "memory limit%s", NULL);
	if (R->nobj == R->capobj) {
		int cap = R->capobj ? 2 * R->capobj : 16;
		Obj *o = realloc(R->obj, (size_t)cap * sizeof *o);
		if (!o)
			return stop(R, IV_UNSUPPORTED, "out of memory%s", NULL);
		R->obj = o;
		R->capobj = cap;
	}
	Obj *o = &R->obj[R->nobj];
	o->size = (size_t)sz;
	o->b = calloc((size_t)sz + 1, 1);
	o->u = malloc((size_t)sz + 1);
	if (!o->b || !o->u) {
		free(o->b);
		free(o->u);
		return stop(R, IV_UNSUPPORTED, "out of memory%s", NULL);
	}
	memset(o->u, 1, (size_t)sz + 1);
	R->nobj++;
	R->mem += (size_t)sz;
	set(R, in, (uint64_t)R->nobj, 0, 64);
	return -1;
}

static int x_load(Run *R, const Ins *in, const Dec *d, const Cell *v)
{
	const char *why = NULL;
	size_t n = (size_t)(d->w + 7) / 8;
	Obj *o = object(R, v[0], n, &why);
	if (!o)
		return stop(R, IV_UB, "load: %s", why);
	uint64_t bits = 0;
	int u = 0;
	for (size_t k = 0; k < n; k++) {
		bits |= (uint64_t)o->b[k] << (8 * k);
		u |= o->u[k];
	}
	set(R, in, bits, u, d->w);
	return -1;
}

static int x_store(Run *R, const Dec *d, const Cell *v)
{
	const char *why = NULL;
	size_t n = (size_t)(d->w + 7) / 8;
	Obj *o = object(R, v[1], n, &why);
	if (!o)
		return stop(R, IV_UB, "store: %s", why);
	for (size_t k = 0; k < n; k++) {
		o->b[k] = (uint8_t)(v[0].v >> (8 * k));
		o->u[k] = v[0].undef;
	}
	return -1;
}

static int x_switch(Run *R, const Ins *in, const Dec *d, int *next)
{
	Fn *f = R->f;
	Opnd o;
	Cell a;
	val_opnd(f, in->ops[0], &o);
	if (o.val == -2 || !get(R, &o, d->w, &a))
		return stop(R, IV_UNSUPPORTED, "switch operand%s", NULL);
	if (a.undef)
		return stop(R, IV_UNDEF_BRANCH, "switch on an undefined value%s", NULL);
	*next = in->lab[0];
	for (int k = 1; k < in->nop; k++) {
		val_opnd(f, in->ops[k], &o);
		if (o.val != -1 || o.undef)
			return stop(R, IV_UNSUPPORTED, "switch case not a constant%s", NULL);
		if ((o.c & mask(d->w)) == a.v) {
			*next = in->lab[k];
			break;
		}
	}
	return -1;
}

static int exec(Run *R)
{
	Fn *f = R->f;
	Interp *it = R->it;
	long maxsteps = it->maxsteps > 0 ? it->maxsteps : 100000;
	int b = 0, from = -1;
	if (!f->blk.n)
		return stop(R, IV_UNSUPPORTED, "function without blocks%s", NULL);
	for (;;) {
		if (++it->steps > maxsteps)
			return stop(R, IV_STEPS, "more than %s", "the allowed block entries");
		int r = enter(R, b, from);
		if (r >= 0)
			return r;
		Blk *bk = &f->blk.v[b];
		int next = -1;
		for (int j = 0; j < bk->ins.n && next < 0; j++) {
			int i = bk->ins.v[j];
			const Ins *in = &f->ins.v[i];
			const Dec *d = &R->dec[i];
			Cell a, c, x, v[3];
			const char *why = NULL;
			if ((in->flags & IDEAD) || d->kind == K_PHI)
				continue;
			/* fetch the operands (phis: done at block entry) */
			for (int o = 0; o < d->nop; o++)
				if (!get(R, &d->o[o], d->ow[o], &v[o]))
					return stop(R, IV_UNSUPPORTED, "operand used before its definition%s",
					            NULL);
			switch (d->kind) {
			case K_BIN:
				why = binop(d->sub, d->flags, d->w, v[0], v[1], &c);
				if (why)
					return stop(R, IV_UB, "%s", why);
				set(R, in, c.v, c.undef, d->w);
				break;
			case K_ICMP:
				set(R, in, (uint64_t)icmp(d->sub, d->wsrc, v[0].v, v[1].v),
				    v[0].undef || v[1].undef, 1);
				break;
			case K_SELECT:
				x = v[0].v & 1 ? v[1] : v[2];
				set(R, in, x.v, x.undef || v[0].undef, d->w);
				break;
			case K_FREEZE:
				set(R, in, v[0].v, v[0].undef, d->w);
				break;
			case K_CAST:
				a = v[0];
				a.v = d->sub == X_SEXT ? (uint64_t)sx(a.v, d->wsrc) : a.v;
				set(R, in, a.v, a.undef, d->w);
				break;
			case K_INPUT:
				a.v = it->ninput ? it->input[R->nin % it->ninput] : 0;
				R->nin++;
				set(R, in, a.v, 0, d->w);
				break;
			case K_OBSERVE:
				trace(R, v[0].v, v[0].undef);
				break;
			case K_NOP:
				break;
			case K_ALLOCA:
				if ((r = x_alloca(R, in, d, v)) >= 0)
					return r;
				break;
			case K_LOAD:
				if ((r = x_load(R, in, d, v)) >= 0)
					return r;
				break;
			case K_STORE:
				if ((r = x_store(R, d, v)) >= 0)
					return r;
				break;
			case K_BR:
				next = in->lab[0];
				break;
			case K_CBR:
				if (v[0].undef)
					return stop(R, IV_UNDEF_BRANCH, "br on an undefined condition%s", NULL);
				next = in->lab[v[0].v & 1 ? 0 : 1];
				break;
			case K_SWITCH:
				if ((r = x_switch(R, in, d, &next)) >= 0)
					return r;
				break;
			case K_RET:
				it->retundef = d->nop ? v[0].undef : 1;
				it->ret = d->nop ? v[0].v : 0;
				it->verdict = IV_RETURN;
				return IV_RETURN;
			case K_UNREACH:
				return stop(R, IV_UNREACHABLE, "unreachable executed%s", NULL);
			default:
				return stop(R, IV_UNSUPPORTED, "%s", d->why ? d->why : "unsupported");
			}
		}
		if (next < 0)
			return stop(R, IV_UNSUPPORTED, "block without a terminator%s", NULL);
		if (next >= f->blk.n)
			return stop(R, IV_UNSUPPORTED, "branch to a bad block%s", NULL);
		from = b;
		b = next;
	}
}

int m2r_interp(Fn *f, Interp *it)
{
	Run R;
	memset(&R, 0, sizeof R);
	R.f = f;
	R.it = it;
	it->verdict = IV_UNSUPPORTED;
	it->retundef = 1;
	it->ret = 0;
	it->ntrace = 0;
	it->steps = 0;
	it->msg[0] = 0;
	R.dec = calloc((size_t)f->ins.n + 1, sizeof *R.dec);
	R.val = calloc((size_t)f->val.n + 1, sizeof *R.val);
	if (!R.dec || !R.val) {
		free(R.dec);
		free(R.val);
		snprintf(it->msg, sizeof it->msg, "out of memory");
		return it->verdict;
	}
	for (int i = 0; i < f->ins.n; i++)
		if (!(f->ins.v[i].flags & IDEAD))
			decode(f, &f->ins.v[i], &R.dec[i]);
	for (int i = 0; i < f->ins.n; i++)
		widths(&R.dec[i]);
	for (int k = 0; k < f->arg.n; k++) {
		int v = f->arg.v[k];
		if (v < 0 || v >= f->val.n)
			continue;
		Cell *c = &R.val[v];
		int w = type_width(f, f->val.v[v].type);
		c->set = 1;
		c->undef = k >= it->narg || !w;
		c->v = k < it->narg ? it->arg[k] & mask(w ? w : 64) : 0;
	}
	exec(&R);
	for (int k = 0; k < R.nobj; k++) {
		free(R.obj[k].b);
		free(R.obj[k].u);
	}
	free(R.obj);
	free(R.dec);
	free(R.val);
	return it->verdict;
}

void interp_free(Interp *it)
{
	free(it->trace);
	free(it->tundef);
	it->trace = NULL;
	it->tundef = NULL;
	it->ntrace = it->cap_ = 0;
}
