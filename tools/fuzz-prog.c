/* fuzz-prog.c - m2r-fuzz's random programs (fuzz-prog.h): generation
 * from a seed, with the one generator of the tree (testlib/rng.h), and
 * printing as textual IR. */
#include "fuzz-prog.h"
#include "rng.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const bin_name[] = {"add", "sub", "mul", "udiv", "sdiv", "urem", "srem",
                                       "and", "or", "xor", "shl", "lshr", "ashr"};
static const char *const pred_name[] = {"eq", "ne", "ugt", "uge", "ult", "ule",
                                        "sgt", "sge", "slt", "sle"};
static const char *const cast_name[] = {"zext", "sext", "trunc"};

/* ---------- randomness ---------- */

/* testlib/rng.h, the tree's one generator; one stream per program,
 * seeded with the program's seed. */
static Rng rs;

static uint64_t rnd64(void) { return rng_u64(&rs); }
static unsigned rnd(unsigned n) { return (unsigned)rng_below(&rs, n); }

static int pick_width(void)
{
	static const int w[] = {32, 32, 32, 8, 8, 1, 16, 64, 3, 17, 33};
	return w[rnd(sizeof w / sizeof *w)];
}

static int64_t small_const(int w)
{
	static const int64_t c[] = {0, 1, 2, 3, -1, 7, 5, 100, -128};
	int64_t v = rnd(4) ? c[rnd(sizeof c / sizeof *c)] : (int64_t)rnd64();
	if (w < 64) {
		uint64_t m = ((uint64_t)1 << w) - 1;
		v = (int64_t)((uint64_t)v & m);
	}
	return v;
}

/* ---------- generation ---------- */

/* An operand of width w in block bb before instruction n. */
static Op operand(const Prog *p, const FB *bb, int n, int w)
{
	int cand[MAXI], nc = 0;
	for (int i = 0; i < n; i++) {
		const FI *in = &bb->in[i];
		if (in->op != I_STORE && in->op != I_OBSERVE && in->op != I_ESCAPE && in->w == w)
			cand[nc++] = i;
	}
	int r = (int)rnd(100);
	if (nc && r < 65)
		return (Op){K_VAL, cand[rnd((unsigned)nc)]};
	if (r < 75)
		for (int k = 0; k < p->narg; k++)
			if (p->argw[k] == w && rnd(2))
				return (Op){K_ARG, k};
	if (r == 99)
		return (Op){rnd(2) ? K_UNDEF : K_POISON, 0};
	if (r >= 97)
		return (Op){K_UNDEF, 0};
	return (Op){K_CONST, small_const(w)};
}

/* Append instruction x to bb, if there is room. */
static int add(FB *bb, FI x)
{
	if (bb->n >= MAXI)
		return -1;
	bb->in[bb->n] = x;
	return bb->n++;
}

/* Variables: width, kind, and the blocks where each may be accessed. */
static void gen_vars(Prog *p, uint64_t *allowed)
{
	int nb = p->nb;
	for (int v = 0; v < p->nv; v++) {
		FV *x = &p->v[v];
		x->w = rnd(2) ? 32 : pick_width();
		int r = (int)rnd(100);
		x->escaped = r < 8;
		x->array = r >= 8 && r < 11;
		if (r >= 11 && r < 14 && nb > 1)
			x->blk = 1 + (int)rnd((unsigned)(nb - 1));
		int style = (int)rnd(4);
		if (x->blk)
			allowed[v] = (uint64_t)1 << x->blk;
		else if (style == 0)
			allowed[v] = (uint64_t)1 << rnd((unsigned)nb); /* one block */
		else if (style == 1)
			allowed[v] = rnd64() & rnd64(); /* a few blocks */
		else
			allowed[v] = ~(uint64_t)0;
	}
}

/* A load, store or escape of a variable allowed in block b; 0 if none is. */
static int gen_access(Prog *p, FB *bb, int b, const uint64_t *allowed, int volvar,
                      int misvar, FI *x)
{
	int vs[MAXV], nvs = 0;
	for (int v = 0; v < p->nv; v++)
		if ((allowed[v] >> b) & 1 && (x->op != I_ESCAPE || p->v[v].escaped))
			vs[nvs++] = v;
	if (!nvs)
		return 0;
	x->var = vs[rnd((unsigned)nvs)];
	x->w = p->v[x->var].w;
	if (x->var == volvar && rnd(3) == 0)
		x->vol = 1;
	if (x->var == misvar && rnd(3) == 0)
		x->w = pick_width();
	if (x->op == I_STORE)
		x->a[0] = operand(p, bb, bb->n, x->w);
	if (x->op == I_ESCAPE)
		x->w = 0;
	return 1;
}

/* One random instruction of block b into *x; 0 when none fits. */
static int gen_ins(Prog *p, FB *bb, int b, const uint64_t *allowed, int volvar, int misvar,
                   FI *x)
{
	memset(x, 0, sizeof *x);
	int r = (int)rnd(100);
	x->op = r < 28 ? I_LOAD : r < 55 ? I_STORE : r < 66 ? I_BIN : r < 71 ? I_ICMP
	      : r < 74 ? I_SELECT : r < 78 ? I_CAST : r < 79 ? I_FREEZE : r < 86 ? I_INPUT
	      : r < 96 ? I_OBSERVE : I_ESCAPE;
	if (x->op == I_LOAD || x->op == I_STORE || x->op == I_ESCAPE) {
		return gen_access(p, bb, b, allowed, volvar, misvar, x);
	} else if (x->op == I_BIN) {
		x->sub = (int)rnd(13);
		x->w = rnd(2) ? 32 : pick_width();
		if (rnd(6) == 0)
			x->flags = (int)rnd(4); /* 1 nuw, 2 nsw (add sub mul shl) / exact */
		x->a[0] = operand(p, bb, bb->n, x->w);
		x->a[1] = operand(p, bb, bb->n, x->w);
	} else if (x->op == I_ICMP) {
		x->sub = (int)rnd(10);
		x->w2 = rnd(2) ? 32 : pick_width();
		x->w = 1;
		x->a[0] = operand(p, bb, bb->n, x->w2);
		x->a[1] = operand(p, bb, bb->n, x->w2);
	} else if (x->op == I_SELECT) {
		x->w = rnd(2) ? 32 : pick_width();
		x->a[0] = operand(p, bb, bb->n, 1);
		x->a[1] = operand(p, bb, bb->n, x->w);
		x->a[2] = operand(p, bb, bb->n, x->w);
	} else if (x->op == I_CAST) {
		int a = pick_width(), c = pick_width();
		if (a == c)
			return 0;
		x->sub = a < c ? (int)rnd(2) : 2;
		x->w2 = a;
		x->w = c;
		x->a[0] = operand(p, bb, bb->n, a);
	} else if (x->op == I_FREEZE) {
		x->w = rnd(2) ? 32 : pick_width();
		x->a[0] = operand(p, bb, bb->n, x->w);
	} else if (x->op == I_INPUT) {
		x->w = rnd(2) ? 32 : pick_width();
	} else { /* observe a value of the block */
		int cand[MAXI], nc = 0;
		for (int i = 0; i < bb->n; i++)
			if (bb->in[i].op != I_STORE && bb->in[i].op != I_OBSERVE &&
			    bb->in[i].op != I_ESCAPE)
				cand[nc++] = i;
		if (!nc)
			return 0;
		int i = cand[rnd((unsigned)nc)];
		x->w = bb->in[i].w;
		x->a[0] = (Op){K_VAL, i};
	}
	return 1;
}

/* The terminator of block b: its kind, labels, condition, switch cases. */
static void gen_term(Prog *p, FB *bb, int b)
{
	int nb = p->nb;
	int k = (int)rnd(100), op, nl;
	if (nb == 1)
		k = rnd(5) ? 0 : 8;
	op = k < 7 ? T_RET : k < 9 ? T_UNREACH : k < 40 ? T_BR : k < 82 ? T_CBR : T_SWITCH;
	nl = op == T_BR ? 1 : op == T_CBR ? 2 : op == T_SWITCH ? 2 + (int)rnd(MAXLAB - 2) : 0;
	bb->term = op;
	bb->nlab = nl;
	for (int j = 0; j < nl; j++)
		bb->lab[j] = j && rnd(5) == 0 ? bb->lab[rnd((unsigned)j)]
		           : !j && b + 1 < nb && rnd(4) ? b + 1 : rng_cfg_target(&rs, b, nb);
	if (op == T_CBR || op == T_SWITCH) {
		int w = op == T_CBR ? 1 : rnd(2) ? 8 : 32;
		bb->sw = w;
		int r = (int)rnd(10);
		if (r < 4 || bb->n >= MAXI) {
			bb->cond = operand(p, bb, bb->n, w);
		} else {
			FI x;
			memset(&x, 0, sizeof x);
			x.op = I_INPUT;
			x.w = w;
			int i = add(bb, x);
			bb->cond = (Op){K_VAL, i};
		}
		if (op == T_SWITCH)
			for (int j = 1; j < nl; j++) {
				int64_t c;
				int dup;
				do {
					c = rnd(3) ? (int64_t)rnd(6) : small_const(w);
					dup = 0;
					for (int q = 1; q < j; q++)
						dup |= bb->cs[q] == c;
				} while (dup);
				bb->cs[j] = c;
			}
	}
	if (op == T_RET)
		bb->cond = operand(p, bb, bb->n, p->retw);
}

void gen(Prog *p, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	p->seed = seed;
	rng_seed(&rs, seed);
	int nb = p->nb = 1 + (int)rnd(rnd(4) ? 10 : MAXB);
	p->nv = 1 + (int)rnd(MAXV);
	p->narg = (int)rnd(MAXARG + 1);
	for (int k = 0; k < p->narg; k++)
		p->argw[k] = rnd(3) ? 32 : pick_width();
	p->retw = rnd(4) ? 32 : pick_width();

	uint64_t allowed[MAXV];
	gen_vars(p, allowed);
	int volvar = rnd(10) == 0 ? (int)rnd((unsigned)p->nv) : -1;
	int misvar = rnd(12) == 0 ? (int)rnd((unsigned)p->nv) : -1;
	for (int b = 0; b < nb; b++) {
		FB *bb = &p->b[b];
		int n = (int)rnd(rnd(3) ? 7 : MAXI - 2);
		for (int j = 0; j < n; j++) {
			FI x;
			if (gen_ins(p, bb, b, allowed, volvar, misvar, &x))
				add(bb, x);
		}
		gen_term(p, bb, b);
	}
	for (int k = 0; k < NVEC; k++)
		for (int j = 0; j < NIN; j++)
			p->in[k][j] = rnd(3) ? (uint64_t)rnd(4) : (uint64_t)small_const(64);
}

/* ---------- printing as text ---------- */

void bput(Buf *b, const char *fmt, ...)
{
	va_list ap;
	for (;;) {
		va_start(ap, fmt);
		int k = vsnprintf(b->s + b->n, b->cap - b->n, fmt, ap);
		va_end(ap);
		if (k >= 0 && (size_t)k < b->cap - b->n) {
			b->n += (size_t)k;
			return;
		}
		b->cap = b->cap * 2 + (size_t)(k > 0 ? k : 0) + 256;
		b->s = realloc(b->s, b->cap);
		if (!b->s) {
			perror("m2r-fuzz");
			exit(2);
		}
	}
}

static void pop(Buf *o, const Prog *p, int b, Op a, int w)
{
	switch (a.k) {
	case K_VAL: bput(o, "%%v%d.%d", b, (int)a.x); break;
	case K_ARG: bput(o, "%%a%d", (int)a.x); break;
	case K_UNDEF: bput(o, "undef"); break;
	case K_POISON: bput(o, "poison"); break;
	default:
		if (w == 1)
			bput(o, "%s", a.x & 1 ? "true" : "false");
		else if (w < 64)
			bput(o, "%lld", (long long)((uint64_t)a.x & (((uint64_t)1 << w) - 1)));
		else
			bput(o, "%lld", (long long)a.x);
	}
	(void)p;
}

/* Which widths @input.iN / @observe.iN are used with (for declares). */
/* Instruction i of block b. */
static void print_ins(const Prog *p, int b, int i, const FI *x, Buf *o)
{
	switch (x->op) {
	case I_LOAD:
		bput(o, "  %%v%d.%d = load %si%d, ptr %%x%d\n", b, i, x->vol ? "volatile " : "",
		     x->w, x->var);
		break;
	case I_STORE:
		bput(o, "  store %si%d ", x->vol ? "volatile " : "", x->w);
		pop(o, p, b, x->a[0], x->w);
		bput(o, ", ptr %%x%d\n", x->var);
		break;
	case I_BIN: {
		int s = x->sub;
		const char *fl = "";
		if (x->flags && (s == 0 || s == 1 || s == 2 || s == 10))
			fl = x->flags == 1 ? "nuw " : x->flags == 2 ? "nsw " : "nuw nsw ";
		else if (x->flags && (s == 3 || s == 4 || s == 11 || s == 12))
			fl = "exact ";
		bput(o, "  %%v%d.%d = %s %si%d ", b, i, bin_name[s], fl, x->w);
		pop(o, p, b, x->a[0], x->w);
		bput(o, ", ");
		pop(o, p, b, x->a[1], x->w);
		bput(o, "\n");
		break;
	}
	case I_ICMP:
		bput(o, "  %%v%d.%d = icmp %s i%d ", b, i, pred_name[x->sub], x->w2);
		pop(o, p, b, x->a[0], x->w2);
		bput(o, ", ");
		pop(o, p, b, x->a[1], x->w2);
		bput(o, "\n");
		break;
	case I_SELECT:
		bput(o, "  %%v%d.%d = select i1 ", b, i);
		pop(o, p, b, x->a[0], 1);
		bput(o, ", i%d ", x->w);
		pop(o, p, b, x->a[1], x->w);
		bput(o, ", i%d ", x->w);
		pop(o, p, b, x->a[2], x->w);
		bput(o, "\n");
		break;
	case I_CAST:
		bput(o, "  %%v%d.%d = %s i%d ", b, i, cast_name[x->sub], x->w2);
		pop(o, p, b, x->a[0], x->w2);
		bput(o, " to i%d\n", x->w);
		break;
	case I_FREEZE:
		bput(o, "  %%v%d.%d = freeze i%d ", b, i, x->w);
		pop(o, p, b, x->a[0], x->w);
		bput(o, "\n");
		break;
	case I_INPUT:
		bput(o, "  %%v%d.%d = call i%d @input.i%d()\n", b, i, x->w, x->w);
		break;
	case I_OBSERVE:
		bput(o, "  call void @observe.i%d(i%d ", x->w, x->w);
		pop(o, p, b, x->a[0], x->w);
		bput(o, ")\n");
		break;
	case I_ESCAPE:
		bput(o, "  call void @escape(ptr %%x%d)\n", x->var);
		break;
	}
}

/* The terminator of block b. */
static void print_term(const Prog *p, int b, const FB *bb, Buf *o)
{
	switch (bb->term) {
	case T_BR:
		bput(o, "  br label %%b%d\n", bb->lab[0]);
		break;
	case T_CBR:
		bput(o, "  br i1 ");
		pop(o, p, b, bb->cond, 1);
		bput(o, ", label %%b%d, label %%b%d\n", bb->lab[0], bb->lab[1]);
		break;
	case T_SWITCH:
		bput(o, "  switch i%d ", bb->sw);
		pop(o, p, b, bb->cond, bb->sw);
		bput(o, ", label %%b%d [\n", bb->lab[0]);
		for (int j = 1; j < bb->nlab; j++) {
			bput(o, "    i%d ", bb->sw);
			pop(o, p, b, (Op){K_CONST, bb->cs[j]}, bb->sw);
			bput(o, ", label %%b%d\n", bb->lab[j]);
		}
		bput(o, "  ]\n");
		break;
	case T_RET:
		bput(o, "  ret i%d ", p->retw);
		pop(o, p, b, bb->cond, p->retw);
		bput(o, "\n");
		break;
	default:
		bput(o, "  unreachable\n");
	}
}

void print_prog(const Prog *p, Buf *o)
{
	int inw[65] = {0}, obw[65] = {0}, esc = 0;
	for (int b = 0; b < p->nb; b++)
		for (int i = 0; i < p->b[b].n; i++) {
			const FI *x = &p->b[b].in[i];
			if (x->op == I_INPUT)
				inw[x->w] = 1;
			if (x->op == I_OBSERVE)
				obw[x->w] = 1;
			if (x->op == I_ESCAPE)
				esc = 1;
		}
	for (int w = 1; w <= 64; w++) {
		if (inw[w])
			bput(o, "declare i%d @input.i%d()\n", w, w);
		if (obw[w])
			bput(o, "declare void @observe.i%d(i%d)\n", w, w);
	}
	if (esc)
		bput(o, "declare void @escape(ptr)\n");
	bput(o, "\ndefine i%d @f(", p->retw);
	for (int k = 0; k < p->narg; k++)
		bput(o, "%si%d %%a%d", k ? ", " : "", p->argw[k], k);
	bput(o, ") {\n");
	for (int b = 0; b < p->nb; b++) {
		const FB *bb = &p->b[b];
		bput(o, "%sb%d:\n", b ? "\n" : "", b);
		for (int v = 0; v < p->nv; v++)
			if (p->v[v].blk == b) {
				bput(o, "  %%x%d = alloca i%d", v, p->v[v].w);
				if (p->v[v].array)
					bput(o, ", i32 2");
				bput(o, ", align 4\n");
			}
		for (int i = 0; i < bb->n; i++)
			print_ins(p, b, i, &bb->in[i], o);
		print_term(p, b, bb, o);
	}
	bput(o, "}\n");
}
