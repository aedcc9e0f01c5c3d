/* csv.c - the plugin's format=csv: a function/unit table and, with
 * stats=variables, a variables' table.  Counter columns are the
 * counters' names (core/names.h).  GCC's cells are empty where GCC was
 * not compared, as the records leave its keys out. */
#include "report.h"

#include <string.h>

void csv_str(FILE *o, const char *s)
{
	if (!s)
		s = "";
	if (!strpbrk(s, ",\"\r\n")) {
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

void csv_fn_header(FILE *o, const RecOpts *ro)
{
	fputs("type,file,function,functions,placement,algorithm,compared,blocks,vars,promotable,promoted,"
	      "gcc_promoted,phis,phis_kept,gcc_phis,agree,differ,unexplained", o);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(o, ",%s", counter_name(i));
	fputs(",lower_ns,core_ns,gcc_ns", o);
	if (ro->mode == RMODE_REWRITE)
		fputs(",mode,rewritten,renamed_core,renamed_gcc,in_memory,rewrite_ns", o);
	fputc('\n', o);
}

void csv_var_header(FILE *o, const RecOpts *ro)
{
	fputs("type,file,function,name,line,ours,reason,path,gcc,phi_blocks,gcc_phi_blocks,why", o);
	if (ro->mode == RMODE_REWRITE)
		fputs(",renamed_by,fallback", o);
	fputc('\n', o);
}

void csv_row(FILE *o, const RecOpts *ro, const char *type, const char *file, const char *fn,
	     const Totals *t)
{
	fprintf(o, "%s,", type);
	csv_str(o, file);
	fputc(',', o);
	csv_str(o, fn);
	fprintf(o, ",%ld,%s,%s,%ld,%ld,%ld,%ld,%ld", t->functions, placement_name(ro->placement),
		algorithm_name(ro->algorithm), t->compared, t->blocks, t->vars, t->promotable, t->promoted);
	if (t->compared)
		fprintf(o, ",%ld,%ld,%ld,%ld,%ld,%ld,%ld", t->gcc_promoted, t->phis, t->phis_kept,
			t->gcc_phis, t->agree, t->differ, t->unexplained);
	else
		fprintf(o, ",,%ld,%ld,,,,", t->phis, t->phis_kept);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(o, ",%ld", t->cnt[i]);
	fprintf(o, ",%lld,%lld,", t->lower_ns, t->core_ns);
	if (t->compared)
		fprintf(o, "%lld", t->gcc_ns);
	if (ro->mode == RMODE_REWRITE)
		fprintf(o, ",rewrite,%ld,%ld,%ld,%ld,%lld", t->rewritten, t->renamed[RN_CORE],
			t->renamed[RN_GCC], t->renamed[RN_MEMORY], t->rewrite_ns);
	fputc('\n', o);
}

/* "3 5" (GCC basic block indexes); "-" when empty. */
static void csv_bbs(FILE *o, const int *bb, int n)
{
	if (!n)
		fputs("-", o);
	for (int i = 0; i < n; i++)
		fprintf(o, "%s%d", i ? " " : "", bb[i]);
}

void csv_var_rows(FILE *o, const FnReport *r)
{
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		fputs("variable,", o);
		csv_str(o, r->file);
		fputc(',', o);
		csv_str(o, r->function);
		fputc(',', o);
		csv_str(o, v->name);
		fprintf(o, ",%d,%d,%s,%s,", v->line, v->ours, reason_name(v->reason),
			path_name(v->path));
		if (r->compared)
			fprintf(o, "%d", v->gcc);
		fputc(',', o);
		csv_bbs(o, v->phibb, v->nphi);
		fputc(',', o);
		if (r->compared)
			csv_bbs(o, v->gcc_phibb, v->gcc_nphi);
		fprintf(o, ",%s", r->compared ? why_name(v->why) : "not-compared");
		if (r->rewrite)
			fprintf(o, ",%s,%s", renamer_name(v->renamed),
				v->renamed == RN_GCC ? fallback_name(v->fallback) : "none");
		fputc('\n', o);
	}
}
