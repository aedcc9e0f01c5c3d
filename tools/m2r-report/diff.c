/* diff.c - --diff A B: two runs side by side, matched by file and
 * function (a function with several records in one run, e.g. two
 * placements or algorithms, is their sum): what changed, what is only
 * on one side, and the totals.  GCC's figures of a side without a
 * function compared with GCC are not known: "-", an empty CSV cell, a
 * JSON null. */
#include "rep.h"

#include <stdlib.h>
#include <string.h>

/* The numbers compared, in the order they are shown. */
static const int diff_fields[] = { F_VARS, F_PROMOTED, F_GCC_PROMOTED, F_PHIS, F_PHIS_KEPT, F_GCC_PHIS,
				   F_AGREE, F_DIFFER, F_UNEXPLAINED };
enum { NDIFF = sizeof diff_fields / sizeof diff_fields[0] };

typedef struct Side {
	Hash h;             /* "file\0function" -> index in v */
	VEC(Rec *) v;       /* one sum per function */
} Side;

static void side_build(Side *s, Run *r)
{
	hash_init(&s->h, r->a, r->fn.n);
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		size_t nf = strlen(x->file), nfn = strlen(x->function);
		char *k = aalloc(r->a, nf + nfn + 2);
		memcpy(k, x->file, nf);
		memcpy(k + nf + 1, x->function, nfn);
		int found;
		HEnt *e = hash_str(&s->h, k, (int)(nf + nfn + 1), 0, &found);
		if (found) {
			rec_add(s->v.v[e->val], x);
			continue;
		}
		Rec *c = aalloc(r->a, sizeof *c);
		*c = *x;
		e->val = s->v.n;
		vpush(r->a, s->v, c);
	}
}

static const Rec *side_find(const Side *s, const Rec *x)
{
	size_t nf = strlen(x->file), nfn = strlen(x->function);
	char *k = xmalloc(nf + nfn + 2);
	memcpy(k, x->file, nf + 1);
	memcpy(k + nf + 1, x->function, nfn + 1);
	HEnt *e = hash_find_str(&s->h, k, (int)(nf + nfn + 1), 0);
	free(k);
	return e ? s->v.v[e->val] : NULL;
}

/* Whether field f differs from a to b (known on one side only, too). */
static int field_changed(const Rec *a, const Rec *b, int f)
{
	int ka = rec_known(a, f), kb = rec_known(b, f);
	return ka != kb || (ka && a->f[f] != b->f[f]);
}

static int changed(const Rec *a, const Rec *b)
{
	for (int i = 0; i < NDIFF; i++)
		if (field_changed(a, b, diff_fields[i]))
			return 1;
	return 0;
}

/* Field f of x as text, "-" when not known. */
static const char *val(char *buf, size_t n, const Rec *x, int f)
{
	if (rec_known(x, f))
		snprintf(buf, n, "%lld", x->f[f]);
	else
		snprintf(buf, n, "-");
	return buf;
}

static void ratio(FILE *o, long long a, long long b)
{
	if (a > 0 && b > 0)
		fprintf(o, " (x%.2f)", (double)b / (double)a);
}

static void change_line(FILE *o, const Rec *a, const Rec *b)
{
	fprintf(o, "  %s: %s", a->file, a->function);
	const char *sep = "";
	for (int i = 0; i < NDIFF; i++) {
		int f = diff_fields[i];
		char va[32], vb[32];
		if (field_changed(a, b, f)) {
			fprintf(o, "%s %s %s -> %s", sep, field_key[f], val(va, sizeof va, a, f), val(vb, sizeof vb, b, f));
			sep = ",";
		}
	}
	fputs(";  time ours", o);
	ratio(o, rec_ours_ns(a), rec_ours_ns(b));
	if (!(rec_ours_ns(a) > 0 && rec_ours_ns(b) > 0))
		fputs(" -", o);
	putc('\n', o);
}

static void only_list(FILE *o, const Side *s, const Side *other, const char *which, int top)
{
	int n = 0;
	for (int i = 0; i < s->v.n; i++) {
		const Rec *x = s->v.v[i];
		if (side_find(other, x))
			continue;
		if (!n)
			fprintf(o, "\nonly in %s:\n", which);
		if (n++ < top)
			fprintf(o, "  %s: %s\n", x->file, x->function);
	}
	if (n > top)
		fprintf(o, "  ... and %d more\n", n - top);
}

static void totals(FILE *o, const Side *sa, const Side *sb)
{
	Rec ta = { 0 }, tb = { 0 };
	for (int i = 0; i < sa->v.n; i++)
		rec_add(&ta, sa->v.v[i]);
	for (int i = 0; i < sb->v.n; i++)
		rec_add(&tb, sb->v.v[i]);
	fprintf(o, "\ntotals, A -> B:\n  %-14s %lld -> %lld\n", "functions", ta.f[F_FUNCTIONS], tb.f[F_FUNCTIONS]);
	char b1[32], b2[32];
	for (int i = 0; i < NDIFF; i++)
		fprintf(o, "  %-14s %s -> %s\n", field_key[diff_fields[i]], val(b1, sizeof b1, &ta, diff_fields[i]),
			val(b2, sizeof b2, &tb, diff_fields[i]));
	fmt_ns(b1, sizeof b1, rec_ours_ns(&ta));
	fmt_ns(b2, sizeof b2, rec_ours_ns(&tb));
	fprintf(o, "  %-14s %s -> %s", "time ours", b1, b2);
	ratio(o, rec_ours_ns(&ta), rec_ours_ns(&tb));
	fmt_ns(b1, sizeof b1, ta.f[F_GCC_NS]);
	fmt_ns(b2, sizeof b2, tb.f[F_GCC_NS]);
	fprintf(o, "\n  %-14s %s -> %s", "time GCC", rec_known(&ta, F_GCC_NS) ? b1 : "-",
		rec_known(&tb, F_GCC_NS) ? b2 : "-");
	ratio(o, ta.f[F_GCC_NS], tb.f[F_GCC_NS]);
	putc('\n', o);
}

/* CSV or JSON Lines: one row per function of either side. */
static void diff_row(FILE *o, const Rec *a, const Rec *b, int fmt)
{
	static const Rec zero;
	const Rec *x = a ? a : b;
	const char *in = a && b ? "both" : a ? "a" : "b";
	if (fmt == FMT_JSON) {
		fputs("{\"file\":", o);
		json_str(o, x->file);
		fputs(",\"function\":", o);
		json_str(o, x->function);
		fprintf(o, ",\"in\":\"%s\"", in);
	} else {
		csv_str(o, x->file);
		putc(',', o);
		csv_str(o, x->function);
		fprintf(o, ",%s", in);
	}
	const Rec *s[2] = { a ? a : &zero, b ? b : &zero };
	for (int i = 0; i <= NDIFF; i++)
		for (int k = 0; k < 2; k++) {
			long long v = i < NDIFF ? s[k]->f[diff_fields[i]] : rec_ours_ns(s[k]);
			int known = i == NDIFF || rec_known(s[k], diff_fields[i]);
			if (fmt == FMT_JSON)
				fprintf(o, ",\"%s_%c\":", i < NDIFF ? field_key[diff_fields[i]] : "ours_ns", "ab"[k]);
			else
				putc(',', o);
			if (known)
				fprintf(o, "%lld", v);
			else if (fmt == FMT_JSON)
				fputs("null", o);
		}
	fputs(fmt == FMT_JSON ? "}\n" : "\n", o);
}

static void diff_rows(FILE *o, const Side *sa, const Side *sb, int fmt)
{
	if (fmt == FMT_CSV) {
		fputs("file,function,in", o);
		for (int i = 0; i <= NDIFF; i++)
			for (int k = 0; k < 2; k++)
				fprintf(o, ",%s_%c", i < NDIFF ? field_key[diff_fields[i]] : "ours_ns", "ab"[k]);
		putc('\n', o);
	}
	for (int i = 0; i < sa->v.n; i++)
		diff_row(o, sa->v.v[i], side_find(sb, sa->v.v[i]), fmt);
	for (int i = 0; i < sb->v.n; i++)
		if (!side_find(sa, sb->v.v[i]))
			diff_row(o, NULL, sb->v.v[i], fmt);
}

void write_diff(FILE *o, Run *a, Run *b, const char *na, const char *nb, int fmt, int top)
{
	Side sa = { 0 }, sb = { 0 };
	side_build(&sa, a);
	side_build(&sb, b);
	if (fmt != FMT_TEXT) {
		diff_rows(o, &sa, &sb, fmt);
		return;
	}
	int both = 0, nchanged = 0;
	for (int i = 0; i < sa.v.n; i++) {
		const Rec *y = side_find(&sb, sa.v.v[i]);
		both += y != NULL;
		nchanged += y && changed(sa.v.v[i], y);
	}
	fprintf(o, "mem2reg report diff: A = %s (%d functions), B = %s (%d functions)\n", na, sa.v.n, nb, sb.v.n);
	fprintf(o, "functions in both: %d, changed: %d; only in A: %d; only in B: %d\n", both, nchanged,
		sa.v.n - both, sb.v.n - both);
	int shown = 0;
	for (int i = 0; i < sa.v.n; i++) {
		const Rec *x = sa.v.v[i], *y = side_find(&sb, x);
		if (!y || !changed(x, y))
			continue;
		if (!shown)
			fprintf(o, "\nchanged, A -> B:\n");
		if (shown++ < top)
			change_line(o, x, y);
	}
	if (shown > top)
		fprintf(o, "  ... and %d more\n", shown - top);
	only_list(o, &sa, &sb, "A", top);
	only_list(o, &sb, &sa, "B", top);
	totals(o, &sa, &sb);
}
