/* m2r-fuzz - random programs against the promotion: semantics and placement.
 *
 *   m2r-fuzz [--seed S] [--count N] [--out DIR] [--placement=P|all]
 *            [--algorithm=A|all] [-v]
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
 *   4. with each algorithm (--algorithm, all three by default): llvm as
 *      above; cytron the same checks, and its output must be llvm's,
 *      byte for byte; braun (pruned only) the same runs and reasons,
 *      every variable on the general path, and every phi it keeps
 *      needed: in a block of IDF(defs) and live-in, reached by two
 *      different values of the variable (reaching_many below), and not
 *      trivial (two operands besides itself that differ).
 * The programs are made and printed by fuzz-prog.c.
 * A failure is shrunk (instructions, blocks, edges, variables, operands
 * dropped while the same kind of failure persists) and written as DIR/
 * m2r-fuzz-SEED-KIND.ll.  The exit status is 1 if anything failed.
 */
#define _POSIX_C_SOURCE 200809L
#include "m2r.h"
#include "text.h"
#include "report.h"
#include "interp.h"
#include "oracle.h"
#include "fuzz-prog.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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
       F_PLACE, F_SEM, F_UNSUP, F_SAME, F_NEEDED, NF };
static const char *const fail_name[] = {"ok", "read", "verify-input", "roundtrip",
                                        "verify-output", "reprint", "reason", "path",
                                        "placement", "semantics", "interp-unsupported",
                                        "cytron-differs", "phi-not-needed"};

typedef struct {
	int placements;    /* bit per enum Placement to check */
	int algorithms;    /* bit per enum Algorithm to check */
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
static int check_braun_phis(const Prog *p, Fn *f, const VarStat *vs, int v, const Oracle *o);

static int check_vars(const Prog *p, Ctx *c, Fn *f, const Stats *st, const Oracle *o,
                      const unsigned *rsn, int pl, int alg)
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
		if (alg == ALG_BRAUN) {
			if (vs->path != P_GENERAL) {
				say("braun: %%x%d took path %s", v, path_name(vs->path));
				return F_PATH;
			}
			if (c->counting)
				c->vars++, c->phis += vs->nphikept;
			int r = check_braun_phis(p, f, vs, v, o);
			if (r)
				return r;
			continue;
		}
		if (vs->path != o->path[v]) {
			say("%s: %%x%d took path %s, predicted %s", pn, v, path_name(vs->path),
			    path_name(o->path[v]));
			return F_PATH;
		}
		if (pl != PL_PRUNED && vs->path != P_GENERAL)
			continue;
		int sorted;
		OrSet want = oracle_expect(o, v, pl), got = oracle_got(vs->phiblk, vs->nphi, p->nb, &sorted);
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

/* What reaches the entry of each block for variable v, as a lattice:
 * nothing yet (0), one value tok[b] (1), two or more (2).  A value is
 * what a store stores: a constant, an argument, undef, poison, or an
 * instruction's result (a load's: whatever it read); the entry brings
 * undef.  Round-robin to the fixed point over the reachable blocks. */
typedef struct { int k; int64_t x; } Tok;

static int tok_eq(Tok a, Tok b)
{
	return a.k == b.k && a.x == b.x;
}

static void join(int *st, Tok *t, int st2, Tok t2)
{
	if (st2 == 0 || *st == 2)
		return;
	if (*st == 0 || st2 == 2)
		*st = st2, *t = t2;
	else if (!tok_eq(*t, t2))
		*st = 2;
}

static OrSet reaching_many(const Prog *p, int v, const Oracle *o)
{
	int ins[MAXB] = {0}, outs[MAXB] = {0};
	Tok tin[MAXB], tout[MAXB];
	memset(tin, 0, sizeof tin);
	memset(tout, 0, sizeof tout);
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = 0; b < p->nb; b++) {
			if (!o->reach[b])
				continue;
			int st = b == 0;
			Tok t = { K_UNDEF, 0 };
			for (int q = 0; q < p->nb; q++)
				for (int j = 0; o->reach[q] && j < p->b[q].nlab; j++)
					if (p->b[q].lab[j] == b)
						join(&st, &t, outs[q], tout[q]);
			ins[b] = st, tin[b] = t;
			for (int i = 0; i < p->b[b].n; i++) {
				const FI *x = &p->b[b].in[i];
				if (x->op != I_STORE || x->var != v)
					continue;
				Op s = x->a[0];
				st = 1;
				t = (Tok){ s.k, s.k == K_VAL ? b * MAXI + s.x : s.k == K_UNDEF ||
				           s.k == K_POISON ? 0 : s.x };
			}
			if (st != outs[b] || (st == 1 && !tok_eq(t, tout[b])))
				changed = 1;
			outs[b] = st, tout[b] = t;
		}
	}
	OrSet m = 0;
	for (int b = 0; b < p->nb; b++)
		if (ins[b] == 2)
			m |= (OrSet)1 << b;
	return m;
}

/* braun keeps only needed phis (see the head of this file). */
static int check_braun_phis(const Prog *p, Fn *f, const VarStat *vs, int v, const Oracle *o)
{
	/* the textbook's pruned set: LLVM's rule for a single store of a
	 * constant (Oracle.construle) is not braun's */
	OrSet pruned = o->minimal[v] & o->live[v], many = reaching_many(p, v, o);
	for (int j = 0; j < vs->nphi; j++) {
		const Ins *in = &f->ins.v[vs->phiins[j]];
		if (in->flags & IDEAD)
			continue;
		int b = vs->phiblk[j];
		if (!((pruned >> b) & 1) || !((many >> b) & 1)) {
			say("braun: %%x%d keeps a phi in block %d, %s", v, b,
			    !((pruned >> b) & 1) ? "not in the oracle's IDF and live-in"
			                         : "which one value reaches");
			return F_NEEDED;
		}
		int a = -1, n = 0;
		for (int k = 0; k < in->nop; k++) {
			int w = in->ops[k] < 0 ? -1 : val_res(f, in->ops[k]);
			if (w < 0 || w == in->res || w == a)
				continue;
			a = w;
			n++;
		}
		if (n < 2) {
			say("braun: %%x%d keeps a trivial phi in block %d", v, b);
			return F_NEEDED;
		}
	}
	return F_OK;
}

/* One placement: promote a fresh read of text, verify, check against
 * the oracle, then run it against the original's runs r0. */
static int check_placement(const Prog *p, Ctx *c, const Buf *text, int pl, int alg,
                           const Oracle *o, const unsigned *rsn, const Interp *r0, char **printed)
{
	static Interp r1[NVEC];
	char err[600], pnb[64];
	int where, fail = F_OK;
	snprintf(pnb, sizeof pnb, "%s%s%s", alg ? algorithm_name(alg) : "", alg ? " " : "",
	         placement_name(pl));
	const char *pn = pnb;
	Fn *f = read_text(text->s, text->n, err, sizeof err);
	if (!f) {
		say("second read failed: %s", err);
		return F_READ;
	}
	/* Every fourth program is promoted with a trace, which must change
	 * nothing (every check below) and which both explanation formats
	 * must print without tripping an invariant; every seventh leaves
	 * its phis unnamed (the plugin's way), which the reprint must read. */
	Trace tr;
	memset(&tr, 0, sizeof tr);
	PromoteOpts opt = {.algorithm = alg, .placement = pl, .simplify = p->seed % 5 != 4,
	                   .prune = alg == ALG_LLVM ? (int)(p->seed / 5 % 3) : PM_AUTO,
	                   .trace = p->seed % 4 == 1 ? &tr : NULL, .anon_phis = p->seed % 7 == 3};
	if (alg == ALG_BRAUN)
		opt.simplify = 1; /* its own, always */
	Stats st;
	memset(&st, 0, sizeof st);
	m2r_promote(f, &opt, &st);
	if (opt.trace) {
		static FILE *null;
		if (!null && !(null = fopen("/dev/null", "w")))
			die("cannot open /dev/null");
		for (int fmt = EX_TEXT; fmt <= EX_DOT; fmt++) {
			ExplainOpts eo = {fmt, -1, NULL, NULL, NULL};
			explain_fn(null, f, &tr, &st, &eo);
		}
	}
	if (m2r_verify(f, err, sizeof err, &where)) {
		say("%s: promoted function invalid: %s (instruction %d)", pn, err, where);
		fail = F_VERIFY_OUT;
	}
	if (!fail && pl == PL_PRUNED)
		fail = check_reprint(f, pn);
	if (!fail)
		fail = check_vars(p, c, f, &st, o, rsn, pl, alg);
	if (!fail && printed) {
		size_t n;
		*printed = print_fn(f, &n);
	}
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
	for (int pl = PL_PRUNED; pl <= PL_MINIMAL && !fail; pl++) {
		if (!((c->placements >> pl) & 1))
			continue;
		/* llvm's output, printed, is what cytron's must be */
		int cyt = (c->algorithms >> ALG_CYTRON) & 1;
		char *want = NULL, *got = NULL;
		if ((c->algorithms & 1) || cyt)
			fail = check_placement(p, c, &text, pl, ALG_LLVM, &o, rsn, r0,
			                       cyt ? &want : NULL);
		if (!fail && cyt)
			fail = check_placement(p, c, &text, pl, ALG_CYTRON, &o, rsn, r0, &got);
		if (!fail && cyt && strcmp(want, got)) {
			say("cytron %s: the output differs from llvm's", placement_name(pl));
			fail = F_SAME;
		}
		free(want);
		free(got);
		if (!fail && pl == PL_PRUNED && ((c->algorithms >> ALG_BRAUN) & 1))
			fail = check_placement(p, c, &text, pl, ALG_BRAUN, &o, rsn, r0, NULL);
	}
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
	      "                [--placement=pruned|semipruned|minimal|all]\n"
	      "                [--algorithm=llvm|cytron|braun|all] [-v] [--emit]\n"
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
	c.algorithms = (1 << NALGORITHM) - 1;
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
		const char *opts[] = {"--seed", "--count", "--out", "--placement", "--algorithm"};
		int k;
		for (k = 0; k < 5; k++) {
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
		if (k == 5) {
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
		} else if (k == 4) {
			int al = m2r_name_lookup(NT_ALGORITHM, v);
			c.algorithms = !strcmp(v, "all") ? (1 << NALGORITHM) - 1 : al >= 0 ? 1 << al : 0;
			if (!c.algorithms) {
				fprintf(stderr, "m2r-fuzz: error: bad algorithm '%s': expected %s or all\n",
				        v, m2r_name_list(NT_ALGORITHM));
				usage(2);
			}
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
