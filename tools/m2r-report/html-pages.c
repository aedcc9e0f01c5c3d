/* html-pages.c - the page's long tables go on in pages beside it.
 *
 * A build of a whole distribution has hundreds of thousands of
 * functions: one page with every file and every difference would be
 * too big for a browser to render.  So the page (PAGE.html) holds the
 * first rows of each long table, and the rest go on in pages of their
 * own, PAGE-pages/NAME-K.html (K = 2, 3, ...), each with at most as many
 * rows as the page, its own style, sorting script and, for the
 * differences, its own source lines.  Every page links every other page
 * of its table, so nothing is left out and each page stays the size of
 * one built from a few thousand functions. */
#define _POSIX_C_SOURCE 200809L
#include "rep.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

/* PAGE with ".html" dropped, then SUFFIX. */
static char *stem_with(Run *r, const char *page, const char *suffix)
{
	size_t n = strlen(page);
	if (n > 5 && !strcmp(page + n - 5, ".html"))
		n -= 5;
	char *s = aalloc(r->a, n + strlen(suffix) + 1);
	memcpy(s, page, n);
	strcpy(s + n, suffix);
	return s;
}

static const char *base_of(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* The link to page k (1: the main page, at its table's anchor) of table
 * NAME, from the main page (sub 0) or from a page beside it (sub 1). */
static void page_href(FILE *o, Run *r, const char *page, const char *name, const char *anchor, int k, int sub)
{
	if (k == 1) {
		fprintf(o, "%s%s#%s", sub ? "../" : "", url_of(r, base_of(page)), anchor);
		return;
	}
	if (!sub)
		fprintf(o, "%s/", url_of(r, base_of(stem_with(r, page, "-pages"))));
	fprintf(o, "%s-%d.html", name, k);
}

void page_nav(FILE *o, Run *r, const PageSet *ps, int cur)
{
	if (ps->npages < 2)
		return;
	fprintf(o, "<p class=\"pages\">%s, %ld rows on %d pages of at most %ld: ", ps->title, ps->nrows,
		ps->npages, ps->cap);
	for (int k = 1; k <= ps->npages; k++) {
		if (k == cur) {
			fprintf(o, " <b>%d</b>", k);
			continue;
		}
		fputs(" <a href=\"", o);
		page_href(o, r, ps->page, ps->name, ps->anchor, k, cur != 1);
		fprintf(o, "\">%d</a>", k);
	}
	fputs("</p>\n", o);
}

int write_pages(Run *r, const PageSet *ps, SliceFn fn, void *arg)
{
	if (ps->npages < 2)
		return 0;
	const char *dir = stem_with(r, ps->page, "-pages");
	if (mkdir(dir, 0777) && errno != EEXIST) {
		fprintf(stderr, "m2r-report: cannot make %s for the pages of %s: %s\n", dir, ps->name,
			strerror(errno));
		return -1;
	}
	for (int k = 2; k <= ps->npages; k++) {
		char num[32];
		snprintf(num, sizeof num, "/%s-%d.html", ps->name, k);
		size_t n = strlen(dir) + strlen(num) + 1;
		char *path = aalloc(r->a, n);
		snprintf(path, n, "%s%s", dir, num);
		FILE *o = fopen(path, "w");
		if (!o) {
			fprintf(stderr, "m2r-report: cannot write %s: %s\n", path, strerror(errno));
			return -1;
		}
		html_head(o, ps->title);
		fprintf(o, "<h1>mem2reg report: %s, page %d of %d</h1>\n<p><a href=\"", ps->title, k, ps->npages);
		page_href(o, r, ps->page, ps->name, "summary", 1, 1);
		fputs("\">the report</a></p>\n", o);
		page_nav(o, r, ps, k);
		long lo = (long)(k - 1) * ps->cap, hi = lo + ps->cap < ps->nrows ? lo + ps->cap : ps->nrows;
		fn(o, r, lo, hi, "../", arg);
		page_nav(o, r, ps, k);
		html_tail(o);
		if (fflush(o) != 0 || ferror(o)) {
			fprintf(stderr, "m2r-report: cannot write %s\n", path);
			fclose(o);
			return -1;
		}
		fclose(o);
	}
	return 0;
}

PageSet page_set(const char *page, const char *name, const char *anchor, const char *title, long nrows,
		 long cap)
{
	PageSet ps = { page, name, anchor, title, nrows, cap, 1 };
	if (nrows > cap)
		ps.npages = (int)((nrows + cap - 1) / cap);
	return ps;
}
