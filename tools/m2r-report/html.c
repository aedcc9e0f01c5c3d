/* html.c - --format=html: one self-contained page that works offline
 * (inline style, inline SVG, one small inline script, no reference to
 * anything outside the page): the text summary, a table of the groups
 * (mode, placement, algorithm, GCC, target), a sortable table of the
 * files, the differences grouped by reason, the plots (html-plot.c) and
 * the source lines of the differing variables.  Every name is escaped.
 * The files and the differences past their first thousand rows go on in
 * pages beside it (html-pages.c), so that a build of any size keeps
 * every row and each page stays small.  A figure that is not known
 * (GCC's, where GCC was not compared) shows as "-". */
#define _POSIX_C_SOURCE 200809L
#include "rep.h"

#include <stdlib.h>
#include <string.h>

enum { TABLE_CAP = 1000, DIFF_CAP = 1000 };

/* Text and attribute values: & < > " ' escaped. */
void put_html(FILE *o, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&': fputs("&amp;", o); break;
		case '<': fputs("&lt;", o); break;
		case '>': fputs("&gt;", o); break;
		case '"': fputs("&quot;", o); break;
		case '\'': fputs("&#39;", o); break;
		default: putc(*s, o);
		}
}

/* An id or a fragment: letters, digits, '-' and '.' kept, every other
 * byte as _XX, so that '#', spaces and quotes never reach an anchor. */
static void put_html_id(FILE *o, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    *p == '-' || *p == '.')
			putc(*p, o);
		else
			fprintf(o, "_%02X", *p);
}

static const char style[] =
	"body{font:14px sans-serif;margin:1em 2em;color:#222}"
	"pre{background:#f6f6f6;padding:.6em;overflow:auto}"
	"table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:2px 6px}"
	"td.n{text-align:right}th{background:#eee;cursor:pointer}"
	".plots{display:flex;flex-wrap:wrap;gap:1em}figure{margin:0;width:420px}"
	"svg text{font:11px sans-serif;fill:#333}.ax{stroke:#333;fill:none}"
	".diag{stroke:#999;stroke-dasharray:4 3}circle.p{fill:#3a6}circle.off,span.off{fill:#d22;color:#d22}"
	"circle.ours,span.ours{fill:#26c;color:#26c;opacity:.7}circle.gcc,span.gcc{fill:#e80;color:#e80;opacity:.7}"
	".bar{fill:#68a}.bug{color:#fff;background:#c00;padding:.4em;font-weight:bold}"
	".note{color:#666}.src td{font-family:monospace;white-space:pre}tr.rem td{color:#a40}\n";

/* Sorts a table by the clicked column: numbers by data-v, text by text. */
static const char script[] =
	"document.querySelectorAll('table.sort th').forEach(function(th,c){"
	"th.addEventListener('click',function(){var tb=th.closest('table').tBodies[0];"
	"var d=th.dataset.d=th.dataset.d==='1'?'-1':'1';var rows=Array.from(tb.rows);"
	"rows.sort(function(a,b){var x=a.cells[c],y=b.cells[c];"
	"var u=x.dataset.v,v=y.dataset.v,p=x.textContent,q=y.textContent;"
	"var k=u!==undefined?u-v:(p<q?-1:p>q?1:0);"
	"return k*d;});rows.forEach(function(r){tb.appendChild(r);});});});\n";

/* The text summary, written by summary.c itself: the same numbers. */
static long summary(FILE *o, Run *r, int top)
{
	char *buf = NULL;
	size_t n = 0;
	long unexplained = 0;
	FILE *m = open_memstream(&buf, &n);
	if (!m)
		die("m2r-report: out of memory");
	unexplained = write_summary(m, r, 0, top);
	fclose(m);
	if (unexplained)
		fprintf(o, "<p class=\"bug\">UNEXPLAINED: %ld variables differ from GCC without a named reason "
			"(a bug): see <a href=\"#why-unexplained\">below</a></p>\n", unexplained);
	fprintf(o, "<h2 id=\"summary\">Summary</h2>\n<pre>");
	put_html(o, buf);
	fprintf(o, "</pre>\n");
	free(buf);
	return unexplained;
}

static void num_td(FILE *o, long long v)
{
	fprintf(o, "<td class=\"n\" data-v=\"%lld\">%lld</td>", v, v);
}

static void ns_td(FILE *o, long long v)
{
	char b[32];
	fmt_ns(b, sizeof b, v);
	fprintf(o, "<td class=\"n\" data-v=\"%lld\">%s</td>", v, b);
}

/* An unknown figure: "-", sorted below every number. */
static void dash_td(FILE *o)
{
	fputs("<td class=\"n\" data-v=\"-1\">-</td>", o);
}

/* Field f of x, "-" when it is not known. */
static void field_td(FILE *o, const Rec *x, int f)
{
	if (!rec_known(x, f))
		dash_td(o);
	else if (f == F_GCC_NS)
		ns_td(o, x->f[f]);
	else
		num_td(o, x->f[f]);
}

/* The group keys as cells ("-" for none). */
static void gkey_tds(FILE *o, const char *const key[NGKEY])
{
	for (int k = 0; k < NGKEY; k++) {
		fputs("<td>", o);
		put_html(o, *key[k] ? key[k] : "-");
		fputs("</td>", o);
	}
}

static void rec_gkey_tds(FILE *o, const Rec *x)
{
	const char *key[NGKEY];
	for (int k = 0; k < NGKEY; k++)
		key[k] = rec_gkey(x, k);
	gkey_tds(o, key);
}

/* One row per group: its keys, the comparison's figures over the
 * functions compared (analyze mode) and the rewrite's (rewrite mode),
 * "-" for the others. */
static void group_table(FILE *o, Run *r)
{
	int n;
	Group *g = run_groups(r, &n);
	static const char *const head[] = { "mode", "placement", "algorithm", "GCC", "target", "files", "functions",
		"promoted", "phis kept", "compared", "GCC promoted", "GCC phis", "agree", "differ",
		"unexplained", "time ours", "time GCC", "written back whole", "phis built", "time rest of pass" };
	fprintf(o, "<h2 id=\"groups\">Groups: %d</h2>\n<p class=\"note\">The records of each mode, placement, "
		"algorithm, GCC version and target apart (m2r-report --filter=KEY=VALUE keeps some). GCC's figures "
		"count the functions compared with GCC; \"-\": not known (rewrite mode, compare=no, "
		"m2r-opt) or not of that mode.</p>\n<table><tr>", n);
	for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
		fprintf(o, "<th>%s</th>", head[i]);
	fputs("</tr>\n", o);
	for (int i = 0; i < n; i++) {
		const Rec *t = &g[i].sum, *c = &g[i].cmp;
		fputs("<tr>", o);
		gkey_tds(o, g[i].key);
		num_td(o, g[i].files);
		num_td(o, t->f[F_FUNCTIONS]);
		num_td(o, t->f[F_PROMOTED]);
		num_td(o, t->f[F_PHIS_KEPT]);
		num_td(o, c->f[F_FUNCTIONS]);
		static const int gcc[] = { F_GCC_PROMOTED, F_GCC_PHIS, F_AGREE, F_DIFFER, F_UNEXPLAINED };
		for (size_t k = 0; k < sizeof gcc / sizeof gcc[0]; k++)
			field_td(o, c, gcc[k]);
		ns_td(o, rec_ours_ns(t));
		field_td(o, c, F_GCC_NS);
		if (!strcmp(g[i].key[G_MODE], "rewrite")) {
			num_td(o, t->whole);
			num_td(o, t->f[F_PHIS_BUILT]);
			ns_td(o, t->f[F_REWRITE_NS]);
		} else {
			dash_td(o);
			dash_td(o);
			dash_td(o);
		}
		fputs("</tr>\n", o);
	}
	fputs("</table>\n", o);
}

static const char *const file_head[] = { "file", "mode", "placement", "algorithm", "GCC", "target", "functions",
	"vars", "promoted", "GCC promoted", "phis kept", "GCC phis", "agree", "differ", "unexplained", "time ours",
	"time GCC" };

/* Rows [lo, hi) of the files table (arg: the rows, run_by_file's). */
static void file_rows(FILE *o, Run *r, long lo, long hi, const char *up, void *arg)
{
	(void)r, (void)up;
	Rec **v = arg;
	fprintf(o, "<table class=\"sort\"><thead><tr>");
	for (size_t i = 0; i < sizeof file_head / sizeof file_head[0]; i++)
		fprintf(o, "<th>%s</th>", file_head[i]);
	fprintf(o, "</tr></thead><tbody>\n");
	for (long i = lo; i < hi; i++) {
		const Rec *x = v[i];
		fprintf(o, "<tr><td>");
		put_html(o, x->file);
		fprintf(o, "</td>");
		rec_gkey_tds(o, x);
		static const int cols[] = { F_FUNCTIONS, F_VARS, F_PROMOTED, F_GCC_PROMOTED, F_PHIS_KEPT,
			F_GCC_PHIS, F_AGREE, F_DIFFER, F_UNEXPLAINED };
		for (size_t c = 0; c < sizeof cols / sizeof cols[0]; c++)
			field_td(o, x, cols[c]);
		ns_td(o, rec_ours_ns(x));
		field_td(o, x, F_GCC_NS);
		fprintf(o, "</tr>\n");
	}
	fprintf(o, "</tbody></table>\n");
}

/* The first TABLE_CAP rows here, the others on pages beside it: a sort
 * by a column's header sorts the rows of its page. */
static void file_table(FILE *o, Run *r, const char *page)
{
	int n;
	Rec **v = run_by_file(r, &n);
	PageSet ps = page_set(page, "files", "files", "Files", n, TABLE_CAP);
	fprintf(o, "<h2 id=\"files\">Files: %d</h2>\n<p class=\"note\">Click a column's header to sort%s.</p>\n",
		n, ps.npages > 1 ? " the rows of its page" : "");
	page_nav(o, r, &ps, 1);
	file_rows(o, r, 0, n < TABLE_CAP ? n : TABLE_CAP, "", v);
	page_nav(o, r, &ps, 1);
	if (write_pages(r, &ps, file_rows, v))
		r->page_failed = 1;
}

/* A source line's anchor: "src-FILE-LINE", escaped. */
static void line_id(FILE *o, const char *file, int line)
{
	fputs("src-", o);
	put_html_id(o, file);
	fprintf(o, "-%d", line);
}

static void put_verdicts(FILE *o, const Var *v)
{
	fprintf(o, "<td>");
	if (v->ours)
		fprintf(o, "promoted (%s)", v->path >= 0 ? path_name(v->path) : "?");
	else
		fprintf(o, "not promoted (%s)", v->reason >= 0 ? reason_name(v->reason) : "?");
	fprintf(o, "</td><td>%s</td>", v->gcc < 0 ? "-" : v->gcc ? "ssa" : "memory");
}

/* A differing variable: a row of the differences, and its source line
 * on the same page (so that every row's link resolves). */
typedef struct Mark {
	const char *file;
	int line, var;
	const Rec *rec;
} Mark;

/* The order of the reasons on the page: unexplained first, a bug nobody
 * may miss, then the named reasons. */
static int why_rank(int w)
{
	return w == W_UNEXPLAINED ? 0 : w;
}

/* Every differing variable, in the page's order (by reason, then as
 * read), by one counting pass and one placing pass; count[w] gets each
 * reason's total. */
static Mark *diff_marks(Run *r, long count[NWHY], long *total)
{
	long at[NWHY + 1] = { 0 };
	for (int i = 0; i < r->var.n; i++) {
		int w = r->var.v[i].why;
		if (w > W_AGREE && w < NWHY)
			count[w]++;
	}
	*total = 0;
	for (int rank = 0; rank < NWHY; rank++)
		for (int w = W_AGREE + 1; w < NWHY; w++)
			if (why_rank(w) == rank) {
				at[w] = *total;
				*total += count[w];
			}
	Mark *m = aalloc(r->a, (size_t)(*total + 1) * sizeof *m);
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		for (int k = 0; k < x->nvar; k++) {
			int w = r->var.v[x->var0 + k].why;
			if (w > W_AGREE && w < NWHY)
				m[at[w]++] = (Mark){ x->file, r->var.v[x->var0 + k].line, x->var0 + k, x };
		}
	}
	return m;
}

/* A row of the differences; up prefixes the link to its explanation. */
static void diff_row(FILE *o, Run *r, const Mark *mk, const char *up)
{
	const Var *v = &r->var.v[mk->var];
	fprintf(o, "<tr><td><a href=\"#");
	line_id(o, mk->file, mk->line);
	fprintf(o, "\">");
	put_html(o, mk->file);
	fprintf(o, ":%d</a></td><td>", mk->line);
	const char *ex = explain_href(r, mk->rec);
	if (ex) { /* its explanation (html-explain.c) */
		fputs("<a href=\"", o);
		put_html(o, up);
		put_html(o, ex);
		fputs("\">", o);
	}
	put_html(o, mk->rec->function);
	fprintf(o, "%s</td><td>", ex ? "</a>" : "");
	put_html(o, v->name);
	fprintf(o, "</td>");
	put_verdicts(o, v);
	rec_gkey_tds(o, mk->rec);
	fprintf(o, "</tr>\n");
}

static void source(FILE *o, Run *r, const Mark *m, long n);

typedef struct Diffs {
	Mark *m;
	long count[NWHY];
} Diffs;

/* Rows [lo, hi) of the differences, under their reasons' headings,
 * then their source lines. */
static void diff_rows(FILE *o, Run *r, long lo, long hi, const char *up, void *arg)
{
	const Diffs *d = arg;
	for (long i = lo; i < hi; i++) {
		int w = r->var.v[d->m[i].var].why;
		if (i == lo || w != r->var.v[d->m[i - 1].var].why) {
			if (i > lo)
				fprintf(o, "</table>\n");
			fprintf(o, "<h3 id=\"why-%s\">%s: %ld</h3>\n<p class=\"note\">", why_name(w), why_name(w),
				d->count[w]);
			put_html(o, m2r_names[NT_WHY].desc[w - m2r_names[NT_WHY].first]);
			fprintf(o, "</p>\n<table><tr><th>file:line</th><th>function</th><th>variable</th><th>ours</th>"
				"<th>GCC</th><th>mode</th><th>placement</th><th>algorithm</th><th>GCC version</th>"
				"<th>target</th></tr>\n");
		}
		diff_row(o, r, &d->m[i], up);
	}
	if (hi > lo)
		fprintf(o, "</table>\n");
	source(o, r, d->m + lo, hi - lo);
}

/* The first DIFF_CAP differences here, the others on pages beside it. */
static void differences(FILE *o, Run *r, const char *page)
{
	Diffs d = { NULL, { 0 } };
	long total;
	d.m = diff_marks(r, d.count, &total);
	PageSet ps = page_set(page, "differences", "differences", "Differences", total, DIFF_CAP);
	fprintf(o, "<h2 id=\"differences\">Differences from GCC, by reason: %ld variables</h2>\n", total);
	if (!total)
		fprintf(o, "<p>None: every variable recorded agrees with GCC's into-SSA.</p>\n");
	page_nav(o, r, &ps, 1);
	diff_rows(o, r, 0, total < DIFF_CAP ? total : DIFF_CAP, "", &d);
	page_nav(o, r, &ps, 1);
	if (write_pages(r, &ps, diff_rows, &d))
		r->page_failed = 1;
}

static int by_place(const void *pa, const void *pb)
{
	const Mark *a = pa, *b = pb;
	int c = a->file == b->file ? 0 : strcmp(a->file, b->file);
	if (c)
		return c;
	return a->line != b->line ? (a->line < b->line ? -1 : 1) : (a->var < b->var ? -1 : a->var > b->var);
}

/* The source file of a record: its path, or relative to its cwd. */
static FILE *open_source(const Rec *x)
{
	FILE *f = fopen(x->file, "r");
	if (!f && x->file[0] != '/' && *x->cwd) {
		size_t n = strlen(x->cwd) + strlen(x->file) + 2;
		char *p = xmalloc(n);
		snprintf(p, n, "%s/%s", x->cwd, x->file);
		f = fopen(p, "r");
		free(p);
	}
	return f;
}

/* Lines m[0..n) of one file: each source line, then its remarks. */
static void source_file(FILE *o, Run *r, const Rec *x, const Mark *m, int n)
{
	FILE *f = open_source(x);
	fprintf(o, "<h3 id=\"file-");
	put_html_id(o, x->file);
	fprintf(o, "\">");
	put_html(o, x->file);
	fprintf(o, "%s</h3>\n<table class=\"src\">\n", f ? "" : " (source not found: remarks only)");
	char *buf = NULL;
	size_t cap = 0;
	int at = 0;
	for (int i = 0; i < n; i++) {
		if (i == 0 || m[i].line != m[i - 1].line) {
			fprintf(o, "<tr id=\"");
			line_id(o, x->file, m[i].line);
			fprintf(o, "\"><td class=\"n\">%d</td><td>", m[i].line);
			while (f && at < m[i].line && getline(&buf, &cap, f) >= 0)
				at++;
			if (f && m[i].line > 0 && at == m[i].line) { /* line 0: none recorded */
				buf[strcspn(buf, "\r\n")] = 0;
				put_html(o, buf);
			}
			fprintf(o, "</td></tr>\n");
		}
		const Var *v = &r->var.v[m[i].var];
		fprintf(o, "<tr class=\"rem\"><td></td><td>^ ");
		put_html(o, v->name);
		fprintf(o, ": %s; ours %s, GCC %s</td></tr>\n", why_name(v->why), v->ours ? "promoted" : "not promoted",
			v->gcc < 0 ? "-" : v->gcc ? "ssa" : "memory");
	}
	fprintf(o, "</table>\n");
	free(buf);
	if (f)
		fclose(f);
}

/* The source lines of differences m[0..n), file by file. */
static void source(FILE *o, Run *r, const Mark *m, long n)
{
	fprintf(o, "<h2 id=\"source\">Source lines with differences</h2>\n");
	if (!n) {
		fprintf(o, "<p>None.</p>\n");
		return;
	}
	fprintf(o, "<p class=\"note\">The lines of the differences listed above, each with its "
		"variables' remarks.</p>\n");
	Mark *s = xmalloc((size_t)n * sizeof *s);
	memcpy(s, m, (size_t)n * sizeof *s);
	qsort(s, (size_t)n, sizeof *s, by_place);
	for (long i = 0, j; i < n; i = j) {
		for (j = i; j < n && s[j].file == s[i].file; j++)
			;
		source_file(o, r, s[i].rec, s + i, (int)(j - i));
	}
	free(s);
}

void html_head(FILE *o, const char *title)
{
	fprintf(o, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
		"<title>mem2reg report%s%s</title>\n<style>%s</style></head><body>\n", *title ? ": " : "", title, style);
}

void html_tail(FILE *o)
{
	fprintf(o, "<script>%s</script>\n</body></html>\n", script);
}

long write_html(FILE *o, Run *r, int top, const char *page)
{
	Rec t = { 0 };
	for (int i = 0; i < r->fn.n; i++)
		rec_add(&t, r->fn.v[i]);
	html_head(o, "");
	fprintf(o, "<h1>mem2reg report</h1>\n<p><a href=\"#summary\">summary</a> &middot; "
		"<a href=\"#groups\">groups</a> &middot; <a href=\"#files\">files</a> &middot; <a href=\"#differences\">differences</a> &middot; "
		"<a href=\"#plots\">plots</a> &middot; <a href=\"#source\">source</a> &middot; "
		"<a href=\"#explanations\">explanations</a></p>\n");
	long unexplained = summary(o, r, top);
	group_table(o, r);
	write_plots(o, r, &t);
	file_table(o, r, page);
	differences(o, r, page);
	write_explanations(o, r);
	html_tail(o);
	return unexplained;
}
