/* summary.c - the text report: the totals, the differences by reason,
 * the unexplained ones in a banner, rewrite mode's own numbers, and
 * top-N lists of functions (or files, with --by=file). */
#include "rep.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void fmt_ns(char *buf, size_t n, long long ns)
{
	if (ns < 10000)
		snprintf(buf, n, "%lld ns", ns);
	else if (ns < 10000000)
		snprintf(buf, n, "%.1f us", ns / 1e3);
	else if (ns < 10000000000LL)
		snprintf(buf, n, "%.1f ms", ns / 1e6);
	else
		snprintf(buf, n, "%.2f s", ns / 1e9);
}

static int by_name(const Rec *a, const Rec *b)
{
	int c = strcmp(a->file, b->file);
	return c ? c : strcmp(a->function, b->function);
}

/* What a top-N list ranks. */
enum TopKey { T_OURS_NS, T_GCC_NS, T_PHIS, T_DIFFER, T_UNEXPLAINED, T_NOT_WHOLE };

static long long key_of(const Rec *x, int k)
{
	switch (k) {
	case T_OURS_NS: return rec_ours_ns(x);
	case T_GCC_NS: return x->f[F_GCC_NS];
	case T_PHIS: return x->f[F_PHIS_KEPT] + x->f[F_GCC_PHIS];
	case T_DIFFER: return x->f[F_DIFFER] + x->f[F_UNEXPLAINED];
	case T_UNEXPLAINED: return x->f[F_UNEXPLAINED];
	default: /* rewrite mode's functions not written back whole */
		return strcmp(x->mode, "rewrite") ? 0 : x->f[F_FUNCTIONS] - x->f[F_REWRITTEN];
	}
}

static int sort_key; /* the key of by_key, for qsort */

/* Descending by key, then by name (a stable, reproducible order). */
static int by_key(const void *pa, const void *pb)
{
	const Rec *a = *(const Rec *const *)pa, *b = *(const Rec *const *)pb;
	long long ka = key_of(a, sort_key), kb = key_of(b, sort_key);
	return ka != kb ? (ka < kb ? 1 : -1) : by_name(a, b);
}

static void name_of(FILE *o, const Rec *x)
{
	if (*x->function)
		fprintf(o, "%s: %s", x->file, x->function);
	else
		fprintf(o, "%s (%lld functions)", x->file, x->f[F_FUNCTIONS]);
}

/* One top-N list: the rows with a non-zero key, at most top of them. */
static void top_list(FILE *o, Rec **v, int n, int top, const char *title, int k)
{
	sort_key = k;
	qsort(v, (size_t)n, sizeof *v, by_key);
	int shown = 0;
	for (int i = 0; i < n && shown < top; i++) {
		const Rec *x = v[i];
		char t[32];
		long long key = key_of(x, k);
		if (!key)
			break;
		if (!shown++)
			fprintf(o, "\n%s:\n", title);
		if (k == T_OURS_NS || k == T_GCC_NS) {
			fmt_ns(t, sizeof t, key);
			fprintf(o, "  %10s  ", t);
		} else if (k == T_PHIS) {
			fprintf(o, "  %5lld / %-5lld ", x->f[F_PHIS_KEPT], x->f[F_GCC_PHIS]);
		} else if (k == T_DIFFER) {
			fprintf(o, "  %5lld + %lld unexplained  ", x->f[F_DIFFER], x->f[F_UNEXPLAINED]);
		} else {
			fprintf(o, "  %5lld  ", key);
		}
		name_of(o, x);
		if (k == T_NOT_WHOLE && *x->function)
			fprintf(o, "  (fallback %s)", *x->fallback ? x->fallback : "?");
		fprintf(o, "  (blocks %lld, vars %lld)\n", x->f[F_BLOCKS], x->f[F_VARS]);
	}
	if (shown && n > shown && top == shown)
		fprintf(o, "  (top %d shown)\n", top);
}

static void line(FILE *o, const char *what, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void line(FILE *o, const char *what, const char *fmt, ...)
{
	va_list ap;
	fprintf(o, "  %-38s ", what);
	va_start(ap, fmt);
	vfprintf(o, fmt, ap);
	va_end(ap);
	putc('\n', o);
}

static void rewrite_part(FILE *o, const Rec *t, long nrw, long whole)
{
	char b[32];
	fprintf(o, "\nrewrite mode (%ld functions):\n", nrw);
	line(o, "functions written back whole", "%ld of %ld", whole, nrw);
	line(o, "variables renamed by core / gcc / memory", "%lld / %lld / %lld", t->renamed_by[RN_CORE],
	     t->renamed_by[RN_GCC], t->renamed_by[RN_MEMORY]);
	line(o, "phis built", "%lld", t->f[F_PHIS_BUILT]);
	for (int i = 1; i < NFALLBACK; i++)
		if (t->fallbacks[i]) {
			char lab[64];
			snprintf(lab, sizeof lab, "  renamed by GCC: %s", fallback_name(i));
			line(o, lab, "%lld", t->fallbacks[i]);
		}
	fmt_ns(b, sizeof b, t->f[F_REWRITE_NS]);
	line(o, "time of the rest of the pass", "%s", b);
}

static void totals(FILE *o, Run *r, const Rec *t, int nfiles)
{
	char b1[32], b2[32], b3[32];
	long ntool_opt = 0, nlower_err = 0;
	for (int i = 0; i < r->fn.n; i++) {
		ntool_opt += !strcmp(r->fn.v[i]->tool, "m2r-opt");
		nlower_err += *r->fn.v[i]->lower_error != 0;
	}
	fprintf(o, "mem2reg report: %d source files, %d functions", nfiles, r->fn.n);
	if (ntool_opt)
		fprintf(o, " (%ld from m2r-opt)", ntool_opt);
	fputs("\n", o);
	line(o, "variables", "%lld  (promotable %lld)", t->f[F_VARS], t->f[F_PROMOTABLE]);
	line(o, "promoted, ours / GCC", "%lld / %lld", t->f[F_PROMOTED], t->f[F_GCC_PROMOTED]);
	line(o, "phis, ours placed / kept / GCC", "%lld / %lld / %lld", t->f[F_PHIS], t->f[F_PHIS_KEPT],
	     t->f[F_GCC_PHIS]);
	line(o, "functions compared with GCC", "%lld of %d", t->f[F_COMPARED], r->fn.n);
	line(o, "functions agreeing with GCC", "%lld of %lld compared", t->f[F_AGREE], t->f[F_COMPARED]);
	line(o, "variables that differ, named reason", "%lld", t->f[F_DIFFER]);
	for (int w = 1; w < NWHY; w++)
		if (w != W_UNEXPLAINED && t->why[w]) {
			char lab[64];
			snprintf(lab, sizeof lab, "  %s", why_name(w));
			line(o, lab, "%lld", t->why[w]);
		}
	line(o, "variables that differ, unexplained", "%lld%s", t->f[F_UNEXPLAINED],
	     t->f[F_UNEXPLAINED] ? "  <-- a bug: see below" : "");
	fmt_ns(b1, sizeof b1, rec_ours_ns(t));
	fmt_ns(b2, sizeof b2, t->f[F_LOWER_NS]);
	fmt_ns(b3, sizeof b3, t->f[F_CORE_NS]);
	line(o, "time ours", "%s  (lower %s + core %s)", b1, b2, b3);
	fmt_ns(b1, sizeof b1, t->f[F_GCC_NS]);
	if (!t->f[F_COMPARED])
		line(o, "time GCC into-SSA", "-  (not compared)");
	else if (t->f[F_GCC_NS])
		line(o, "time GCC into-SSA", "%s  (ours / GCC %.2f)", b1, (double)rec_ours_ns(t) / (double)t->f[F_GCC_NS]);
	else
		line(o, "time GCC into-SSA", "%s", b1);
	if (nlower_err)
		line(o, "functions not lowered exactly", "%ld  (lower_error: the bridge met GIMPLE it could not lower)", nlower_err);
	if (r->clocks & (r->clocks - 1))
		line(o, "note", "the records mix clocks (wall and cpu): times are not comparable");
}

long write_summary(FILE *o, Run *r, int by_file, int top)
{
	Rec t = { 0 }, rw = { 0 };
	long nrw = 0, whole = 0, nunexp = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		rec_add(&t, x);
		nunexp += x->f[F_UNEXPLAINED] != 0;
		if (!strcmp(x->mode, "rewrite")) {
			rec_add(&rw, x);
			nrw++;
			whole += x->f[F_REWRITTEN] != 0;
		}
	}
	int nfiles;
	Rec **files = run_by_file(r, &nfiles);
	if (t.f[F_UNEXPLAINED])
		fprintf(o, "!!! UNEXPLAINED: %lld variables in %ld functions differ from GCC without a named reason (a bug) !!!\n\n",
			t.f[F_UNEXPLAINED], nunexp);
	totals(o, r, &t, nfiles);
	if (r->folded_fn || r->folded_unit)
		line(o, "duplicate records folded", "%ld functions, %ld units%s", r->folded_fn, r->folded_unit,
		     r->folded_differing ? "  (some with other results: the first kept)" : "");
	if (nrw)
		rewrite_part(o, &rw, nrw, whole);
	Rec **v = files;
	int n = nfiles;
	if (!by_file) {
		v = xmalloc((size_t)(r->fn.n ? r->fn.n : 1) * sizeof *v);
		if (r->fn.n)
			memcpy(v, r->fn.v, (size_t)r->fn.n * sizeof *v);
		n = r->fn.n;
	}
	const char *what = by_file ? "files" : "functions";
	static const struct { int k; const char *fmt; } lists[] = {
		{ T_UNEXPLAINED, "%s with unexplained differences (a bug)" },
		{ T_NOT_WHOLE, "%s not written back whole (rewrite mode)" },
		{ T_OURS_NS, "slowest %s, ours (lower + core)" },
		{ T_GCC_NS, "slowest %s, GCC into-SSA" },
		{ T_PHIS, "most phis, %s (ours kept / GCC)" },
		{ T_DIFFER, "most differences, %s (named + unexplained)" },
	};
	for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
		char title[96];
		snprintf(title, sizeof title, lists[i].fmt, what);
		top_list(o, v, n, top, title, lists[i].k);
	}
	if (t.f[F_UNEXPLAINED])
		fprintf(o, "\n!!! UNEXPLAINED: %lld variables differ without a named reason (see above) !!!\n",
			t.f[F_UNEXPLAINED]);
	if (!by_file)
		free(v);
	return (long)t.f[F_UNEXPLAINED];
}
