/* rows.c - the per-function and per-file rows of --format=csv and
 * --format=json (one table, two spellings), and the per-file sums every
 * writer uses.  A figure that is not known (GCC's, where GCC was not
 * compared) is an empty CSV cell and a JSON null, never 0. */
#include "rep.h"

#include <stddef.h>
#include <string.h>

long long rec_ours_ns(const Rec *x)
{
	return x->f[F_LOWER_NS] + x->f[F_CORE_NS];
}

int rec_known(const Rec *x, int field)
{
	return !field_gcc[field] || x->f[F_COMPARED] > 0;
}

void rec_add(Rec *d, const Rec *s)
{
#define ADD_(arr) for (size_t i_ = 0; i_ < sizeof d->arr / sizeof d->arr[0]; i_++) d->arr[i_] += s->arr[i_]
	ADD_(f);
	ADD_(counter);
	ADD_(not_promoted);
	ADD_(paths);
	ADD_(why);
	ADD_(renamed_by);
	ADD_(fallbacks);
#undef ADD_
	d->whole += s->whole;
	d->folded += s->folded;
	d->nvar += s->nvar;
}

/* A file's tool: its functions' one value, or "mixed". */
static const char *merge_str(const char *have, const char *s)
{
	return have == s ? have : "mixed";
}

Rec **run_by_file(Run *r, int *n)
{
	Hash h;
	Arena *a = r->a;
	int ngroup;
	run_groups(r, &ngroup); /* each function's group */
	hash_init(&h, a, r->fn.n);
	VEC(Rec *) out = { 0 };
	for (int i = 0; i < r->fn.n; i++) {
		const Rec *x = r->fn.v[i];
		int found;
		HEnt *e = hash_ptr(&h, x->file, x->group, &found);
		if (!found) {
			Rec *s = aalloc(a, sizeof *s);
			*s = *x;
			memset(s->f, 0, sizeof s->f);
			memset(s->counter, 0, sizeof s->counter);
			memset(s->not_promoted, 0, sizeof s->not_promoted);
			memset(s->paths, 0, sizeof s->paths);
			memset(s->why, 0, sizeof s->why);
			memset(s->renamed_by, 0, sizeof s->renamed_by);
			memset(s->fallbacks, 0, sizeof s->fallbacks);
			s->type = REC_UNIT;
			s->function = "";
			s->folded = 0;
			s->nvar = 0;
			e->val = out.n;
			vpush(a, out, s);
		}
		Rec *s = out.v[e->val];
		s->tool = merge_str(s->tool, x->tool);
		rec_add(s, x);
	}
	*n = out.n;
	return out.v;
}

/* ---------- the columns ---------- */

enum ColKind { K_STR, K_FIELD, K_FOLDED, K_OURS_NS, K_RENAMED };
typedef struct Col {
	const char *name;
	int kind;
	size_t off;   /* K_STR: offsetof the string in Rec */
	int idx;      /* K_FIELD: enum Field; K_RENAMED: enum Renamer */
} Col;

#define S_(name, m) { name, K_STR, offsetof(Rec, m), 0 }
#define N_(name, f) { name, K_FIELD, 0, f }
/* Per function; per file, "function" is "functions" (a count). */
static const Col cols[] = {
	S_("file", file), S_("function", function), S_("tool", tool), S_("mode", mode),
	S_("placement", placement), S_("algorithm", algorithm), S_("gcc_version", gcc_version), S_("target", target),
	{ "folded", K_FOLDED, 0, 0 },
	N_("blocks", F_BLOCKS), N_("vars", F_VARS), N_("promotable", F_PROMOTABLE),
	N_("promoted", F_PROMOTED), N_("gcc_promoted", F_GCC_PROMOTED), N_("phis", F_PHIS),
	N_("phis_kept", F_PHIS_KEPT), N_("gcc_phis", F_GCC_PHIS), N_("compared", F_COMPARED),
	N_("agree", F_AGREE), N_("differ", F_DIFFER), N_("unexplained", F_UNEXPLAINED),
	{ "ours_ns", K_OURS_NS, 0, 0 }, N_("lower_ns", F_LOWER_NS), N_("core_ns", F_CORE_NS),
	N_("gcc_ns", F_GCC_NS), N_("rewrite_ns", F_REWRITE_NS), N_("rewritten", F_REWRITTEN),
	{ "renamed_core", K_RENAMED, 0, RN_CORE }, { "renamed_gcc", K_RENAMED, 0, RN_GCC },
	{ "renamed_memory", K_RENAMED, 0, RN_MEMORY },
};
#undef S_
#undef N_
enum { NCOL = sizeof cols / sizeof cols[0] };

/* Column i's name: the fixed columns, then "why_VERDICT" per verdict
 * but agree (the named differences and the unexplained ones). */
static int ncols(void)
{
	return NCOL + NWHY - 1;
}

static void col_name(FILE *o, int i, int by_file)
{
	if (i >= NCOL)
		fprintf(o, "why_%s", why_name(i - NCOL + 1));
	else if (by_file && !strcmp(cols[i].name, "function"))
		fputs("functions", o);
	else
		fputs(cols[i].name, o);
}

/* Column i of x: a string (*str), a number (*num) or unknown. */
enum { V_STR, V_NUM, V_UNKNOWN };
static int col_value(const Rec *x, int i, int by_file, long long *num, const char **str)
{
	if (i >= NCOL) { /* a comparison verdict: GCC's */
		*num = x->why[i - NCOL + 1];
		return rec_known(x, F_AGREE) ? V_NUM : V_UNKNOWN;
	}
	const Col *c = &cols[i];
	switch (c->kind) {
	case K_STR:
		if (by_file && c->off == offsetof(Rec, function)) {
			*num = x->f[F_FUNCTIONS];
			return V_NUM;
		}
		*str = *(const char *const *)((const char *)x + c->off);
		return V_STR;
	case K_FIELD: *num = x->f[c->idx]; return rec_known(x, c->idx) ? V_NUM : V_UNKNOWN;
	case K_FOLDED: *num = x->folded; return V_NUM;
	case K_OURS_NS: *num = rec_ours_ns(x); return V_NUM;
	case K_RENAMED: *num = x->renamed_by[c->idx]; return V_NUM;
	}
	die("column %d of kind %d", i, c->kind);
}

static void write_row(FILE *o, const Rec *x, int fmt, int by_file)
{
	if (fmt == FMT_JSON)
		putc('{', o);
	for (int i = 0; i < ncols(); i++) {
		long long num = 0;
		const char *s = NULL;
		int kind = col_value(x, i, by_file, &num, &s);
		if (i)
			putc(',', o);
		if (fmt == FMT_JSON) {
			putc('"', o);
			col_name(o, i, by_file);
			fputs("\":", o);
		}
		if (kind == V_NUM)
			fprintf(o, "%lld", num);
		else if (kind == V_UNKNOWN)
			fputs(fmt == FMT_JSON ? "null" : "", o);
		else if (fmt == FMT_JSON)
			json_str(o, s);
		else
			csv_str(o, s);
	}
	fputs(fmt == FMT_JSON ? "}\n" : "\n", o);
}

void write_rows(FILE *o, Run *r, int fmt, int by_file)
{
	if (fmt == FMT_CSV) {
		for (int i = 0; i < ncols(); i++) {
			if (i)
				putc(',', o);
			col_name(o, i, by_file);
		}
		putc('\n', o);
	}
	int n = r->fn.n;
	Rec **rows = r->fn.v;
	if (by_file)
		rows = run_by_file(r, &n);
	for (int i = 0; i < n; i++)
		write_row(o, rows[i], fmt, by_file);
}
