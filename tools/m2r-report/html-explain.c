/* html-explain.c - the HTML page's explanations (doc/report.md,
 * "Explanations"): the plugin's "explain" records (explain=FUNC, and
 * explain-differences for the functions that differ) written beside the
 * page as files the page links to, the text always, and when Graphviz's
 * dot runs, the DOT rendered to SVG at report time.
 *
 * The page stays one self-contained file: the explanations are other
 * files in a directory next to it (PAGE without .html, plus "-explain/":
 * report.html -> report-explain/N.txt, N.dot, N.svg), linked by
 * relative URLs, so the page and its directory can be moved together
 * and are read offline.  dot is run with its arguments as a vector (no
 * shell); each failure or warning of dot is reported on standard error
 * and beside the function in the page, never dropped: the function then
 * links its text. */
#define _POSIX_C_SOURCE 200809L
#include "rep.h"

#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>

extern char **environ;

/* Runs argv with standard error into the file err (standard output
 * too); returns its exit status, or -1 with errno when it did not run. */
static int run(char *const argv[], const char *err)
{
	posix_spawn_file_actions_t fa;
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, err, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	posix_spawn_file_actions_adddup2(&fa, 2, 1);
	pid_t pid;
	int rc = posix_spawnp(&pid, argv[0], &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc) {
		errno = rc;
		return -1;
	}
	int st;
	while (waitpid(pid, &st, 0) < 0)
		if (errno != EINTR)
			return -1;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
}

/* The first line of file path (what dot said), in the run's arena; ""
 * when it is empty. */
static const char *first_line(Run *r, const char *path)
{
	char buf[512] = "";
	FILE *f = fopen(path, "r");
	if (f) {
		if (!fgets(buf, sizeof buf, f))
			buf[0] = 0;
		fclose(f);
	}
	buf[strcspn(buf, "\r\n")] = 0;
	return astrndup(r->a, buf, strlen(buf));
}

static char *cat(Run *r, const char *a, const char *b)
{
	size_t n = strlen(a) + strlen(b) + 1;
	char *s = aalloc(r->a, n);
	snprintf(s, n, "%s%s", a, b);
	return s;
}

/* A path's last component as a relative URL: bytes other than letters,
 * digits and - . _ percent-encoded. */
char *url_of(Run *r, const char *name)
{
	char *u = aalloc(r->a, 3 * strlen(name) + 1), *p = u;
	for (const unsigned char *s = (const unsigned char *)name; *s; s++)
		if ((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') ||
		    *s == '-' || *s == '.' || *s == '_')
			*p++ = (char)*s;
		else
			p += sprintf(p, "%%%02X", *s);
	*p = 0;
	return u;
}

static int write_file(const char *path, const char *s, size_t n)
{
	FILE *f = fopen(path, "w");
	if (!f)
		return -1;
	size_t w = fwrite(s, 1, n, f);
	return fclose(f) == 0 && w == n ? 0 : -1;
}

/* dot, when it runs ("dot -V" exits 0); else a note why not. */
static const char *dot_usable(Run *r, const char *dot, const char *dir)
{
	if (!dot)
		return "--dot=none";
	char *err = cat(r, dir, "/dot-version.log");
	char *argv[] = { (char *)dot, "-V", NULL };
	int st = run(argv, err);
	const char *why = NULL;
	if (st < 0)
		why = cat(r, cat(r, dot, ": "), strerror(errno));
	else if (st)
		why = cat(r, cat(r, dot, " -V failed: "), first_line(r, err));
	remove(err);
	return why;
}

/* The name of the digraph on DOT line p ("@f:%x" -> "%x"), with the
 * DOT escapes taken out; "" when it has none. */
static const char *graph_var(Run *r, const char *p)
{
	const char *q = strchr(p, '"');
	if (!q)
		return "";
	char *name = aalloc(r->a, strlen(q) + 1), *w = name, *colon = NULL;
	for (q++; *q && *q != '"' && *q != '\n'; q++) {
		if (*q == '\\' && q[1])
			q++;
		else if (*q == ':')
			colon = w + 1;
		*w++ = *q;
	}
	*w = 0;
	return colon ? colon : name;
}

/* dot -O wrote DOTF.svg for the first digraph and DOTF.K.svg for the
 * K-th: move them to STEM.svg and STEM-K.svg, and note their links
 * (HREF.svg, HREF-K.svg) and variables.  Returns 0, or 1 when a
 * picture is missing (dot said nothing but drew fewer graphs). */
static int collect_svgs(Run *r, Expl *e, const char *dotf, const char *stem, const char *href)
{
	int k = 0;
	e->nvpic = 0;
	for (const char *p = e->dot.v; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
		k += !strncmp(p, "digraph ", 8);
	e->vpic_href = aalloc(r->a, (size_t)(k + 1) * sizeof(char *));
	e->vpic_name = aalloc(r->a, (size_t)(k + 1) * sizeof(char *));
	int g = 0;
	for (const char *p = e->dot.v; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
		if (strncmp(p, "digraph ", 8))
			continue;
		char num[32];
		snprintf(num, sizeof num, g ? ".%d.svg" : ".svg", g + 1);
		const char *from = cat(r, dotf, num);
		snprintf(num, sizeof num, g ? "-%d.svg" : ".svg", g + 1);
		if (rename(from, cat(r, stem, num))) {
			fprintf(stderr, "m2r-report: dot drew no %s: %s\n", from, strerror(errno));
			return 1;
		}
		if (g) {
			e->vpic_href[e->nvpic] = cat(r, href, num);
			e->vpic_name[e->nvpic++] = graph_var(r, p);
		}
		g++;
	}
	return 0;
}

int explain_files(Run *r, const char *page, const char *dot)
{
	if (!r->ex.n)
		return 0;
	/* PAGE.html -> PAGE-explain */
	size_t n = strlen(page);
	if (n > 5 && !strcmp(page + n - 5, ".html"))
		n -= 5;
	char *dir = aalloc(r->a, n + 9);
	memcpy(dir, page, n);
	strcpy(dir + n, "-explain");
	const char *slash = strrchr(dir, '/');
	const char *base = url_of(r, slash ? slash + 1 : dir);
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "m2r-report: cannot make %s for the explanations: %s\n", dir, strerror(errno));
		return 0;
	}
	const char *nodot = dot_usable(r, dot, dir);
	if (nodot && r->ex.n)
		fprintf(stderr, "m2r-report: note: Graphviz's dot does not run (%s): the page links "
			"explanations as text\n", nodot);
	int failed = 0;
	r->fn_ex = aalloc(r->a, (size_t)(r->fn.n + 1) * sizeof(int));
	memset(r->fn_ex, 0xff, (size_t)(r->fn.n + 1) * sizeof(int));
	for (int i = 0; i < r->ex.n; i++) {
		Expl *e = &r->ex.v[i];
		e->fn = run_fn_of(r, e);
		if (e->fn >= 0)
			r->fn_ex[e->fn] = i;
		if (e->part != e->parts) {
			e->problem = "parts of its record are missing";
			continue;
		}
		char num[32];
		snprintf(num, sizeof num, "/%d", i + 1);
		char *stem = cat(r, dir, num);
		char *txt = cat(r, stem, ".txt");
		if (write_file(txt, e->text.v, (size_t)e->text.n)) {
			fprintf(stderr, "m2r-report: cannot write %s: %s\n", txt, strerror(errno));
			continue;
		}
		e->href_txt = cat(r, cat(r, base, num), ".txt");
		if (!e->dot.n) {
			e->problem = "no DOT in the record (over the plugin's cap)";
			continue;
		}
		if (nodot) {
			e->problem = "Graphviz's dot does not run";
			continue;
		}
		char *dotf = cat(r, stem, ".dot"), *svg = cat(r, stem, ".svg"), *log = cat(r, stem, ".log");
		if (write_file(dotf, e->dot.v, (size_t)e->dot.n)) {
			fprintf(stderr, "m2r-report: cannot write %s: %s\n", dotf, strerror(errno));
			continue;
		}
		/* One SVG per digraph (-O: DOTF.svg, DOTF.2.svg, ...); with -o
		 * dot would write them all into one file, which is not SVG. */
		char *argv[] = { (char *)dot, "-Tsvg", "-O", dotf, NULL };
		int st = run(argv, log);
		if (!st)
			st = collect_svgs(r, e, dotf, stem, cat(r, base, num));
		const char *said = first_line(r, log);
		if (st || *said) {
			fprintf(stderr, "m2r-report: %s %s of %s: %s %s: %s\n", dot, st ? "failed on" : "warns on",
				e->file, e->function, dotf, *said ? said : "(no message)");
			failed += st != 0;
		}
		if (st) {
			e->problem = cat(r, "dot failed: ", *said ? said : "(no message)");
			remove(svg);
			continue;
		}
		if (*said)
			e->problem = cat(r, "dot warns: ", said);
		else
			remove(log);
		e->href_svg = cat(r, cat(r, base, num), ".svg");
	}
	return failed;
}

const char *explain_href(Run *r, const Rec *fn)
{
	int i = r->fn_ex && fn->index >= 0 && fn->index < r->fn.n ? r->fn_ex[fn->index] : -1;
	if (i < 0)
		return NULL;
	return r->ex.v[i].href_svg ? r->ex.v[i].href_svg : r->ex.v[i].href_txt;
}

static void link(FILE *o, const char *href, const char *label)
{
	if (!href) {
		fputs("-", o);
		return;
	}
	fputs("<a href=\"", o);
	put_html(o, href);
	fprintf(o, "\">%s</a>", label);
}

void write_explanations(FILE *o, Run *r)
{
	long differ = 0, linked = 0;
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		if (x->f[F_DIFFER] + x->f[F_UNEXPLAINED] > 0) {
			differ++;
			linked += explain_href(r, x) != NULL;
		}
	}
	fprintf(o, "<h2 id=\"explanations\">Explanations: %d functions</h2>\n", r->ex.n);
	fprintf(o, "<p class=\"note\">SSA construction step by step (the plugin's explain=FUNC, and "
		"explain-differences for every function that differs from GCC): the picture drawn by "
		"Graphviz, and the text. %ld of the %ld functions with differences have one.</p>\n",
		linked, differ);
	if (!r->ex.n)
		return;
	fprintf(o, "<table><tr><th>file</th><th>function</th><th>why</th><th>differ</th>"
		"<th>picture</th><th>text</th><th>note</th></tr>\n");
	for (int i = 0; i < r->ex.n; i++) {
		const Expl *e = &r->ex.v[i];
		const Rec *x = e->fn >= 0 ? r->fn.v[e->fn] : NULL;
		fprintf(o, "<tr><td>");
		put_html(o, e->file);
		fprintf(o, "</td><td>");
		put_html(o, e->function);
		fprintf(o, "</td><td>%s</td><td class=\"n\">", e->asked ? "asked" : "differs");
		if (x)
			fprintf(o, "%lld", x->f[F_DIFFER] + x->f[F_UNEXPLAINED]);
		else
			fputs("?", o);
		fprintf(o, "</td><td>");
		link(o, e->href_svg, "SVG");
		for (int k = 0; e->href_svg && k < e->nvpic; k++) {
			fputs(" <a href=\"", o);
			put_html(o, e->vpic_href[k]);
			fputs("\">", o);
			put_html(o, e->vpic_name[k]);
			fputs("</a>", o);
		}
		fprintf(o, "</td><td>");
		link(o, e->href_txt, "text");
		fprintf(o, "</td><td>");
		put_html(o, e->problem ? e->problem : "");
		if (!x)
			put_html(o, e->problem ? "; no function record" : "no function record");
		fprintf(o, "</td></tr>\n");
	}
	fprintf(o, "</table>\n");
}
