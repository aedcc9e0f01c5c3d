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
 * decode.c decodes; this file executes.
 */
#include "interp-int.h"

#include <stdlib.h>
#include <string.h>

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

const char *verdict_name(int v)
{
	static const char *const n[] = {"return", "undefined-behaviour", "undefined-branch",
	                                "unreachable", "non-termination", "unsupported"};
	return v >= 0 && v < NVERDICT ? n[v] : "?";
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
		/* An undefined dividend may be the minimum: the promotion may
		 * refine the uninitialised read it came from into it (a
		 * single store of a constant reaches every load, as LLVM's
		 * does), so the original may overflow wherever it can. */
		if ((op == B_SDIV || op == B_SREM) && sb == -1 && (a.undef || x == ((m >> 1) + 1)))
			return a.undef ? "signed division of an undefined value by -1 (may overflow)"
			               : "signed division overflow";
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
