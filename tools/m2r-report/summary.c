/* summary.c - the text report: per group (mode, placement, algorithm,
 * GCC, target) its totals, the differences by reason or rewrite mode's
 * own numbers; the unexplained differences in a banner, and top-N lists of
 * functions (or files, with --by=file) over every group. */
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
	if (!c)
		c = strcmp(a->function, b->function);
	return c ? c : (a->group > b->group) - (a->group < b->group);
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
		return strcmp(x->mode, "rewrite") ? 0 : x->f[F_FUNCTIONS] - x->whole;
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

/* A function or file, with its group's keys that vary (vary: bits of
 * enum GroupKey) when there are several groups. */
static void name_of(FILE *o, const Rec *x, unsigned vary)
{
	if (*x->function)
		fprintf(o, "%s: %s", x->file, x->function);
	else
		fprintf(o, "%s (%lld functions)", x->file, x->f[F_FUNCTIONS]);
	if (vary) {
		const char *key[NGKEY];
		for (int k = 0; k < NGKEY; k++)
			key[k] = rec_gkey(x, k);
		fputs("  [", o);
		put_gkeys(o, key, vary, 1);
		fputc(']', o);
	}
}

/* One top-N list: the rows with a non-zero key, at most top of them. */
static void top_list(FILE *o, Rec **v, int n, int top, const char *title, int k, unsigned vary)
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
		} else if (k == T_PHIS && !rec_known(x, F_GCC_PHIS)) {
			fprintf(o, "  %5lld / %-5s ", x->f[F_PHIS_KEPT], "-");
		} else if (k == T_PHIS) {
			fprintf(o, "  %5lld / %-5lld ", x->f[F_PHIS_KEPT], x->f[F_GCC_PHIS]);
		} else if (k == T_DIFFER) {
			fprintf(o, "  %5lld + %lld unexplained  ", x->f[F_DIFFER], x->f[F_UNEXPLAINED]);
		} else {
			fprintf(o, "  %5lld  ", key);
		}
		name_of(o, x, vary);
		if (k == T_NOT_WHOLE && *x->function) {
			fprintf(o, "  (fallback %s", *x->fallback ? x->fallback : "?");
			for (int j = 1; j < NFALLBACK; j++) /* variables GCC renamed */
				if (x->fallbacks[j])
					fprintf(o, "; renamed by GCC: %s %lld", fallback_name(j), x->fallbacks[j]);
			fputc(')', o);
		}
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

/* "N", or "-" when unknown. */
static const char *num_or_dash(char *b, size_t n, long long v, int known)
{
	if (known)
		snprintf(b, n, "%lld", v);
	else
		snprintf(b, n, "-");
	return b;
}

/* Analyze mode (and m2r-opt): ours against GCC's.  GCC's figures are
 * counted over the functions compared only: "-" when none is; when some
 * are, a second line puts ours beside them over those same functions. */
static void compare_part(FILE *o, const Group *g)
{
	const Rec *t = &g->sum, *c = &g->cmp;
	long long n = t->f[F_FUNCTIONS], ncmp = c->f[F_FUNCTIONS];
	int all = ncmp == n && n > 0;
	char b1[32], lab[64];
	snprintf(lab, sizeof lab, "  of the %lld functions compared", ncmp);
	line(o, "promoted, ours / GCC", "%lld / %s", t->f[F_PROMOTED],
	     num_or_dash(b1, sizeof b1, c->f[F_GCC_PROMOTED], all));
	if (ncmp && !all)
		line(o, lab, "%lld / %lld", c->f[F_PROMOTED], c->f[F_GCC_PROMOTED]);
	line(o, "phis, ours placed / kept / GCC", "%lld / %lld / %s", t->f[F_PHIS], t->f[F_PHIS_KEPT],
	     num_or_dash(b1, sizeof b1, c->f[F_GCC_PHIS], all));
	if (ncmp && !all)
		line(o, lab, "%lld / %lld / %lld", c->f[F_PHIS], c->f[F_PHIS_KEPT], c->f[F_GCC_PHIS]);
	line(o, "functions compared with GCC", "%lld of %lld", ncmp, n);
	if (ncmp)
		line(o, "functions agreeing with GCC", "%lld of %lld compared", c->f[F_AGREE], ncmp);
	else
		line(o, "functions agreeing with GCC", "-  (none compared)");
	line(o, "variables that differ, named reason", "%s", num_or_dash(b1, sizeof b1, c->f[F_DIFFER], ncmp));
	for (int w = 1; w < NWHY; w++)
		if (w != W_UNEXPLAINED && c->why[w]) {
			snprintf(lab, sizeof lab, "  %s", why_name(w));
			line(o, lab, "%lld", c->why[w]);
		}
	line(o, "variables that differ, unexplained", "%s%s", num_or_dash(b1, sizeof b1, c->f[F_UNEXPLAINED], ncmp),
	     c->f[F_UNEXPLAINED] ? "  <-- a bug: see below" : "");
}

/* Rewrite mode: GCC's into-SSA did not run; the rewrite's own figures. */
static void rewrite_part(FILE *o, const Group *g)
{
	const Rec *t = &g->sum;
	line(o, "promoted", "%lld", t->f[F_PROMOTED]);
	line(o, "phis, placed / kept / built", "%lld / %lld / %lld", t->f[F_PHIS], t->f[F_PHIS_KEPT],
	     t->f[F_PHIS_BUILT]);
	line(o, "functions written back whole", "%lld of %lld", t->whole, t->f[F_FUNCTIONS]);
	line(o, "variables renamed by core / gcc / memory", "%lld / %lld / %lld", t->renamed_by[RN_CORE],
	     t->renamed_by[RN_GCC], t->renamed_by[RN_MEMORY]);
	for (int i = 1; i < NFALLBACK; i++)
		if (t->fallbacks[i]) {
			char lab[64];
			snprintf(lab, sizeof lab, "  renamed by GCC: %s", fallback_name(i));
			line(o, lab, "%lld", t->fallbacks[i]);
		}
}

static void times(FILE *o, const Group *g, int rewrite)
{
	const Rec *t = &g->sum, *c = &g->cmp;
	long long n = t->f[F_FUNCTIONS], ncmp = c->f[F_FUNCTIONS];
	char b1[32], b2[32], b3[32];
	fmt_ns(b1, sizeof b1, rec_ours_ns(t));
	fmt_ns(b2, sizeof b2, t->f[F_LOWER_NS]);
	fmt_ns(b3, sizeof b3, t->f[F_CORE_NS]);
	line(o, "time ours", "%s  (lower %s + core %s)", b1, b2, b3);
	if (rewrite) {
		fmt_ns(b1, sizeof b1, t->f[F_REWRITE_NS]);
		line(o, "time of the rest of the pass", "%s", b1);
		return;
	}
	fmt_ns(b1, sizeof b1, c->f[F_GCC_NS]);
	fmt_ns(b2, sizeof b2, rec_ours_ns(c));
	double ratio = c->f[F_GCC_NS] ? (double)rec_ours_ns(c) / (double)c->f[F_GCC_NS] : 0;
	if (!ncmp)
		line(o, "time GCC into-SSA", "-  (not compared)");
	else if (!c->f[F_GCC_NS])
		line(o, "time GCC into-SSA", "%s", b1);
	else if (ncmp < n)
		line(o, "time GCC into-SSA", "%s  (in the %lld functions compared; ours there %s, ours / GCC %.2f)",
		     b1, ncmp, b2, ratio);
	else
		line(o, "time GCC into-SSA", "%s  (ours / GCC %.2f)", b1, ratio);
}

/* One group's figures: a rewrite-mode group's own, else the comparison. */
static void group_part(FILE *o, const Group *g)
{
	const Rec *t = &g->sum;
	int rewrite = !strcmp(g->key[G_MODE], "rewrite");
	line(o, "variables", "%lld  (promotable %lld)", t->f[F_VARS], t->f[F_PROMOTABLE]);
	if (rewrite)
		rewrite_part(o, g);
	else
		compare_part(o, g);
	times(o, g, rewrite);
	if (g->lower_err)
		line(o, "functions not lowered exactly", "%ld  (lower_error: the bridge met GIMPLE it could not lower)",
		     g->lower_err);
}

/* The header (the keys every record shares, the groups), then each
 * group's part, under a header of its keys that vary when there are
 * several. */
static void totals(FILE *o, Run *r, int nfiles)
{
	int ng;
	Group *g = run_groups(r, &ng);
	unsigned vary = run_varying(r), same = ((1u << NGKEY) - 1) & ~vary;
	long nopt = 0;
	int shared = 0;
	for (int i = 0; i < ng; i++)
		nopt += g[i].opt;
	for (int k = 0; ng && k < NGKEY; k++)
		shared |= (same >> k & 1) && *g[0].key[k];
	fprintf(o, "mem2reg report: %d source files, %d functions", nfiles, r->fn.n);
	if (nopt)
		fprintf(o, " (%ld from m2r-opt)", nopt);
	fputs("\n", o);
	if (shared) {
		fprintf(o, "  %-38s ", "records of");
		put_gkeys(o, g[0].key, same, 0);
		fputc('\n', o);
	}
	if (ng > 1) {
		fprintf(o, "  %-38s %d, by ", "groups", ng);
		for (int k = 0, n = 0; k < NGKEY; k++)
			if (vary >> k & 1)
				fprintf(o, "%s%s", n++ ? ", " : "", gkey_name[k]);
		fputc('\n', o);
	}
	if (r->folded_fn || r->folded_unit)
		line(o, "duplicate records folded", "%ld functions, %ld units%s", r->folded_fn, r->folded_unit,
		     r->folded_differing ? "  (some with other results: the first kept)" : "");
	if (r->clocks & (r->clocks - 1))
		line(o, "note", "the records mix clocks (wall and cpu): times are not comparable");
	for (int i = 0; i < ng; i++) {
		if (ng > 1) {
			fputc('\n', o);
			put_gkeys(o, g[i].key, vary, 1);
			fprintf(o, ": %d source files, %lld functions\n", g[i].files, g[i].sum.f[F_FUNCTIONS]);
		}
		group_part(o, &g[i]);
	}
}

long write_summary(FILE *o, Run *r, int by_file, int top)
{
	Rec t = { 0 };
	long nunexp = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		rec_add(&t, x);
		nunexp += x->f[F_UNEXPLAINED] != 0;
	}
	int nfiles;
	Rec **files = run_by_file(r, &nfiles);
	if (t.f[F_UNEXPLAINED])
		fprintf(o, "!!! UNEXPLAINED: %lld variables in %ld functions differ from GCC without a named reason (a bug) !!!\n\n",
			t.f[F_UNEXPLAINED], nunexp);
	totals(o, r, nfiles);
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
		top_list(o, v, n, top, title, lists[i].k, run_varying(r));
	}
	if (t.f[F_UNEXPLAINED])
		fprintf(o, "\n!!! UNEXPLAINED: %lld variables differ without a named reason (see above) !!!\n",
			t.f[F_UNEXPLAINED]);
	if (!by_file)
		free(v);
	return (long)t.f[F_UNEXPLAINED];
}
