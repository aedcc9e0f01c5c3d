/* output.cc - what the plugin prints: the per-unit table on stderr
 * (stats=, format=), JSON Lines records (output=), the per-function
 * comparison table of the dump (dump=).  The schema is doc/statistics.md.
 *
 * Function rows for stderr are rendered as each function completes (its
 * FnReport lives in the function's arena) into a memory stream, and
 * printed with the unit totals by out_unit(). */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *const m2r_counter_names[NCOUNTER] = {
	"NumAlloca", "NumPromoted", "NumDeadAlloca", "NumSingleStore",
	"NumLocalPromoted", "NumPHIInsert", "NumPHISimplified",
	"NumLoadsRemoved", "NumStoresRemoved", "NumRounds",
};

void m2r_counters(const Stats *st, long *c)
{
	c[0] = st->NumAlloca;
	c[1] = st->NumPromoted;
	c[2] = st->NumDeadAlloca;
	c[3] = st->NumSingleStore;
	c[4] = st->NumLocalPromoted;
	c[5] = st->NumPHIInsert;
	c[6] = st->NumPHISimplified;
	c[7] = st->NumLoadsRemoved;
	c[8] = st->NumStoresRemoved;
	c[9] = st->NumRounds;
}

/* Totals of one function or of the unit: the common part of records. */
typedef struct Totals {
	long functions, compared, blocks, vars, promotable, promoted, gcc_promoted;
	long phis, phis_kept, gcc_phis, agree, differ, unexplained;
	long cnt[NCOUNTER], notprom[NREASON], path[NPATH], why[NWHY];
	long rewritten, phis_built, renamed[NRENAMER], fallback[NFALLBACK]; /* rewrite mode */
	long long lower_ns, core_ns, gcc_ns, rewrite_ns;
} Totals;

static Totals unit;
static FILE *rows, *vrows;   /* stderr rows, rendered per function */
static char *rows_buf, *vrows_buf;
static size_t rows_len, vrows_len;
static int out_fd = -1, out_failed;
static FILE *m2r_dump_file;
static int m2r_dump_failed;

static void totals_of(const FnReport *r, Totals *t)
{
	memset(t, 0, sizeof *t);
	t->functions = 1;
	t->compared = r->compared;
	t->blocks = r->blocks;
	t->vars = r->vars;
	t->promotable = r->promotable;
	t->promoted = r->promoted;
	t->gcc_promoted = r->gcc_promoted;
	t->phis = r->phis;
	t->phis_kept = r->phis_kept;
	t->gcc_phis = r->gcc_phis;
	t->agree = r->agree;
	t->differ = r->differ;
	t->unexplained = r->unexplained;
	m2r_counters(&r->st, t->cnt);
	for (int k = 0; k < NREASON; k++)
		t->notprom[k] = r->st.NumNotPromoted[k];
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		if (v->ours && v->path > P_NOT_PROMOTED && v->path < NPATH)
			t->path[v->path]++;
		if (r->compared && v->why >= 0 && v->why < NWHY)
			t->why[v->why]++;
	}
	if (r->rewrite) {
		t->rewritten = r->rewritten;
		t->phis_built = r->phis_built;
		for (int i = 0; i < r->nvar; i++) {
			const VarReport *v = &r->var[i];
			t->renamed[v->renamed]++;
			if (v->renamed == RN_GCC)
				t->fallback[v->fallback]++;
		}
	}
	t->lower_ns = r->lower_ns;
	t->core_ns = r->core_ns;
	t->gcc_ns = r->gcc_ns;
	t->rewrite_ns = r->rewrite_ns;
}

/* Every field of Totals before lower_ns is a long. */
static void totals_add(Totals *u, const Totals *t)
{
	long *a = &u->functions, *b = (long *)&t->functions;
	int n = (int)(((const char *)&u->lower_ns - (const char *)&u->functions) / sizeof(long));
	for (int i = 0; i < n; i++)
		a[i] += b[i];
	u->lower_ns += t->lower_ns;
	u->core_ns += t->core_ns;
	u->gcc_ns += t->gcc_ns;
	u->rewrite_ns += t->rewrite_ns;
}

/* ---------- small writers ---------- */

static void json_bbs(FILE *o, const int *bb, int n)
{
	fputc('[', o);
	for (int i = 0; i < n; i++)
		fprintf(o, "%s%d", i ? "," : "", bb[i]);
	fputc(']', o);
}

/* "bb 3, bb 5" (text) or "3 5" (csv); "-" when empty. */
static void list_bbs(FILE *o, const int *bb, int n, int text)
{
	if (!n)
		fputs("-", o);
	for (int i = 0; i < n; i++)
		fprintf(o, text ? "%sbb %d" : "%s%d", i ? (text ? ", " : " ") : "", bb[i]);
}

static void csv_str(FILE *o, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\n")) {
		fputs(s, o);
		return;
	}
	fputc('"', o);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', o);
		fputc(*s, o);
	}
	fputc('"', o);
}

static double us(long long ns) { return (double)ns / 1000.0; }

/* ---------- JSON records ---------- */

static void json_record(FILE *o, const char *type, const char *file, const FnReport *r,
			const Totals *t, int with_vars, const char *lower_err)
{
	fprintf(o, "{\"type\":\"%s\",\"file\":", type);
	json_str(o, file);
	if (r) {
		fputs(",\"function\":", o);
		json_str(o, r->function);
	} else {
		fprintf(o, ",\"functions\":%ld", t->functions);
	}
	int rw = m2r_args.mode == MODE_REWRITE;
	fprintf(o, ",\"mode\":\"%s\",\"placement\":\"%s\",\"compared\":%ld",
		rw ? "rewrite" : "analyze", placement_name(m2r_args.placement), t->compared);
	if (rw) {
		if (r)
			fprintf(o, ",\"rewritten\":%s,\"fallback\":\"%s\"",
				t->rewritten ? "true" : "false", t->rewritten ? "none" : "write-back");
		else
			fprintf(o, ",\"rewritten\":%ld", t->rewritten);
		fprintf(o, ",\"phis_built\":%ld", t->phis_built);
		fputs(",\"renamed_by\":{", o);
		for (int k = 0; k < NRENAMER; k++)
			fprintf(o, "%s\"%s\":%ld", k ? "," : "", renamer_name(k), t->renamed[k]);
		fputs("},\"fallbacks\":{", o);
		for (int k = 1; k < NFALLBACK; k++)
			fprintf(o, "%s\"%s\":%ld", k > 1 ? "," : "", fallback_name(k), t->fallback[k]);
		fprintf(o, "},\"rewrite_ns\":%lld", t->rewrite_ns);
	}
	fprintf(o, ",\"blocks\":%ld,\"vars\":%ld,\"promotable\":%ld,\"promoted\":%ld,\"gcc_promoted\":%ld",
		t->blocks, t->vars, t->promotable, t->promoted, t->gcc_promoted);
	fprintf(o, ",\"phis\":%ld,\"phis_kept\":%ld,\"gcc_phis\":%ld", t->phis, t->phis_kept, t->gcc_phis);
	fprintf(o, ",\"agree\":%ld,\"differ\":%ld,\"unexplained\":%ld", t->agree, t->differ, t->unexplained);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(o, ",\"%s\":%ld", m2r_counter_names[i], t->cnt[i]);
	fputs(",\"not_promoted\":{", o);
	for (int k = 1; k < NREASON; k++)
		fprintf(o, "%s\"%s\":%ld", k > 1 ? "," : "", reason_name(k), t->notprom[k]);
	fputs("},\"paths\":{", o);
	for (int k = 1; k < NPATH; k++)
		fprintf(o, "%s\"%s\":%ld", k > 1 ? "," : "", path_name(k), t->path[k]);
	fputs("},\"why\":{", o);
	for (int k = 0; k < NWHY; k++)
		fprintf(o, "%s\"%s\":%ld", k ? "," : "", why_name(k), t->why[k]);
	fprintf(o, "},\"loads_removed\":%ld,\"stores_removed\":%ld", t->cnt[7], t->cnt[8]);
	fprintf(o, ",\"lower_ns\":%lld,\"core_ns\":%lld,\"gcc_ns\":%lld", t->lower_ns, t->core_ns,
		t->gcc_ns);
	if (lower_err && *lower_err) {
		fputs(",\"lower_error\":", o);
		json_str(o, lower_err);
	}
	if (r && with_vars) {
		fputs(",\"variables\":[", o);
		for (int i = 0; i < r->nvar; i++) {
			const VarReport *v = &r->var[i];
			fputs(i ? ",{\"name\":" : "{\"name\":", o);
			json_str(o, v->name);
			fprintf(o, ",\"line\":%d,\"ours\":%s,\"reason\":\"%s\",\"path\":\"%s\",\"gcc\":%s,\"phis\":",
				v->line, v->ours ? "true" : "false", reason_name(v->reason),
				path_name(v->path), v->gcc ? "true" : "false");
			json_bbs(o, v->phibb, v->nphi);
			fputs(",\"gcc_phis\":", o);
			json_bbs(o, v->gcc_phibb, v->gcc_nphi);
			fprintf(o, ",\"why\":\"%s\"", r->compared ? why_name(v->why) : "not-compared");
			if (r->rewrite)
				fprintf(o, ",\"renamed_by\":\"%s\",\"fallback\":\"%s\"",
					renamer_name(v->renamed),
					v->renamed == RN_GCC ? fallback_name(v->fallback) : "none");
			fputc('}', o);
		}
		fputc(']', o);
	}
	fputs("}\n", o);
}

/* Append one record to output= with one write(2) on an O_APPEND fd, so
 * that parallel compilations into one file never interleave. */
static void write_record(const char *buf, size_t len)
{
	if (!m2r_args.output || out_failed)
		return;
	if (out_fd < 0) {
		out_fd = open(m2r_args.output, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
		if (out_fd < 0) {
			out_failed = 1;
			error("mem2reg: cannot open %qs: %m", m2r_args.output);
			return;
		}
	}
	ssize_t n;
	do
		n = write(out_fd, buf, len);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)len) {
		out_failed = 1;
		error("mem2reg: cannot write to %qs: %m", m2r_args.output);
	}
}

/* ---------- text and CSV ---------- */

static const char fn_head_fmt[] = "  %-20s %6s %5s %10s %14s %6s %6s %6s %9s %9s %9s\n";

static const char rw_head_fmt[] = "  %-20s %6s %5s %8s %11s %13s %9s %9s %9s\n";

static void text_fn_header(FILE *o)
{
	if (m2r_args.mode == MODE_REWRITE) {
		fprintf(o, rw_head_fmt, "function", "blocks", "vars", "promoted", "phis",
			"renamed by", "lower_us", "core_us", "rest_us");
		fprintf(o, "  %-20s %6s %5s %8s %11s %13s\n", "", "", "", "", "placed/kept",
			"core/gcc/mem");
		return;
	}
	fprintf(o, fn_head_fmt, "function", "blocks", "vars", "promoted", "phis", "agree",
		"differ", "unexpl", "lower_us", "core_us", "gcc_us");
	fprintf(o, "  %-20s %6s %5s %10s %14s\n", "", "", "", "ours/gcc", "ours/kept/gcc");
}

static void text_fn_row(FILE *o, const FnReport *r)
{
	char prom[48], phis[64];
	if (r->rewrite) {
		char by[64];
		snprintf(phis, sizeof phis, "%ld/%ld", r->phis, r->phis_kept);
		snprintf(by, sizeof by, "%d/%d/%d%s", r->by_core, r->by_gcc, r->in_memory,
			 r->rewritten ? "" : "!");
		fprintf(o, "  %-20s %6d %5d %8d %11s %13s %9.1f %9.1f %9.1f\n", r->function,
			r->blocks, r->vars, r->promoted, phis, by, us(r->lower_ns), us(r->core_ns),
			us(r->rewrite_ns));
		return;
	}
	if (r->compared) {
		snprintf(prom, sizeof prom, "%d/%d", r->promoted, r->gcc_promoted);
		snprintf(phis, sizeof phis, "%ld/%ld/%ld", r->phis, r->phis_kept, r->gcc_phis);
	} else {
		snprintf(prom, sizeof prom, "%d/-", r->promoted);
		snprintf(phis, sizeof phis, "%ld/%ld/-", r->phis, r->phis_kept);
	}
	fprintf(o, "  %-20s %6d %5d %10s %14s %6s %6d %6d %9.1f %9.1f %9.1f\n", r->function,
		r->blocks, r->vars, prom, phis, !r->compared ? "-" : r->agree ? "yes" : "no",
		r->differ, r->unexplained, us(r->lower_ns), us(r->core_ns), us(r->gcc_ns));
}

/* "promoted (general)" or "not promoted: address-passed" */
static const char *ours_text(const VarReport *v, char *buf, size_t n)
{
	if (v->ours)
		snprintf(buf, n, "promoted (%s)", path_name(v->path));
	else
		snprintf(buf, n, "not promoted: %s", reason_name(v->reason));
	return buf;
}

static void text_var_rows(FILE *o, const FnReport *r)
{
	if (r->rewrite) {
		fprintf(o, "      %-16s %5s  %-32s %-16s %s\n", "variable", "line", "ours",
			"phis ours", "renamed by");
		for (int i = 0; i < r->nvar; i++) {
			const VarReport *v = &r->var[i];
			char ours[64];
			fprintf(o, "      %-16s %5d  %-32s ", v->name, v->line, ours_text(v, ours, sizeof ours));
			char *b = NULL;
			size_t n = 0;
			FILE *m = open_memstream(&b, &n);
			list_bbs(m, v->phibb, v->nphi, 1);
			fclose(m);
			fprintf(o, "%-16s %s", b, renamer_name(v->renamed));
			free(b);
			if (v->renamed == RN_GCC)
				fprintf(o, " (fallback: %s)", fallback_name(v->fallback));
			fputc('\n', o);
		}
		return;
	}
	fprintf(o, "      %-16s %5s  %-32s %-7s %-16s %-16s %s\n", "variable", "line", "ours",
		"gcc", "phis ours", "phis gcc", "why");
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		char ours[64];
		fprintf(o, "      %-16s %5d  %-32s %-7s ", v->name, v->line, ours_text(v, ours, sizeof ours),
			!r->compared ? "-" : v->gcc ? "ssa" : "memory");
		char *b = NULL;
		size_t n = 0;
		FILE *m = open_memstream(&b, &n);
		list_bbs(m, v->phibb, v->nphi, 1);
		fclose(m);
		fprintf(o, "%-16s ", b);
		free(b);
		b = NULL;
		m = open_memstream(&b, &n);
		if (r->compared)
			list_bbs(m, v->gcc_phibb, v->gcc_nphi, 1);
		else
			fputs("-", m);
		fclose(m);
		fprintf(o, "%-16s %s\n", b, r->compared ? why_name(v->why) : "-");
		free(b);
	}
}

void out_dump_table(FILE *o, const FnReport *r)
{
	text_fn_header(o);
	text_fn_row(o, r);
	text_var_rows(o, r);
}

static const char csv_head[] =
	"type,file,function,functions,placement,compared,blocks,vars,promotable,promoted,"
	"gcc_promoted,phis,phis_kept,gcc_phis,agree,differ,unexplained,loads_removed,"
	"stores_removed,lower_ns,core_ns,gcc_ns\n";
static const char csv_vhead[] =
	"type,file,function,name,line,ours,reason,path,gcc,phis,gcc_phis,why\n";
/* Rewrite mode: the same columns and these. */
static const char csv_rw_head[] = ",mode,rewritten,renamed_core,renamed_gcc,in_memory,rewrite_ns";
static const char csv_rw_vhead[] = ",renamed_by,fallback";

/* A CSV header, with the rewrite mode's columns when they are there. */
static void csv_header(FILE *o, const char *head, const char *more)
{
	if (m2r_args.mode != MODE_REWRITE) {
		fputs(head, o);
		return;
	}
	fwrite(head, 1, strlen(head) - 1, o); /* without its newline */
	fprintf(o, "%s\n", more);
}

static void csv_row(FILE *o, const char *type, const char *file, const char *fn, const Totals *t)
{
	fprintf(o, "%s,", type);
	csv_str(o, file);
	fputc(',', o);
	csv_str(o, fn);
	fprintf(o, ",%ld,%s,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%ld,%lld,%lld,%lld",
		t->functions, placement_name(m2r_args.placement), t->compared, t->blocks, t->vars,
		t->promotable, t->promoted, t->gcc_promoted, t->phis, t->phis_kept, t->gcc_phis,
		t->agree, t->differ, t->unexplained, t->cnt[7], t->cnt[8], t->lower_ns, t->core_ns,
		t->gcc_ns);
	if (m2r_args.mode == MODE_REWRITE)
		fprintf(o, ",rewrite,%ld,%ld,%ld,%ld,%lld", t->rewritten, t->renamed[RN_CORE],
			t->renamed[RN_GCC], t->renamed[RN_MEMORY], t->rewrite_ns);
	fputc('\n', o);
}

static void csv_var_rows(FILE *o, const FnReport *r)
{
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		fputs("variable,", o);
		csv_str(o, r->file);
		fputc(',', o);
		csv_str(o, r->function);
		fputc(',', o);
		csv_str(o, v->name);
		fprintf(o, ",%d,%d,%s,%s,%d,", v->line, v->ours, reason_name(v->reason),
			path_name(v->path), v->gcc);
		list_bbs(o, v->phibb, v->nphi, 0);
		fputc(',', o);
		list_bbs(o, v->gcc_phibb, v->gcc_nphi, 0);
		fprintf(o, ",%s", r->compared ? why_name(v->why) : "not-compared");
		if (r->rewrite)
			fprintf(o, ",%s,%s", renamer_name(v->renamed),
				v->renamed == RN_GCC ? fallback_name(v->fallback) : "none");
		fputc('\n', o);
	}
}

/* ---------- per function, per unit ---------- */

void out_function(const FnReport *r, const char *lower_err)
{
	Totals t;
	totals_of(r, &t);
	totals_add(&unit, &t);

	if (m2r_args.output) {
		char *b = NULL;
		size_t n = 0;
		FILE *m = open_memstream(&b, &n);
		json_record(m, "function", r->file, r, &t, 1, lower_err);
		fclose(m);
		write_record(b, n);
		free(b);
	}
	if (m2r_args.stats < ST_FUNCTIONS)
		return;
	if (!rows)
		rows = open_memstream(&rows_buf, &rows_len);
	int vars = m2r_args.stats == ST_VARIABLES;
	switch (m2r_args.format) {
	case FMT_TEXT:
		text_fn_row(rows, r);
		if (vars) {
			text_var_rows(rows, r);
			fputc('\n', rows);
		}
		break;
	case FMT_JSON:
		json_record(rows, "function", r->file, r, &t, vars, lower_err);
		break;
	case FMT_CSV:
		csv_row(rows, "function", r->file, r->function, &t);
		if (vars) {
			if (!vrows)
				vrows = open_memstream(&vrows_buf, &vrows_len);
			csv_var_rows(vrows, r);
		}
		break;
	}
}

static void rewrite_summary(FILE *o, const char *file, const Totals *u)
{
	fprintf(o, "mem2reg summary for %s (rewrite mode, placement %s)\n", file,
		placement_name(m2r_args.placement));
	fprintf(o, "  %-44s %ld  (rewritten: %ld)\n", "functions", u->functions, u->rewritten);
	fprintf(o, "  %-44s %ld  (promotable: %ld)\n", "variables", u->vars, u->promotable);
	fprintf(o, "  %-44s %ld / %ld / %ld", "renamed by the core / by GCC / in memory",
		u->renamed[RN_CORE], u->renamed[RN_GCC], u->renamed[RN_MEMORY]);
	const char *sep = "  (GCC: ";
	for (int k = 1; k < NFALLBACK; k++)
		if (u->fallback[k]) {
			fprintf(o, "%s%s: %ld", sep, fallback_name(k), u->fallback[k]);
			sep = ", ";
		}
	fprintf(o, "%s\n", *sep == ',' ? ")" : "");
	fprintf(o, "  %-44s %ld / %ld / %ld\n", "phis, placed / kept / built in GIMPLE", u->phis,
		u->phis_kept, u->phis_built);
	fprintf(o, "  %-44s %.1f us  (lower %.1f + core %.1f + rest %.1f)\n", "time of the pass",
		us(u->lower_ns + u->core_ns + u->rewrite_ns), us(u->lower_ns), us(u->core_ns),
		us(u->rewrite_ns));
}

static void text_summary(FILE *o, const char *file, const Totals *u)
{
	if (m2r_args.mode == MODE_REWRITE) {
		rewrite_summary(o, file, u);
		return;
	}
	int cmp = u->compared > 0;
	fprintf(o, "mem2reg summary for %s (placement %s%s)\n", file,
		placement_name(m2r_args.placement), cmp ? "" : ", not compared with GCC");
	fprintf(o, "  %-44s %ld", "functions", u->functions);
	if (cmp)
		fprintf(o, "  (agreeing with GCC: %ld)", u->agree);
	fprintf(o, "\n  %-44s %ld  (promotable: %ld)\n", "variables", u->vars, u->promotable);
	if (cmp) {
		fprintf(o, "  %-44s %ld / %ld\n", "promoted, ours / GCC", u->promoted, u->gcc_promoted);
		fprintf(o, "  %-44s %ld / %ld / %ld\n", "phis, ours placed / simplified / GCC",
			u->phis, u->phis_kept, u->gcc_phis);
		fprintf(o, "  %-44s %ld", "variables that differ, with a named reason", u->differ);
		const char *sep = "  (";
		for (int k = 1; k < NWHY; k++)
			if (k != W_UNEXPLAINED && u->why[k]) {
				fprintf(o, "%s%s: %ld", sep, why_name(k), u->why[k]);
				sep = ", ";
			}
		fprintf(o, "%s\n", *sep == ',' ? ")" : "");
		fprintf(o, "  %-44s %ld\n", "variables that differ, unexplained", u->unexplained);
	} else {
		fprintf(o, "  %-44s %ld\n", "promoted, ours", u->promoted);
		fprintf(o, "  %-44s %ld / %ld\n", "phis, ours placed / simplified", u->phis,
			u->phis_kept);
	}
	fprintf(o, "  %-44s %.1f us  (lower %.1f + core %.1f)\n", "time ours", us(u->lower_ns + u->core_ns),
		us(u->lower_ns), us(u->core_ns));
	fprintf(o, "  %-44s %.1f us\n", "time GCC into-SSA", us(u->gcc_ns));
}

void out_unit(const char *file)
{
	if (!file)
		file = "";
	if (m2r_args.output) {
		char *b = NULL;
		size_t n = 0;
		FILE *m = open_memstream(&b, &n);
		json_record(m, "unit", file, NULL, &unit, 0, NULL);
		fclose(m);
		write_record(b, n);
		free(b);
	}
	if (rows)
		fclose(rows);
	if (vrows)
		fclose(vrows);
	rows = vrows = NULL;
	if (m2r_args.stats != ST_NONE) {
		FILE *o = stderr;
		switch (m2r_args.format) {
		case FMT_TEXT:
			if (m2r_args.stats >= ST_FUNCTIONS) {
				fprintf(o, "mem2reg functions of %s\n", file);
				text_fn_header(o);
				if (rows_buf)
					fputs(rows_buf, o);
			}
			text_summary(o, file, &unit);
			break;
		case FMT_JSON:
			if (rows_buf)
				fputs(rows_buf, o);
			json_record(o, "unit", file, NULL, &unit, 0, NULL);
			break;
		case FMT_CSV:
			csv_header(o, csv_head, csv_rw_head);
			if (rows_buf)
				fputs(rows_buf, o);
			csv_row(o, "unit", file, "", &unit);
			if (m2r_args.stats == ST_VARIABLES) {
				fputc('\n', o);
				csv_header(o, csv_vhead, csv_rw_vhead);
				if (vrows_buf)
					fputs(vrows_buf, o);
			}
			break;
		}
		fflush(o);
	}
	free(rows_buf);
	free(vrows_buf);
	rows_buf = vrows_buf = NULL;
	memset(&unit, 0, sizeof unit);
}

/* ---------- dump ---------- */

FILE *out_dump(void)
{
	if (!m2r_args.dump || m2r_dump_failed)
		return NULL;
	if (!m2r_dump_file) {
		m2r_dump_file = fopen(m2r_args.dump_path, "w");
		if (!m2r_dump_file) {
			m2r_dump_failed = 1;
			error("mem2reg: cannot open dump file %qs: %m", m2r_args.dump_path);
		}
	}
	return m2r_dump_file;
}

void out_close(void)
{
	if (m2r_dump_file)
		fclose(m2r_dump_file);
	m2r_dump_file = NULL;
	if (out_fd >= 0)
		close(out_fd);
	out_fd = -1;
}
