/* decode.c - the reference interpreter's decoder: every live
 * instruction once into a Dec (interp-int.h), from its fields (parsed
 * instructions) or its template text (generic ones).  What it does not
 * recognise becomes K_UNSUP, with the reason. */
#include "interp-int.h"

#include <string.h>

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

int type_width(Fn *f, int t)
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

void val_opnd(Fn *f, int v, Opnd *o)
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
	const char *tx = ins_text(f, in);
	Tpl t = {tx ? tx : "", in, 0};
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

void decode(Fn *f, const Ins *in, Dec *d)
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
void widths(Dec *d)
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
