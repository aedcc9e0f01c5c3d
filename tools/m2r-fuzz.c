/* m2r-fuzz - random programs against the promotion: semantics and placement.
 *
 *   m2r-fuzz [--seed S] [--count N] [--out DIR] [--placement=P|all] [-v]
 *
 * Program i (0 <= i < N) is generated from seed S + i alone, so a
 * failure is reproduced by "m2r-fuzz --seed S+i --count 1".  Each
 * program is a random function in the interpreted subset (testlib/interp.c):
 * random CFGs (loops, self-loops, irreducible regions, unreachable
 * blocks, duplicate edges, switches), allocas of random integer types
 * (some escaped through "call @escape", some accessed volatile, some with
 * a mismatched type, a count or outside the entry block; many read
 * before written), loads, stores, arithmetic, @input and @observe.
 *
 * For each program:
 *   1. it is printed as text and read back by the reader (rd_next), and
 *      m2r_verify must accept it; fn_print of it, read again, must print
 *      the same (printer/reader round trip);
 *   2. the original is interpreted on several input vectors;
 *   3. for each placement (pruned, semipruned, minimal), a fresh copy is
 *      promoted (pruning method and simplification vary with the seed),
 *      m2r_verify must accept the result, the promoted function must
 *      give the same trace, verdict and return value as the original on
 *      every input vector (undefined values in the original are not
 *      compared), each alloca must be promoted iff it has no reason not
 *      to be, and the phi blocks placed before simplification
 *      (VarStat.phiblk) must be those of the independent oracle
 *      (testlib/oracle.c), as well as the fast path taken.
 * A failure is shrunk (instructions, blocks, edges, variables, operands
 * dropped while the same kind of failure persists) and written as DIR/
 * m2r-fuzz-SEED-KIND.ll.  The exit status is 1 if anything failed.
 */
#define _POSIX_C_SOURCE 200809L
#include "m2r.h"
#include "text.h"
#include "interp.h"
#include "oracle.h"
#include "rng.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

enum { MAXB = 40, MAXI = 16, MAXV = 8, MAXLAB = 6, MAXARG = 3, NIN = 48, NVEC = 3,
       MAXSTEPS = 400 };

/* ---------- the program ---------- */

enum { K_VAL, K_ARG, K_CONST, K_UNDEF, K_POISON };
typedef struct {
	int k;     /* K_VAL: x = index of the defining instruction in the block */
	int64_t x; /* K_ARG: argument index; K_CONST: the value */
} Op;

enum { I_LOAD, I_STORE, I_BIN, I_ICMP, I_SELECT, I_CAST, I_FREEZE, I_INPUT, I_OBSERVE,
       I_ESCAPE, NI };
typedef struct {
	int op, sub, flags;
	int w, w2;  /* result (access) width; operand width of icmp/cast */
	int var;    /* load/store/escape */
	int vol;
	Op a[3];
} FI;

enum { T_BR, T_CBR, T_SWITCH, T_RET, T_UNREACH };
typedef struct {
	int n;
	FI in[MAXI];
	int term, nlab, lab[MAXLAB];
	Op cond;    /* cbr: i1; switch: width sw; ret: width of the function */
	int sw;
	int64_t cs[MAXLAB]; /* switch: case values of lab[1..] */
} FB;

typedef struct {
	int w;
	int escaped, array, blk; /* blk: block of the alloca (0: entry) */
	int mismatch, vol;       /* derived when printing: see classify() */
} FV;

typedef struct {
	uint64_t seed;
	int nb, nv, narg, retw;
	int argw[MAXARG];
	FB b[MAXB];
	FV v[MAXV];
	uint64_t in[NVEC][NIN]; /* inputs; the first narg are the arguments */
} Prog;

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

/* A successor of b (never the entry): mostly forward, some back edges,
 * self-loops and edges anywhere (irreducible regions). */
static int target(int b, int nb)
{
	int r = (int)rnd(10), t;
	if (r < 5)
		t = b + 1 + (int)rnd(3);
	else if (r < 7)
		t = 1 + (int)rnd((unsigned)(b > 0 ? b : 1));
	else if (r < 8)
		t = b;
	else
		t = 1 + (int)rnd((unsigned)(nb - 1));
	if (t < 1 || t >= nb)
		t = 1 + (int)rnd((unsigned)(nb - 1));
	return t;
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
		           : !j && b + 1 < nb && rnd(4) ? b + 1 : target(b, nb);
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

static void gen(Prog *p, uint64_t seed)
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

typedef struct {
	char *s;
	size_t n, cap;
} Buf;

static void bput(Buf *b, const char *fmt, ...)
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

static void print_prog(const Prog *p, Buf *o)
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

/* ---------- reading and printing Fns ---------- */

static Fn *read_text(const char *text, size_t n, char *err, size_t errlen)
{
	Reader r;
	rd_init(&r, "fuzz.ll", text, n);
	for (;;) {
		int k = rd_next(&r);
		if (k == RD_FN) {
			Fn *f = r.fn;
			/* nothing else may follow but module lines */
			while ((k = rd_next(&r)) == RD_RAW)
				;
			if (k == RD_FN)
				fn_free(r.fn);
			if (k != RD_END) {
				snprintf(err, errlen, "%s", k == RD_ERR ? r.err : "two functions");
				fn_free(f);
				return NULL;
			}
			return f;
		}
		if (k == RD_RAW)
			continue;
		snprintf(err, errlen, "%s", k == RD_ERR ? r.err : "no function");
		return NULL;
	}
}

static char *print_fn(Fn *f, size_t *len)
{
	char *s = NULL;
	FILE *m = open_memstream(&s, len);
	if (!m) {
		perror("m2r-fuzz: open_memstream");
		exit(2);
	}
	fn_print(f, m);
	fclose(m);
	return s;
}

/* ---------- the checks ---------- */

enum { F_OK, F_READ, F_VERIFY_IN, F_ROUNDTRIP, F_VERIFY_OUT, F_REPRINT, F_REASON, F_PATH,
       F_PLACE, F_SEM, F_UNSUP, NF };
static const char *const fail_name[] = {"ok", "read", "verify-input", "roundtrip",
                                        "verify-output", "reprint", "reason", "path",
                                        "placement", "semantics", "interp-unsupported"};

typedef struct {
	int placements;    /* bit per enum Placement to check */
	int verbose;
	long verdict[NVERDICT];
	long vars, phis, progs_general, irreducible, unreachable_blocks;
	int counting;      /* 1: accumulate statistics (not while shrinking) */
} Ctx;

static char why[4096];

static void say(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(why, sizeof why, fmt, ap);
	va_end(ap);
}

/* What each variable should be: promotable? (reasons as a bit set) */
static unsigned reasons(const Prog *p, int v)
{
	unsigned r = 0;
	const FV *x = &p->v[v];
	if (x->escaped) {
		for (int b = 0; b < p->nb; b++)
			for (int i = 0; i < p->b[b].n; i++)
				if (p->b[b].in[i].op == I_ESCAPE && p->b[b].in[i].var == v)
					r |= 1u << R_ADDR_PASSED;
	}
	if (x->array)
		r |= 1u << R_ARRAY;
	if (x->blk)
		r |= 1u << R_NON_ENTRY;
	for (int b = 0; b < p->nb; b++)
		for (int i = 0; i < p->b[b].n; i++) {
			const FI *in = &p->b[b].in[i];
			if ((in->op == I_LOAD || in->op == I_STORE) && in->var == v) {
				if (in->vol)
					r |= 1u << R_VOLATILE;
				else if (in->w != x->w)
					r |= 1u << R_TYPE_MISMATCH;
			}
		}
	return r;
}

/* The oracle's view: CFG and the accesses of promotable variables. */
static void to_oracle(const Prog *p, OrProg *q, const unsigned *rsn)
{
	static int accidx[MAXB][MAXI];
	q->nb = p->nb;
	q->nv = p->nv;
	q->na = 0;
	for (int b = 0; b < p->nb; b++) {
		q->nsucc[b] = p->b[b].nlab;
		for (int j = 0; j < p->b[b].nlab; j++)
			q->succ[b][j] = p->b[b].lab[j];
		for (int i = 0; i < p->b[b].n; i++) {
			const FI *x = &p->b[b].in[i];
			accidx[b][i] = -1;
			if ((x->op != I_LOAD && x->op != I_STORE) || rsn[x->var])
				continue;
			OrAcc *a = &q->acc[q->na];
			accidx[b][i] = q->na++;
			a->blk = b;
			a->var = x->var;
			a->kind = x->op == I_LOAD ? OR_LOAD : OR_STORE;
			a->tok = 0;
			if (x->op == I_STORE) {
				Op s = x->a[0];
				a->tok = s.k == K_CONST ? OR_CONST + (int)(((uint64_t)s.x * 31 + (unsigned)x->w) % (unsigned)OR_MAXA)
				       : s.k == K_UNDEF ? OR_UNDEF : s.k == K_POISON ? OR_POISON
				       : s.k == K_VAL && accidx[b][s.x] >= 0 ? accidx[b][s.x] : OR_OTHER;
			}
		}
	}
}

static int var_of(Fn *f, int alloca)
{
	const char *nm = f->val.v[f->ins.v[alloca].res].name;
	return nm && nm[0] == 'x' ? atoi(nm + 1) : -1;
}

static void run_all(Fn *f, const Prog *p, Interp *r)
{
	for (int k = 0; k < NVEC; k++) {
		r[k].arg = p->in[k];
		r[k].narg = p->narg;
		r[k].input = p->in[k] + p->narg;
		r[k].ninput = NIN - p->narg;
		r[k].maxsteps = MAXSTEPS;
		m2r_interp(f, &r[k]);
	}
}

/* Compare a run of the original (o) and of the promoted function (q). */
static int compare(const Interp *o, const Interp *q, const char *pl, int k)
{
	if (q->verdict == IV_UNSUPPORTED) {
		say("%s, inputs %d: promoted function unsupported by the interpreter: %s", pl, k,
		    q->msg);
		return 1;
	}
	int n = o->ntrace < q->ntrace ? o->ntrace : q->ntrace;
	for (int i = 0; i < n; i++)
		if (!o->tundef[i] && (q->tundef[i] || q->trace[i] != o->trace[i])) {
			say("%s, inputs %d: observed value %d: original %llu, promoted %s%llu", pl, k, i,
			    (unsigned long long)o->trace[i], q->tundef[i] ? "undefined " : "",
			    (unsigned long long)q->trace[i]);
			return 1;
		}
	int exact = o->verdict == IV_RETURN || o->verdict == IV_UNREACHABLE || o->verdict == IV_STEPS;
	if (exact && (q->verdict != o->verdict || q->ntrace != o->ntrace || q->steps != o->steps)) {
		say("%s, inputs %d: original %s after %ld blocks, %d observations; promoted %s (%s) "
		    "after %ld blocks, %d observations", pl, k, verdict_name(o->verdict), o->steps,
		    o->ntrace, verdict_name(q->verdict), q->msg, q->steps, q->ntrace);
		return 1;
	}
	if (!exact && q->ntrace < o->ntrace) {
		say("%s, inputs %d: original %s (%s) after %d observations, promoted stops earlier: %s (%s)",
		    pl, k, verdict_name(o->verdict), o->msg, o->ntrace, verdict_name(q->verdict), q->msg);
		return 1;
	}
	if (o->verdict == IV_RETURN && !o->retundef && (q->retundef || q->ret != o->ret)) {
		say("%s, inputs %d: returns %llu, promoted %s%llu", pl, k, (unsigned long long)o->ret,
		    q->retundef ? "undefined " : "", (unsigned long long)q->ret);
		return 1;
	}
	return 0;
}

static void show_set(char *buf, size_t len, OrSet s)
{
	size_t k = 0;
	buf[0] = 0;
	for (int b = 0; b < 64 && k + 8 < len; b++)
		if ((s >> b) & 1)
			k += (size_t)snprintf(buf + k, len - k, "%s%d", k ? " " : "", b);
}

/* All checks of one program; returns enum F (the first failure). */
/* The printer and the reader agree: f printed, read back and printed
 * again gives the same text. */
static int check_roundtrip(Fn *f)
{
	char err[600];
	size_t n1, n2;
	char *s1 = print_fn(f, &n1);
	Fn *g = read_text(s1, n1, err, sizeof err);
	char *s2 = g ? print_fn(g, &n2) : NULL;
	if (!g)
		say("fn_print output does not read back: %s", err);
	else if (n1 != n2 || memcmp(s1, s2, n1))
		say("fn_print, read, fn_print differs from fn_print");
	int bad = !g || n1 != n2 || memcmp(s1, s2, n1);
	if (g)
		fn_free(g);
	free(s1);
	free(s2);
	return bad ? F_ROUNDTRIP : F_OK;
}

/* The promoted function prints as valid IR. */
static int check_reprint(Fn *f, const char *pn)
{
	char err[600];
	int where;
	size_t n1;
	char *s1 = print_fn(f, &n1);
	Fn *g = read_text(s1, n1, err, sizeof err);
	int bad = !g;
	if (!g)
		say("%s: the promoted function does not read back: %s", pn, err);
	else if (m2r_verify(g, err, sizeof err, &where))
		say("%s: the promoted function, read back, is invalid: %s", pn, err), bad = 1;
	if (g)
		fn_free(g);
	free(s1);
	return bad ? F_REPRINT : F_OK;
}

/* Promotability, paths and placement of every variable against the
 * oracle o (rsn: the expected reasons). */
static int check_vars(const Prog *p, Ctx *c, Fn *f, const Stats *st, const Oracle *o,
                      const unsigned *rsn, int pl)
{
	const char *pn = placement_name(pl);
	for (int k = 0; k < st->var.n; k++) {
		const VarStat *vs = &st->var.v[k];
		int v = var_of(f, vs->alloca);
		if (v < 0 || v >= p->nv) {
			say("%s: VarStat %d: unknown alloca", pn, k);
			return F_REASON;
		}
		int promoted = vs->path != P_NOT_PROMOTED;
		if (promoted != !rsn[v] || (!promoted && !((rsn[v] >> vs->reason) & 1))) {
			say("%s: %%x%d: %s (reason %s), expected %s", pn, v,
			    promoted ? "promoted" : "not promoted", reason_name(vs->reason),
			    rsn[v] ? "not promoted" : "promoted");
			return F_REASON;
		}
		if (!promoted)
			continue;
		if (vs->path != o->path[v]) {
			say("%s: %%x%d took path %s, predicted %s", pn, v, path_name(vs->path),
			    path_name(o->path[v]));
			return F_PATH;
		}
		if (pl != PL_PRUNED && vs->path != P_GENERAL)
			continue;
		OrSet want = oracle_expect(o, v, pl), got = 0;
		int sorted = 1;
		for (int j = 0; j < vs->nphi; j++) {
			int b = vs->phiblk[j];
			if (b < 0 || b >= p->nb || (j && b <= vs->phiblk[j - 1]))
				sorted = 0;
			else
				got |= (OrSet)1 << b;
		}
		if (c->counting)
			c->vars++, c->phis += vs->nphi;
		if (!sorted || got != want) {
			char e[300], g[300];
			show_set(e, sizeof e, want);
			show_set(g, sizeof g, got);
			say("%s: %%x%d (path %s%s): phis in blocks [%s], oracle says [%s]%s", pn, v,
			    path_name(vs->path), o->construle[v] ? ", constant single store" : "", g,
			    e, sorted ? "" : " (not ascending/in range)");
			return F_PLACE;
		}
	}
	return F_OK;
}

/* One placement: promote a fresh read of text, verify, check against
 * the oracle, then run it against the original's runs r0. */
static int check_placement(const Prog *p, Ctx *c, const Buf *text, int pl, const Oracle *o,
                           const unsigned *rsn, const Interp *r0)
{
	static Interp r1[NVEC];
	char err[600];
	int where, fail = F_OK;
	const char *pn = placement_name(pl);
	Fn *f = read_text(text->s, text->n, err, sizeof err);
	if (!f) {
		say("second read failed: %s", err);
		return F_READ;
	}
	PromoteOpts opt = {pl, p->seed % 5 != 4, (int)(p->seed / 5 % 3), 0};
	Stats st;
	memset(&st, 0, sizeof st);
	m2r_promote(f, &opt, &st);
	if (m2r_verify(f, err, sizeof err, &where)) {
		say("%s: promoted function invalid: %s (instruction %d)", pn, err, where);
		fail = F_VERIFY_OUT;
	}
	if (!fail && pl == PL_PRUNED)
		fail = check_reprint(f, pn);
	if (!fail)
		fail = check_vars(p, c, f, &st, o, rsn, pl);
	if (!fail) { /* semantics */
		run_all(f, p, r1);
		for (int k = 0; k < NVEC && !fail; k++)
			if (compare(&r0[k], &r1[k], pn, k))
				fail = F_SEM;
	}
	fn_free(f);
	return fail;
}

static int check(const Prog *p, Ctx *c)
{
	static Buf text;
	static Oracle o;
	static OrProg q;
	static Interp r0[NVEC];
	char err[600];
	int where, fail = F_OK;
	text.n = 0;
	print_prog(p, &text);
	Fn *f0 = read_text(text.s, text.n, err, sizeof err);
	if (!f0) {
		say("the reader rejects the generated function: %s", err);
		return F_READ;
	}
	if (m2r_verify(f0, err, sizeof err, &where)) {
		say("generated function invalid: %s (instruction %d)", err, where);
		fn_free(f0);
		return F_VERIFY_IN;
	}
	if ((fail = check_roundtrip(f0))) {
		fn_free(f0);
		return fail;
	}
	run_all(f0, p, r0);
	fn_free(f0);
	for (int k = 0; k < NVEC; k++) {
		if (c->counting)
			c->verdict[r0[k].verdict]++;
		if (r0[k].verdict == IV_UNSUPPORTED) {
			say("original unsupported by the interpreter (inputs %d): %s", k, r0[k].msg);
			return F_UNSUP;
		}
	}

	unsigned rsn[MAXV];
	for (int v = 0; v < p->nv; v++)
		rsn[v] = reasons(p, v);
	to_oracle(p, &q, rsn);
	oracle_run(&q, &o);
	if (c->counting) {
		c->irreducible += oracle_irreducible(&q, &o);
		for (int b = 0; b < p->nb; b++)
			c->unreachable_blocks += !o.reach[b];
	}
	for (int pl = PL_PRUNED; pl <= PL_MINIMAL && !fail; pl++)
		if ((c->placements >> pl) & 1)
			fail = check_placement(p, c, &text, pl, &o, rsn, r0);
	return fail;
}

/* ---------- shrinking ---------- */

/* Replace uses of instruction i of block b by constant 0; shift later refs. */
static void drop_ins(Prog *p, int b, int i)
{
	FB *bb = &p->b[b];
	int w = bb->in[i].w;
	(void)w;
	for (int j = i + 1; j < bb->n; j++)
		bb->in[j - 1] = bb->in[j];
	bb->n--;
	for (int j = i; j < bb->n; j++)
		for (int a = 0; a < 3; a++) {
			Op *o = &bb->in[j].a[a];
			if (o->k == K_VAL && o->x == i)
				*o = (Op){K_CONST, 0};
			else if (o->k == K_VAL && o->x > i)
				o->x--;
		}
	if (bb->cond.k == K_VAL && bb->cond.x == i)
		bb->cond = (Op){K_CONST, 0};
	else if (bb->cond.k == K_VAL && bb->cond.x > i)
		bb->cond.x--;
	/* an observe of a value that became a constant: keep it (observes a constant) */
}

/* Remove label j of block b's terminator. */
static void drop_label(Prog *p, int b, int j)
{
	FB *bb = &p->b[b];
	if (bb->term == T_BR) {
		bb->term = T_RET;
		bb->nlab = 0;
		bb->cond = (Op){K_CONST, 0};
		return;
	}
	if (bb->term == T_CBR) {
		bb->term = T_BR;
		bb->lab[0] = bb->lab[1 - j];
		bb->nlab = 1;
		return;
	}
	/* switch */
	if (bb->nlab == 2) {
		bb->term = T_BR;
		bb->lab[0] = bb->lab[1 - j];
		bb->nlab = 1;
		return;
	}
	if (j == 0) { /* the default takes the last case's label */
		bb->lab[0] = bb->lab[bb->nlab - 1];
		bb->nlab--;
		return;
	}
	for (int k = j + 1; k < bb->nlab; k++)
		bb->lab[k - 1] = bb->lab[k], bb->cs[k - 1] = bb->cs[k];
	bb->nlab--;
}

static void drop_block(Prog *p, int b)
{
	for (int q = 0; q < p->nb; q++) {
		FB *bb = &p->b[q];
		for (int j = bb->nlab - 1; j >= 0; j--)
			if (bb->lab[j] == b)
				drop_label(p, q, j);
	}
	for (int q = b + 1; q < p->nb; q++)
		p->b[q - 1] = p->b[q];
	p->nb--;
	for (int q = 0; q < p->nb; q++)
		for (int j = 0; j < p->b[q].nlab; j++)
			if (p->b[q].lab[j] > b)
				p->b[q].lab[j]--;
	for (int v = 0; v < p->nv; v++)
		if (p->v[v].blk > b)
			p->v[v].blk--;
}

static void drop_var(Prog *p, int v)
{
	for (int b = 0; b < p->nb; b++)
		for (int i = p->b[b].n - 1; i >= 0; i--) {
			FI *x = &p->b[b].in[i];
			if ((x->op == I_LOAD || x->op == I_STORE || x->op == I_ESCAPE) && x->var == v)
				drop_ins(p, b, i);
		}
	for (int b = 0; b < p->nb; b++)
		for (int i = 0; i < p->b[b].n; i++) {
			FI *x = &p->b[b].in[i];
			if ((x->op == I_LOAD || x->op == I_STORE || x->op == I_ESCAPE) && x->var > v)
				x->var--;
		}
	for (int k = v + 1; k < p->nv; k++)
		p->v[k - 1] = p->v[k];
	p->nv--;
}

static Prog cand;

static int try_keep(Prog *p, int kind, Ctx *c, long *budget)
{
	if (*budget <= 0)
		return 0;
	--*budget;
	if (check(&cand, c) != kind)
		return 0;
	*p = cand;
	return 1;
}

static void shrink(Prog *p, int kind, Ctx *c)
{
	long budget = 20000;
	int counting = c->counting;
	c->counting = 0;
	for (int changed = 1; changed && budget > 0;) {
		changed = 0;
		for (int b = p->nb - 1; b >= 1; b--) {
			if (b >= p->nb)
				continue;
			cand = *p;
			drop_block(&cand, b);
			changed |= try_keep(p, kind, c, &budget);
		}
		for (int v = p->nv - 1; v >= 0; v--) {
			if (v >= p->nv || p->nv == 1)
				continue;
			cand = *p;
			drop_var(&cand, v);
			changed |= try_keep(p, kind, c, &budget);
		}
		for (int b = 0; b < p->nb; b++) {
			for (int j = p->b[b].nlab - 1; j >= 0; j--) {
				if (j >= p->b[b].nlab)
					continue;
				cand = *p;
				drop_label(&cand, b, j);
				changed |= try_keep(p, kind, c, &budget);
			}
			if (p->b[b].term != T_RET && p->b[b].term != T_UNREACH) {
				cand = *p;
				cand.b[b].term = T_UNREACH;
				cand.b[b].nlab = 0;
				changed |= try_keep(p, kind, c, &budget);
			}
			for (int i = p->b[b].n - 1; i >= 0; i--) {
				if (i >= p->b[b].n)
					continue;
				cand = *p;
				drop_ins(&cand, b, i);
				changed |= try_keep(p, kind, c, &budget);
			}
			for (int i = 0; i < p->b[b].n; i++)
				for (int a = 0; a < 3; a++) {
					Op o = p->b[b].in[i].a[a];
					if (o.k != K_VAL && o.k != K_ARG && !(o.k == K_CONST && o.x != 0))
						continue;
					cand = *p;
					cand.b[b].in[i].a[a] = (Op){K_CONST, 0};
					changed |= try_keep(p, kind, c, &budget);
				}
		}
		for (int v = 0; v < p->nv; v++) {
			if (p->v[v].escaped || p->v[v].array || p->v[v].blk) {
				cand = *p;
				cand.v[v].array = 0;
				changed |= try_keep(p, kind, c, &budget);
			}
		}
	}
	c->counting = counting;
}

/* ---------- main ---------- */

static void write_repro(const char *dir, const Prog *p, int kind, const char *msg)
{
	static Buf t;
	char path[4096];
	t.n = 0;
	bput(&t, "; m2r-fuzz reproducer: %s: %s\n", fail_name[kind], msg);
	bput(&t, "; found by: m2r-fuzz --seed %llu --count 1 (shrunk)\n",
	     (unsigned long long)p->seed);
	for (int k = 0; k < NVEC; k++) {
		bput(&t, "; inputs %d (arguments first, then @input results, cycled):", k);
		for (int j = 0; j < NIN; j++)
			bput(&t, " %lld", (long long)p->in[k][j]);
		bput(&t, "\n");
	}
	print_prog(p, &t);
	snprintf(path, sizeof path, "%s/m2r-fuzz-%llu-%s.ll", dir, (unsigned long long)p->seed,
	         fail_name[kind]);
	FILE *fp = fopen(path, "w");
	if (!fp || fwrite(t.s, 1, t.n, fp) != t.n || fclose(fp)) {
		fprintf(stderr, "m2r-fuzz: cannot write %s: %s\n", path, strerror(errno));
		return;
	}
	fprintf(stderr, "m2r-fuzz: reproducer written to %s\n", path);
}

static void usage(int st)
{
	fputs("usage: m2r-fuzz [--seed S] [--count N] [--out DIR]\n"
	      "                [--placement=pruned|semipruned|minimal|all] [-v] [--emit]\n"
	      "  --emit  print the programs (the module text) instead of checking them\n", st ? stderr : stdout);
	exit(st);
}

int main(int argc, char **argv)
{
	uint64_t seed = 1;
	long count = 1000;
	int emit = 0;
	const char *out = ".";
	Ctx c;
	memset(&c, 0, sizeof c);
	c.placements = 7;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = NULL;
		if (!strcmp(a, "-h") || !strcmp(a, "--help"))
			usage(0);
		if (!strcmp(a, "-v")) {
			c.verbose = 1;
			continue;
		}
		if (!strcmp(a, "--emit")) { /* print the programs, check nothing */
			emit = 1;
			continue;
		}
		const char *opts[] = {"--seed", "--count", "--out", "--placement"};
		int k;
		for (k = 0; k < 4; k++) {
			size_t n = strlen(opts[k]);
			if (!strncmp(a, opts[k], n) && a[n] == '=') {
				v = a + n + 1;
				break;
			}
			if (!strcmp(a, opts[k])) {
				if (i + 1 >= argc) {
					fprintf(stderr, "m2r-fuzz: error: '%s' needs a value\n", a);
					usage(2);
				}
				v = argv[++i];
				break;
			}
		}
		if (k == 4) {
			fprintf(stderr, "m2r-fuzz: error: unknown option '%s'\n", a);
			usage(2);
		}
		char *end;
		errno = 0;
		if (k == 0) {
			seed = strtoull(v, &end, 0);
			if (*end || errno || !*v) {
				fprintf(stderr, "m2r-fuzz: error: bad seed '%s'\n", v);
				usage(2);
			}
		} else if (k == 1) {
			count = strtol(v, &end, 0);
			if (*end || errno || !*v || count < 0) {
				fprintf(stderr, "m2r-fuzz: error: bad count '%s'\n", v);
				usage(2);
			}
		} else if (k == 2) {
			out = v;
		} else {
			c.placements = !strcmp(v, "pruned") ? 1 : !strcmp(v, "semipruned") ? 2
			             : !strcmp(v, "minimal") ? 4 : !strcmp(v, "all") ? 7 : 0;
			if (!c.placements) {
				fprintf(stderr, "m2r-fuzz: error: bad placement '%s'\n", v);
				usage(2);
			}
		}
	}
	static Prog p;
	long bad = 0, kinds[NF] = {0};
	c.counting = 1;
	for (long i = 0; i < count && emit; i++) {
		static Buf t;
		t.n = 0;
		gen(&p, seed + (uint64_t)i);
		print_prog(&p, &t);
		fwrite(t.s, 1, t.n, stdout);
	}
	if (emit)
		return 0;
	for (long i = 0; i < count; i++) {
		gen(&p, seed + (uint64_t)i);
		int k = check(&p, &c);
		if (c.verbose && (i + 1) % 100000 == 0)
			fprintf(stderr, "m2r-fuzz: %ld programs, %ld discrepancies\n", i + 1, bad);
		if (!k)
			continue;
		bad++;
		kinds[k]++;
		char first[sizeof why];
		snprintf(first, sizeof first, "%s", why);
		fprintf(stderr, "m2r-fuzz: seed %llu: %s: %s\n", (unsigned long long)p.seed,
		        fail_name[k], first);
		if (kinds[k] <= 20) { /* shrink the first few of each kind */
			shrink(&p, k, &c);
			check(&p, &c);
			write_repro(out, &p, k, why);
		}
	}
	printf("%ld programs, %ld discrepancies", count, bad);
	for (int k = 1; k < NF; k++)
		if (kinds[k])
			printf(", %s %ld", fail_name[k], kinds[k]);
	printf(" (runs:");
	for (int v = 0; v < NVERDICT; v++)
		printf(" %s %ld%s", verdict_name(v), c.verdict[v], v + 1 < NVERDICT ? "," : ";");
	printf(" %ld irreducible, %ld unreachable blocks, %ld placements checked, %ld phis)\n",
	       c.irreducible, c.unreachable_blocks, c.vars, c.phis);
	return bad ? 1 : 0;
}
