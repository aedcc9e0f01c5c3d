/* explain.cc - the plugin's explanations (explain=, explain-differences;
 * doc/explain.md): SSA construction of a GCC function step by step,
 * with GCC's own phi blocks beside ours, into the dump and the records.
 *
 * The explanation is printed by the report layer (report/explain.c,
 * explain-dot.c) from a trace of the core.  The run the plugin reports
 * is never traced: tracing runs every placement for every variable and
 * logs each step, which would inflate the recorded core time (and the
 * report's timings) of every function explained.  So a function to
 * explain is lowered a second time, from the same GIMPLE right after
 * the first lowering, and that copy is promoted with a trace.  Lowering
 * is deterministic: the copy has the same blocks, allocas and ids, and
 * the core does the same with or without a trace; both are checked
 * (a difference is a broken invariant), so GCC's phi blocks, read into
 * the first bridge as core block ids, are the copy's too. */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h"

#include <stdlib.h>
#include <string.h>

/* An explanation to write: a target of explain= (its variable resolved
 * to an alloca of the copy, -1 for all), or explain-differences (t -1). */
typedef struct Want {
	int t;   /* index in m2r_args.explain, or -1 */
	int var; /* alloca instruction, -1: every variable */
} Want;

/* The copy of the current function, from ex_lower to ex_report. */
static struct {
	Bridge *orig;  /* the reported run's bridge: GCC's phis are read there */
	Bridge *b;     /* the copy, promoted with tr into st */
	Trace tr;
	Stats st;
	Want *want;
	int nwant;
	int *bvar;     /* alloca instruction -> index in orig->var, or -1 */
} ex;

void ex_drop(void)
{
	if (ex.b)
		bridge_free(ex.b);
	free(ex.want);
	memset(&ex, 0, sizeof ex);
}

/* The copy's promotion is the reported one: same variables, paths and
 * phi blocks (what a trace must never change). */
static void check_same(const Stats *a, const Stats *b, const char *fn)
{
	int ok = a->var.n == b->var.n;
	for (int k = 0; ok && k < a->var.n; k++) {
		const VarStat *x = &a->var.v[k], *y = &b->var.v[k];
		ok = x->alloca == y->alloca && x->reason == y->reason && x->path == y->path &&
		     x->nphi == y->nphi && x->nphikept == y->nphikept &&
		     (!x->nphi || !memcmp(x->phiblk, y->phiblk, (size_t)x->nphi * sizeof(int)));
	}
	if (!ok)
		die("explain: the traced copy of %s was promoted differently from the function itself", fn);
}

/* A variable of explain=FUNC:VAR: by its name in the source and GCC's
 * dumps (BVar: "x", "D.1234"), else as the lowered IR prints it
 * ("x.addr", the slot of parameter x).  -1 when none. */
static int find_var(Bridge *b, const char *name)
{
	for (int i = 0; i < b->var.n; i++)
		if (b->var.v[i].alloca >= 0 && !strcmp(b->var.v[i].name, name))
			return b->var.v[i].alloca;
	return explain_find_var(b->fn, name);
}

static void warn_no_var(function *fun, Bridge *b, const ExTarget *t, const char *fn)
{
	char *list = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&list, &n);
	for (int i = 0; i < b->var.n; i++)
		fprintf(m, "%s%s", i ? ", " : "", b->var.v[i].name);
	fclose(m);
	warning_at(DECL_SOURCE_LOCATION(fun->decl), 0,
		   "mem2reg: %qs: function %qs has no variable %qs (its variables: %s); "
		   "nothing explained", t->flag, fn, t->var, n ? list : "none");
	free(list);
}

/* The explanation names the loads it follows: an unnamed value gets
 * the number the dump's lowered IR prints for it ("%4"), so that the
 * walk's "load %4 receives %x.0" points into that listing (after the
 * promotion a removed load has no number of its own). */
static void name_values(Fn *f)
{
	fn_number(f);
	for (int v = 0; v < f->val.n; v++) {
		Val *x = &f->val.v[v];
		if (!x->name && val_num(f, v) >= 0 && (x->kind == VINS || x->kind == VARG)) {
			char buf[16];
			int n = snprintf(buf, sizeof buf, "%d", val_num(f, v));
			x->name = astrndup(f->a, buf, (size_t)n);
		}
	}
}

void ex_lower(function *fun, Bridge *b, const PromoteOpts *po, const Stats *st)
{
	if (!m2r_args.nexplain && !m2r_args.explain_diff)
		return; /* ex is never set: nothing to drop */
	ex_drop();
	const char *fn = function_name(fun);
	if (!fn)
		return;
	Want *want = XNEWVEC(Want, m2r_args.nexplain + 1);
	int nwant = 0;
	for (int i = 0; i < m2r_args.nexplain; i++) {
		ExTarget *t = &m2r_args.explain[i];
		if (strcmp(t->fn, fn))
			continue;
		t->seen++;
		int var = t->var ? find_var(b, t->var) : -1;
		if (var < 0 && t->var)
			warn_no_var(fun, b, t, fn);
		else
			want[nwant].t = i, want[nwant++].var = var;
	}
	if (!nwant && !m2r_args.explain_diff) {
		free(want);
		return;
	}
	Bridge *c = bridge_lower(fun, b->rewrite ? LOWER_REWRITE : LOWER_ANALYZE, NULL);
	invariant(c);
	name_values(c->fn);
	PromoteOpts o = *po;
	o.trace = &ex.tr;
	o.anon_phis = 0; /* the explanation names them */
	o.dom = NULL;    /* b's tree is b's: the copy's lives in c's arena */
	m2r_promote(c->fn, &o, &ex.st);
	invariant(c->fn->ins.n == b->fn->ins.n && c->fn->blk.n == b->fn->blk.n &&
		  c->var.n == b->var.n);
	check_same(st, &ex.st, fn);
	ex.orig = b;
	ex.b = c;
	ex.want = want;
	ex.nwant = nwant;
	ex.bvar = (int *)aalloc(c->fn->a, (size_t)c->fn->ins.n * sizeof(int));
	memset(ex.bvar, 0xff, (size_t)c->fn->ins.n * sizeof(int));
	for (int i = 0; i < b->var.n; i++) {
		invariant(b->var.v[i].alloca == c->var.v[i].alloca);
		if (b->var.v[i].alloca >= 0)
			ex.bvar[b->var.v[i].alloca] = i;
	}
}

/* ExplainOpts.other: GCC's phi blocks of the variable of alloca i, as
 * core block ids (read by bridge_read_gcc into the reported bridge),
 * or NULL when GCC did not rename it into SSA. */
static const int *gcc_phis(void *, int i, int *n)
{
	int k = i >= 0 && i < ex.b->fn->ins.n ? ex.bvar[i] : -1;
	if (k < 0 || !ex.orig->var.v[k].gcc_ssa)
		return NULL;
	static const int none[1] = { -1 };
	*n = ex.orig->var.v[k].gcc_nphi;
	return *n ? ex.orig->var.v[k].gcc_phiblk : none; /* NULL says "not renamed" */
}

/* Why GCC's phis are not shown, or NULL when they are. */
static const char *no_gcc(void)
{
	if (m2r_args.mode == MODE_REWRITE)
		return "GCC's phis are not shown: in rewrite mode GCC's into-SSA does not run";
	if (m2r_args.algorithm == ALG_BRAUN)
		return "GCC's phis are not shown: algorithm=braun places its own phis, not a "
		       "placement to compare with GCC's (GCC's into-SSA result is not read)";
	if (!m2r_args.compare)
		return "GCC's phis are not shown: compare=no (GCC's into-SSA result is not read)";
	return NULL;
}

/* The explanation of variable var (-1: all) in format fmt, as a string
 * to free. */
static char *explain_str(int var, int fmt)
{
	char *s = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&s, &n);
	if (!m)
		die("open_memstream: out of memory");
	ExplainOpts eo;
	memset(&eo, 0, sizeof eo);
	eo.format = fmt;
	eo.var = var;
	if (!no_gcc()) {
		eo.other = gcc_phis;
		eo.other_name = "gcc";
	} else if (fmt == EX_TEXT) {
		fprintf(m, "(%s)\n", no_gcc());
	}
	explain_fn(m, ex.b->fn, &ex.tr, &ex.st, &eo);
	fclose(m);
	return s;
}

/* Records carry at most this much of each form: an explanation grows
 * with the function (its walk logs every block and access), and a page
 * and its pictures are for functions a person reads.  A longer text is
 * cut at a line with a note; a longer DOT (a graph that large is no
 * picture anyone reads) is left out, the text is linked instead. */
enum { REC_EXPLAIN_MAX = 256 * 1024 };

static void cap_text(char *s)
{
	size_t n = strlen(s);
	if (n <= REC_EXPLAIN_MAX)
		return;
	size_t cut = REC_EXPLAIN_MAX - 200;
	while (cut > 0 && s[cut - 1] != '\n')
		cut--;
	snprintf(s + cut, 200, "... (cut: %zu more bytes; the plugin's explain=FUNC "
		 "writes it whole into the dump)\n", n - cut);
}

static void to_records(const FnReport *r, int asked)
{
	char *text = explain_str(-1, EX_TEXT), *dot = explain_str(-1, EX_DOT);
	cap_text(text);
	if (strlen(dot) > REC_EXPLAIN_MAX)
		dot[0] = 0;
	out_explain(r->file, r->function, asked, text, dot);
	free(text);
	free(dot);
}

void ex_report(Bridge *b, const FnReport *r)
{
	if (!ex.b || ex.orig != b)
		return;
	int differs = r->differ + r->unexplained > 0;
	if (!ex.nwant && !differs) {
		ex_drop();
		return;
	}
	if (FILE *d = out_dump()) {
		for (int k = 0; k < ex.nwant; k++) {
			fprintf(d, ";; explanation (%s)\n", m2r_args.explain[ex.want[k].t].flag);
			char *s = explain_str(ex.want[k].var, m2r_args.explain_format);
			fputs(s, d);
			fputc('\n', d);
			free(s);
		}
		if (!ex.nwant) {
			fprintf(d, ";; explanation (explain-differences: %d variables differ from GCC)\n",
				r->differ + r->unexplained);
			char *s = explain_str(-1, m2r_args.explain_format);
			fputs(s, d);
			fputc('\n', d);
			free(s);
		}
	}
	if (m2r_args.output)
		to_records(r, ex.nwant > 0);
	ex_drop();
}

void ex_finish_unit(void)
{
	for (int i = 0; i < m2r_args.nexplain; i++) {
		ExTarget *t = &m2r_args.explain[i];
		if (!t->seen)
			warning_at(UNKNOWN_LOCATION, 0, "mem2reg: %qs: no function %qs in this unit (a function is named as "
				   "the records name it: %<ns::A::f%> in C++, a nested function by its own "
				   "name); nothing explained", t->flag, t->fn);
		t->seen = 0;
	}
}
