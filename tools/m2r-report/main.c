/* main.c - m2r-report: reads the records of a build (the plugin's
 * output=, its output=- lines in a build log, m2r-opt --stats=json) and
 * writes a report: text (the default), CSV, JSON Lines, an HTML page
 * (html.c) or --diff of two runs.  doc/report.md is its manual. */
#include "rep.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

static const char usage[] =
	"usage: m2r-report [--format=text|csv|json|html] [--by=function|file] [--top=N]\n"
	"                  [--filter=KEY=VALUE]... [--fail-on-unexplained] [--dot=PROGRAM|none]\n"
	"                  [-o FILE] INPUT...\n"
	"       m2r-report --diff [--format=...] [--top=N] [--filter=KEY=VALUE]... [-o FILE] A B\n"
	"INPUT: a record file, a directory (read recursively), - (standard input),\n"
	"or a build log with 'm2r-record: ' lines.  Exit: 0, 1 an input could not be\n"
	"read, 2 bad usage, 3 unexplained differences with --fail-on-unexplained.\n"
	"--dot: Graphviz's dot, which draws the explanations' pictures of\n"
	"--format=html (default dot; none: link their text only).\n"
	"--filter: keep the records whose KEY (mode, placement, algorithm,\n"
	"gcc_version, target) is VALUE; repeated: any value of one key, every key given.\n";

static int bad_usage(const char *fmt, const char *arg)
{
	fprintf(stderr, "m2r-report: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, "\n%s", usage);
	return 2;
}

typedef struct Opts {
	int fmt, by_file, top, diff, fail_unexplained;
	const char *out;
	const char *dot;        /* --dot=, NULL for none */
	const char **in;
	int nin;
	Filter *filter;         /* --filter, each given */
	int nfilter;
} Opts;

static int parse_top(const char *s, int *top)
{
	char *end;
	errno = 0;
	long v = strtol(s, &end, 10);
	if (!*s || *end || errno || v < 0 || v > INT_MAX)
		return 0;
	*top = (int)v;
	return 1;
}

/* Returns -1 when the options are good, else the exit status. */
static int parse(Opts *o, int argc, char **argv)
{
	o->top = -1;
	o->dot = "dot";
	o->in = xmalloc((size_t)argc * sizeof *o->in);
	o->filter = xmalloc((size_t)argc * sizeof *o->filter);
	int opts = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (opts && !strcmp(a, "--")) {
			opts = 0;
		} else if (!opts || a[0] != '-' || !strcmp(a, "-")) {
			o->in[o->nin++] = a;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
			fputs(usage, stdout);
			return 0;
		} else if (!strncmp(a, "--format=", 9)) {
			const char *v = a + 9;
			if (!strcmp(v, "text"))
				o->fmt = FMT_TEXT;
			else if (!strcmp(v, "csv"))
				o->fmt = FMT_CSV;
			else if (!strcmp(v, "json"))
				o->fmt = FMT_JSON;
			else if (!strcmp(v, "html"))
				o->fmt = FMT_HTML;
			else
				return bad_usage("bad value in '%s': expected text, csv, json or html", a);
		} else if (!strncmp(a, "--by=", 5)) {
			if (!strcmp(a + 5, "function"))
				o->by_file = 0;
			else if (!strcmp(a + 5, "file"))
				o->by_file = 1;
			else
				return bad_usage("bad value in '%s': expected function or file", a);
		} else if (!strncmp(a, "--top=", 6)) {
			if (!parse_top(a + 6, &o->top))
				return bad_usage("bad value in '%s': expected a number", a);
		} else if (!strncmp(a, "--dot=", 6)) {
			if (!a[6])
				return bad_usage("'%s' names no program: expected --dot=PROGRAM or --dot=none", a);
			o->dot = strcmp(a + 6, "none") ? a + 6 : NULL;
		} else if (!strncmp(a, "--filter=", 9)) {
			if (filter_parse(a, a + 9, &o->filter[o->nfilter]) != 0) {
				fputs(usage, stderr);
				return 2;
			}
			o->nfilter++;
		} else if (!strcmp(a, "--diff")) {
			o->diff = 1;
		} else if (!strcmp(a, "--fail-on-unexplained")) {
			o->fail_unexplained = 1;
		} else if (!strcmp(a, "-o")) {
			if (++i == argc)
				return bad_usage("'%s' needs a file name", a);
			o->out = argv[i];
		} else {
			return bad_usage("unknown option '%s'", a);
		}
	}
	if (o->diff && o->nin != 2)
		return bad_usage("%s", "--diff needs two inputs, A and B");
	if (!o->nin)
		return bad_usage("%s", "no input (use - for standard input)");
	/* a page is a file to open, never a terminal's stream */
	if (o->fmt == FMT_HTML && o->diff)
		return bad_usage("%s", "--format=html does not apply to --diff (text, csv or json)");
	if (o->fmt == FMT_HTML && !o->out)
		return bad_usage("%s", "--format=html needs -o FILE (the page)");
	return -1;
}

/* Reads inputs in[0..n) into a new run, keeping what o's filters keep;
 * *bad is set when one could not be read. */
static Run *load(const Opts *o, const char **in, int n, int *bad)
{
	Run *r = run_new();
	r->filter = o->filter;
	r->nfilter = o->nfilter;
	for (int i = 0; i < n; i++)
		if (run_read(r, in[i]) != 0)
			*bad = 1;
	long recs = 0;
	for (int i = 0; i < r->in.n; i++)
		recs += r->in.v[i].records;
	if (!recs || recs == r->filtered) {
		fprintf(stderr, "m2r-report: no records %s ", recs ? "kept by --filter of" : "found in");
		for (int i = 0; i < n; i++)
			fprintf(stderr, "%s%s", i ? ", " : "", in[i]);
		fprintf(stderr, "\n");
	}
	return r;
}

static void inputs_line(FILE *o, const Run *r)
{
	long files = 0, lines = 0, recs = 0, skipped = 0;
	for (int i = 0; i < r->in.n; i++) {
		files += r->in.v[i].files;
		lines += r->in.v[i].lines;
		recs += r->in.v[i].records;
		skipped += r->in.v[i].skipped;
	}
	fprintf(o, "read: %d inputs, %ld files, %ld lines; %ld records (%d function, %d unit), %ld folded",
		r->in.n, files, lines, recs, r->fn.n, r->unit.n, r->folded_fn + r->folded_unit);
	if (r->parts_joined) /* output=- split long records (doc/statistics.md) */
		fprintf(o, "; %ld parts of split records joined (%d variables kept)", r->parts_joined,
			r->var.n);
	if (r->nfilter)
		fprintf(o, "; %ld left out by --filter", r->filtered);
	fprintf(o, "; %ld broken or unknown lines skipped\n\n", skipped);
}

int main(int argc, char **argv)
{
	Opts o = { 0 };
	int rc = parse(&o, argc, argv);
	FILE *out = stdout;
	if (rc < 0 && o.out && !(out = fopen(o.out, "w"))) {
		fprintf(stderr, "m2r-report: cannot write %s: %s\n", o.out, strerror(errno));
		rc = 1;
	}
	if (rc >= 0) { /* --help, bad usage, or no output file */
		free(o.in);
		free(o.filter);
		return rc;
	}
	int bad = 0;
	long unexplained = 0;
	if (o.diff) {
		Run *a = load(&o, &o.in[0], 1, &bad), *b = load(&o, &o.in[1], 1, &bad);
		write_diff(out, a, b, o.in[0], o.in[1], o.fmt, o.top < 0 ? INT_MAX : o.top);
		run_free(a);
		run_free(b);
	} else {
		Run *r = load(&o, o.in, o.nin, &bad);
		if (o.fmt == FMT_TEXT) {
			inputs_line(out, r);
			unexplained = write_summary(out, r, o.by_file, o.top < 0 ? 10 : o.top);
		} else if (o.fmt == FMT_HTML) {
			explain_files(r, o.out, o.dot);
			unexplained = write_html(out, r, o.top < 0 ? 10 : o.top, o.out);
			bad |= r->page_failed;
		} else {
			write_rows(out, r, o.fmt, o.by_file);
			for (int i = 0; i < r->fn.n; i++)
				unexplained += r->fn.v[i]->f[F_UNEXPLAINED];
		}
		if (unexplained)
			fprintf(stderr, "m2r-report: warning: %ld variables differ from GCC without a named reason "
				"(unexplained: a bug)\n", unexplained);
		run_free(r);
	}
	if (fflush(out) != 0 || (out != stdout && fclose(out) != 0)) {
		fprintf(stderr, "m2r-report: cannot write %s\n", o.out ? o.out : "standard output");
		return 1;
	}
	free(o.in);
	free(o.filter);
	if (bad)
		return 1;
	return o.fail_unexplained && unexplained ? 3 : 0;
}
