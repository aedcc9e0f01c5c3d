/* place-test.c - phi placement of m2r_promote against an independent oracle.
 *
 * Random functions (1..40 blocks: loops, self-loops, irreducible
 * cycles, unreachable blocks jumping into reachable ones, duplicate
 * edges, switches) with 1..6 entry allocas of i32 and loads and stores
 * sprinkled over the blocks are promoted with every placement and every
 * pruning method.  The phi blocks the core reports (VarStat.phiblk) are
 * compared with sets computed here from the instruction and label
 * arrays only, by the textbook definitions: reachability, dominator
 * sets by round-robin data flow, DF(x) = { y | x dom a reachable pred
 * of y, not x sdom y }, IDF by fixpoint, liveness by backward data flow
 * over upward-exposed uses and kills.  None of the core's cfg/dom/df
 * code is called.  The oracle is testlib/oracle.c, shared with m2r-fuzz.
 *
 *   minimal     IDF(def blocks)
 *   semipruned  IDF(def blocks) if some reachable block has an
 *               upward-exposed load, else empty
 *   pruned      IDF(def blocks) & live-in
 *
 * The fast paths (dead, single store, single block) are also predicted
 * here, following their documented rules (promote.c), so that the
 * chosen path is checked too.  The one case where a fast path
 * legitimately drops live phis is a single store of a constant: every
 * load takes the constant (undef refined), so pruned expects no phi
 * there.
 *
 * Usage: place-test [COUNT [SEED]].  Function i is built from seed
 * SEED + i, so a reported function is reproduced by "place-test 1 S".
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp.
 */
#include "m2r.h"
#include "oracle.h"
#include "rng.h"

#include <dejagnu.h> /* the only file including it */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAXB = 40, MAXV = 6, MAXLAB = 8, MAXA = 256 };

/* ---------- the random program, independent of the IR ---------- */

enum { A_LOAD, A_STORE, A_USE };
enum { S_CONST, S_ARG, S_LOAD };

typedef struct {
	int blk, kind, var; /* var: LOAD/STORE */
	int src, arg;       /* STORE: S_CONST (arg = literal), S_ARG, S_LOAD
	                       (arg = load access); USE: arg = load access */
} Acc;

typedef struct {
	uint64_t seed;
	int nb, nv;
	int term[MAXB], nlab[MAXB], lab[MAXB][MAXLAB];
	int na, boff[MAXB + 1]; /* block b's accesses: A[boff[b]..boff[b+1]) */
	Acc A[MAXA];
} Prog;

/* testlib/rng.h, the tree's one generator, seeded per program. */
static Rng rs;

static unsigned rnd(unsigned n) { return (unsigned)rng_below(&rs, n); }

/* Access styles; half of the variables get ST_MANY (the general path). */
enum { ST_DEAD, ST_NOSTORE, ST_ONESTORE, ST_LOADS1BLK, ST_ONEBLK, ST_MANY, NST };

static void gen(Prog *p, uint64_t seed)
{
	memset(p, 0, sizeof *p);
	p->seed = seed;
	rng_seed(&rs, seed);
	int nb = p->nb = 1 + (int)rnd(rnd(3) ? 14 : MAXB);
	p->nv = 1 + (int)rnd(MAXV);

	for (int b = 0; b < nb; b++) {
		int k = (int)rnd(100), op, n;
		if (nb == 1)
			k = rnd(4) ? 0 : 8;
		op = k < 6 ? ORET : k < 9 ? OUNREACH : k < 42 ? OBR : k < 82 ? OCBR : OSWITCH;
		n = op == OBR ? 1 : op == OCBR ? 2 : op == OSWITCH ? 2 + (int)rnd(MAXLAB - 2) : 0;
		p->term[b] = op;
		p->nlab[b] = n;
		for (int j = 0; j < n; j++)
			p->lab[b][j] = j && rnd(5) == 0 ? p->lab[b][rnd((unsigned)j)] /* duplicate */
			             : !j && b + 1 < nb && rnd(4) ? b + 1 /* keep most blocks reachable */
			             : rng_cfg_target(&rs, b, nb);
	}

	/* Plan each variable's accesses: (block, load/store). */
	int pb[MAXA], pk[MAXA], pv[MAXA], np = 0;
	for (int v = 0; v < p->nv; v++) {
		int style = (int)rnd(2 * NST), one = (int)rnd((unsigned)nb), n;
		switch (style) {
		case ST_DEAD:
			for (n = (int)rnd(4); n--;)
				pb[np] = (int)rnd((unsigned)nb), pk[np] = A_STORE, pv[np++] = v;
			break;
		case ST_NOSTORE:
			for (n = 1 + (int)rnd(4); n--;)
				pb[np] = (int)rnd((unsigned)nb), pk[np] = A_LOAD, pv[np++] = v;
			break;
		case ST_ONESTORE:
			pb[np] = (int)rnd((unsigned)nb), pk[np] = A_STORE, pv[np++] = v;
			for (n = 1 + (int)rnd(5); n--;)
				pb[np] = (int)rnd((unsigned)nb), pk[np] = A_LOAD, pv[np++] = v;
			break;
		case ST_LOADS1BLK:
			for (n = 1 + (int)rnd(3); n--;)
				pb[np] = one, pk[np] = A_LOAD, pv[np++] = v;
			for (n = 1 + (int)rnd(4); n--;)
				pb[np] = (int)rnd((unsigned)nb), pk[np] = A_STORE, pv[np++] = v;
			break;
		case ST_ONEBLK:
			for (n = 1 + (int)rnd(4); n--;)
				pb[np] = one, pk[np] = rnd(2) ? A_LOAD : A_STORE, pv[np++] = v;
			break;
		default:
			for (n = 2 + (int)rnd(11); n--;)
				pb[np] = (int)rnd((unsigned)nb), pk[np] = rnd(2) ? A_LOAD : A_STORE,
				pv[np++] = v;
			break;
		}
	}
	/* Shuffle, so that each block gets its accesses in random order. */
	for (int i = np - 1; i > 0; i--) {
		int j = (int)rnd((unsigned)i + 1), t;
		t = pb[i], pb[i] = pb[j], pb[j] = t;
		t = pk[i], pk[i] = pk[j], pk[j] = t;
		t = pv[i], pv[i] = pv[j], pv[j] = t;
	}
	/* Emit block by block; every load result is used, by a later store
	 * of the block or by a "call @use" before the terminator. */
	for (int b = 0; b < nb; b++) {
		p->boff[b] = p->na;
		int loads[MAXA], used[MAXA], nl = 0;
		for (int i = 0; i < np; i++) {
			if (pb[i] != b)
				continue;
			Acc *a = &p->A[p->na];
			a->blk = b;
			a->kind = pk[i];
			a->var = pv[i];
			if (a->kind == A_LOAD) {
				loads[nl] = p->na;
				used[nl++] = 0;
			} else if (nl && rnd(2)) {
				int j = (int)rnd((unsigned)nl);
				a->src = S_LOAD;
				a->arg = loads[j];
				used[j] = 1;
			} else if (rnd(3)) {
				a->src = S_CONST;
				a->arg = (int)rnd(5);
			} else {
				a->src = S_ARG;
			}
			p->na++;
		}
		for (int j = 0; j < nl; j++)
			if (!used[j]) {
				Acc *a = &p->A[p->na++];
				a->blk = b;
				a->kind = A_USE;
				a->var = -1;
				a->arg = loads[j];
			}
	}
	p->boff[nb] = p->na;
}

/* ---------- building the Fn ---------- */

typedef struct {
	int allocains[MAXV]; /* variable -> alloca instruction */
} Built;

static Fn *build(const Prog *p, Built *bt)
{
	Fn *f = fn_new("t");
	int i32 = fn_type(f, "i32", 3), i1 = fn_type(f, "i1", 2), ptr = fn_type(f, "ptr", 3);
	const char *an[3] = {"c", "s", "a"};
	int at[3] = {i1, i32, i32}, arg[3];
	for (int k = 0; k < 3; k++) {
		arg[k] = fn_val(f, VARG, at[k], an[k]);
		f->val.v[arg[k]].ins = k;
		vpush(f->a, f->arg, arg[k]);
	}
	f->head = "define void @t(i1 \001, i32 \001, i32 \001) {";
	for (int b = 0; b < p->nb; b++)
		fn_blk(f, NULL);
	int var[MAXV], lv[MAXA];
	char name[32];
	for (int v = 0; v < p->nv; v++) {
		int i = fn_ins(f, 0, OALLOCA, i32, 0, 0);
		snprintf(name, sizeof name, "v%d", v);
		var[v] = fn_res(f, i, ptr, name);
		bt->allocains[v] = i;
	}
	for (int b = 0; b < p->nb; b++) {
		for (int k = p->boff[b]; k < p->boff[b + 1]; k++) {
			const Acc *a = &p->A[k];
			int i, x;
			switch (a->kind) {
			case A_LOAD:
				i = fn_ins(f, b, OLOAD, i32, 1, 0);
				f->ins.v[i].ops[0] = var[a->var];
				snprintf(name, sizeof name, "l%d", k);
				lv[k] = fn_res(f, i, i32, name);
				break;
			case A_STORE:
				if (a->src == S_CONST) {
					snprintf(name, sizeof name, "%d", a->arg);
					x = fn_const(f, i32, name);
				} else {
					x = a->src == S_ARG ? arg[2] : lv[a->arg];
				}
				i = fn_ins(f, b, OSTORE, i32, 2, 0);
				f->ins.v[i].ops[0] = x;
				f->ins.v[i].ops[1] = var[a->var];
				break;
			default:
				i = fn_ins(f, b, OGEN, -1, 1, 0);
				f->ins.v[i].ops[0] = lv[a->arg];
				ins_settext(f, i, "call void @use(i32 \001)");
				break;
			}
		}
		int op = p->term[b], n = p->nlab[b];
		int nop = op == OCBR ? 1 : op == OSWITCH ? n : 0;
		int cs[MAXLAB];
		if (op == OSWITCH)
			for (int j = 1; j < n; j++) {
				snprintf(name, sizeof name, "%d", j * 7);
				cs[j] = fn_const(f, i32, name);
			}
		int i = fn_ins(f, b, op, op == OSWITCH ? i32 : -1, nop, n);
		Ins *in = &f->ins.v[i];
		for (int j = 0; j < n; j++)
			in->lab[j] = p->lab[b][j];
		if (op == OCBR)
			in->ops[0] = arg[0];
		if (op == OSWITCH) {
			in->ops[0] = arg[1];
			for (int j = 1; j < n; j++)
				in->ops[j] = cs[j];
		}
	}
	return f;
}

/* ---------- the oracle (testlib/oracle.c, shared with m2r-fuzz) ---------- */

typedef OrSet Set; /* of blocks, MAXB <= 64 */

static Set bit(int b) { return (Set)1 << b; }

/* The oracle's view of the program: the CFG, and the loads and stores
 * (block order, program order within a block) with the stored tokens. */
static void oracle(const Prog *p, Oracle *o)
{
	static OrProg q;
	q.nb = p->nb;
	q.nv = p->nv;
	q.na = 0;
	for (int b = 0; b < p->nb; b++) {
		q.nsucc[b] = p->nlab[b];
		for (int j = 0; j < p->nlab[b]; j++)
			q.succ[b][j] = p->lab[b][j];
	}
	int idx[MAXA];
	for (int k = 0; k < p->na; k++) {
		const Acc *a = &p->A[k];
		idx[k] = -1;
		if (a->kind == A_USE)
			continue;
		OrAcc *c = &q.acc[q.na];
		idx[k] = q.na++;
		c->blk = a->blk;
		c->var = a->var;
		c->kind = a->kind == A_LOAD ? OR_LOAD : OR_STORE;
		c->tok = a->kind == A_LOAD ? 0
		       : a->src == S_CONST ? OR_CONST + a->arg
		       : a->src == S_ARG ? OR_OTHER : idx[a->arg];
	}
	oracle_run(&q, o);
}

static int irreducible(const Prog *p, const Oracle *o)
{
	static OrProg q;
	q.nb = p->nb;
	for (int b = 0; b < p->nb; b++) {
		q.nsucc[b] = p->nlab[b];
		for (int j = 0; j < p->nlab[b]; j++)
			q.succ[b][j] = p->lab[b][j];
	}
	return oracle_irreducible(&q, o);
}

/* ---------- reporting ---------- */

static void show_set(char *buf, size_t len, Set s)
{
	size_t k = 0;
	buf[0] = 0;
	for (int b = 0; b < 64 && k + 8 < len; b++)
		if (s & bit(b))
			k += (size_t)snprintf(buf + k, len - k, "%s%d", k ? " " : "", b);
}

static void show_prog(const Prog *p, const Oracle *o)
{
	static const char *const tn[] = {[OBR] = "br", [OCBR] = "cbr", [OSWITCH] = "switch",
	                                 [ORET] = "ret", [OUNREACH] = "unreachable"};
	printf("  function seed %llu: %d blocks, %d variables (reproduce: place-test 1 %llu)\n",
	       (unsigned long long)p->seed, p->nb, p->nv, (unsigned long long)p->seed);
	for (int b = 0; b < p->nb; b++) {
		printf("  b%d%s:", b, o->reach[b] ? "" : " (unreachable)");
		for (int k = p->boff[b]; k < p->boff[b + 1]; k++) {
			const Acc *a = &p->A[k];
			if (a->kind == A_LOAD)
				printf(" l%d=load v%d;", k, a->var);
			else if (a->kind == A_USE)
				printf(" use l%d;", a->arg);
			else if (a->src == S_CONST)
				printf(" store %d->v%d;", a->arg, a->var);
			else if (a->src == S_ARG)
				printf(" store %%a->v%d;", a->var);
			else
				printf(" store l%d->v%d;", a->arg, a->var);
		}
		printf(" %s", tn[p->term[b]]);
		for (int j = 0; j < p->nlab[b]; j++)
			printf(" b%d", p->lab[b][j]);
		printf("\n");
	}
}

/* ---------- running ---------- */

typedef struct {
	int placement, prune;
	const char *name;
	long fns, vars, phis, bad;
} Combo;

static long nverify_in_bad, nverify_out_bad, npromote, npath_bad, npath_checked;
static char verify_msg[1024], path_msg[1024];

/* Promote one fresh copy; returns 1 if a mismatch was found. */
static int run_one(const Prog *p, const Oracle *o, Combo *c, int first)
{
	Built bt;
	char msg[400], e[200], g[200];
	int where;
	Fn *f = build(p, &bt);
	PromoteOpts opt = {.placement = c->placement, .simplify = 1, .prune = c->prune};
	Stats st;
	memset(&st, 0, sizeof st);
	m2r_promote(f, &opt, &st);
	npromote++;
	if (m2r_verify(f, msg, sizeof msg, &where)) {
		if (!nverify_out_bad++)
			snprintf(verify_msg, sizeof verify_msg,
			         "%s: function seed %llu: promoted function invalid: %s (ins %d)",
			         c->name, (unsigned long long)p->seed, msg, where);
	}
	int bad = 0;
	char why[600] = "";
	if (st.var.n != p->nv) {
		snprintf(why, sizeof why, "%d VarStats for %d allocas", st.var.n, p->nv);
		bad = 1;
	}
	for (int k = 0; k < st.var.n && !bad; k++) {
		const VarStat *vs = &st.var.v[k];
		int v = -1;
		for (int j = 0; j < p->nv; j++)
			if (bt.allocains[j] == vs->alloca)
				v = j;
		if (v < 0) {
			snprintf(why, sizeof why, "VarStat %d: alloca %d unknown", k, vs->alloca);
			bad = 1;
			break;
		}
		if (vs->path == P_NOT_PROMOTED) {
			snprintf(why, sizeof why, "v%d not promoted (reason %s)", v,
			         reason_name(vs->reason));
			bad = 1;
			break;
		}
		npath_checked++;
		if (vs->path != o->path[v] && !npath_bad++)
			snprintf(path_msg, sizeof path_msg,
			         "%s: function seed %llu: v%d took path %s, predicted %s", c->name,
			         (unsigned long long)p->seed, v, path_name(vs->path),
			         path_name(o->path[v]));
		Set want = c->placement == PL_PRUNED ? o->pruned[v]
		        : c->placement == PL_SEMIPRUNED ? o->semi[v] : o->minimal[v];
		if (c->placement != PL_PRUNED && vs->path != P_GENERAL)
			continue;
		c->vars++;
		int sorted;
		Set got = oracle_got(vs->phiblk, vs->nphi, p->nb, &sorted);
		c->phis += vs->nphi;
		if (!sorted || got != want) {
			show_set(e, sizeof e, want);
			g[0] = 0;
			for (int j = 0, n = 0; j < vs->nphi && n + 8 < (int)sizeof g; j++)
				n += snprintf(g + n, sizeof g - (size_t)n, "%s%d", j ? " " : "",
				              vs->phiblk[j]);
			snprintf(why, sizeof why,
			         "v%d (path %s%s): phi blocks [%s], expected [%s]%s", v,
			         path_name(vs->path), o->construle[v] ? ", constant single store" : "",
			         g, e, sorted ? "" : " (not ascending/in range)");
			bad = 1;
		}
	}
	if (bad && first) {
		printf("  %s: mismatch: %s\n", c->name, why);
		show_prog(p, o);
		printf("  expected per variable (def blocks / live-in / minimal / semipruned / pruned):\n");
		for (int v = 0; v < p->nv; v++) {
			char s1[200], s2[200], s3[200], s4[200], s5[200];
			show_set(s1, sizeof s1, o->def[v]);
			show_set(s2, sizeof s2, o->live[v]);
			show_set(s3, sizeof s3, o->minimal[v]);
			show_set(s4, sizeof s4, o->semi[v]);
			show_set(s5, sizeof s5, o->pruned[v]);
			printf("    v%d: predicted %s%s; defs [%s] live [%s] min [%s] semi [%s] pruned [%s]\n",
			       v, path_name(o->path[v]), o->construle[v] ? " (constant)" : "",
			       s1, s2, s3, s4, s5);
		}
		printf("  actual:\n");
		for (int k = 0; k < st.var.n; k++) {
			const VarStat *vs = &st.var.v[k];
			printf("    alloca %d: path %s, phis [", vs->alloca, path_name(vs->path));
			for (int j = 0; j < vs->nphi; j++)
				printf("%s%d", j ? " " : "", vs->phiblk[j]);
			printf("]\n");
		}
	}
	fn_free(f);
	return bad;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	long count = argc > 1 ? strtol(argv[1], NULL, 0) : 2000;
	uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 0) : 20240601u;
	Combo combos[] = {
		{PL_PRUNED, PM_AUTO, "pruned/auto", 0, 0, 0, 0},
		{PL_PRUNED, PM_FRONTIER, "pruned/frontier", 0, 0, 0, 0},
		{PL_PRUNED, PM_LIVE_JOINS, "pruned/live-joins", 0, 0, 0, 0},
		{PL_SEMIPRUNED, PM_AUTO, "semipruned", 0, 0, 0, 0},
		{PL_MINIMAL, PM_AUTO, "minimal", 0, 0, 0, 0},
	};
	enum { NC = sizeof combos / sizeof *combos };
	static Prog p;
	static Oracle o;
	long nirr = 0, nunreach = 0, ngeneral = 0, nconst = 0, nexp = 0;
	for (long i = 0; i < count; i++) {
		gen(&p, seed + (uint64_t)i);
		oracle(&p, &o);
		/* the generated input must be valid SSA */
		{
			Built bt;
			char msg[400];
			int where;
			Fn *f = build(&p, &bt);
			if (m2r_verify(f, msg, sizeof msg, &where) && !nverify_in_bad++) {
				printf("  generator made invalid input: %s (ins %d)\n", msg, where);
				show_prog(&p, &o);
			}
			fn_free(f);
		}
		nirr += irreducible(&p, &o);
		for (int b = 0; b < p.nb; b++)
			nunreach += !o.reach[b];
		for (int v = 0; v < p.nv; v++) {
			ngeneral += o.path[v] == P_GENERAL;
			nconst += o.construle[v] && (o.minimal[v] & o.live[v]);
			for (Set s = o.pruned[v]; s; s &= s - 1)
				nexp++;
		}
		for (int c = 0; c < NC; c++) {
			combos[c].fns++;
			if (run_one(&p, &o, &combos[c], combos[c].bad == 0))
				combos[c].bad++;
		}
	}
	note("%ld functions from seed %llu: %ld irreducible, %ld unreachable blocks, "
	     "%ld general-path variables, %ld pruned phis expected, %ld constant single "
	     "stores across live joins", count, (unsigned long long)seed, nirr, nunreach,
	     ngeneral, nexp, nconst);
	for (int c = 0; c < NC; c++) {
		Combo *k = &combos[c];
		if (k->bad)
			fail("%s: %ld of %ld functions differ from the oracle (first shown above)",
			     k->name, k->bad, k->fns);
		else
			pass("%s: %ld functions match the oracle (%ld variables compared, %ld phis)",
			     k->name, k->fns, k->vars, k->phis);
	}
	if (npath_bad)
		fail("paths: %ld of %ld differ from the prediction; first: %s", npath_bad,
		     npath_checked, path_msg);
	else
		pass("paths: %ld promoted variables took the predicted path", npath_checked);
	if (nverify_in_bad)
		fail("verify: %ld generated functions invalid", nverify_in_bad);
	else if (nverify_out_bad)
		fail("verify: %ld of %ld promoted functions invalid; first: %s", nverify_out_bad,
		     npromote, verify_msg);
	else
		pass("verify: %ld inputs and %ld promoted functions valid", count, npromote);
	totals();
	return failed ? 1 : 0;
}
