/* table.c - the plugin's text tables: per function (stats=functions,
 * stats=variables and the dump) and the unit's summary (stats=summary). */
#include "report.h"

#include <stdlib.h>

static double us(long long ns) { return (double)ns / 1000.0; }

static const char fn_head_fmt[] = "  %-20s %6s %5s %10s %14s %6s %6s %6s %9s %9s %9s\n";
static const char rw_head_fmt[] = "  %-20s %6s %5s %8s %11s %13s %9s %9s %9s\n";

void table_fn_header(FILE *o, const RecOpts *ro)
{
	if (ro->mode == RMODE_REWRITE) {
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

void table_fn_row(FILE *o, const FnReport *r)
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

/* "bb 3, bb 5"; "-" when empty. */
static const char *bbs_text(const int *bb, int n, char *buf, size_t len)
{
	size_t k = 0;
	buf[0] = 0;
	if (!n)
		snprintf(buf, len, "-");
	for (int i = 0; i < n && k < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%sbb %d", i ? ", " : "", bb[i]);
	return buf;
}

static void rewrite_var_rows(FILE *o, const FnReport *r)
{
	fprintf(o, "      %-16s %5s  %-32s %-16s %s\n", "variable", "line", "ours", "phis ours",
		"renamed by");
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		char ours[64], b[4096];
		fprintf(o, "      %-16s %5d  %-32s %-16s %s", v->name, v->line,
			ours_text(v, ours, sizeof ours), bbs_text(v->phibb, v->nphi, b, sizeof b),
			renamer_name(v->renamed));
		if (v->renamed == RN_GCC)
			fprintf(o, " (fallback: %s)", fallback_name(v->fallback));
		fputc('\n', o);
	}
}

void table_var_rows(FILE *o, const FnReport *r)
{
	if (r->rewrite) {
		rewrite_var_rows(o, r);
		return;
	}
	fprintf(o, "      %-16s %5s  %-32s %-7s %-16s %-16s %s\n", "variable", "line", "ours",
		"gcc", "phis ours", "phis gcc", "why");
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		char ours[64], b1[4096], b2[4096];
		fprintf(o, "      %-16s %5d  %-32s %-7s %-16s %-16s %s\n", v->name, v->line,
			ours_text(v, ours, sizeof ours),
			!r->compared ? "-" : v->gcc ? "ssa" : "memory",
			bbs_text(v->phibb, v->nphi, b1, sizeof b1),
			r->compared ? bbs_text(v->gcc_phibb, v->gcc_nphi, b2, sizeof b2) : "-",
			r->compared ? why_name(v->why) : "-");
	}
}

static void rewrite_summary(FILE *o, const RecOpts *ro, const char *file, const Totals *u)
{
	fprintf(o, "mem2reg summary for %s (rewrite mode, placement %s, algorithm %s)\n", file,
		placement_name(ro->placement), algorithm_name(ro->algorithm));
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

void table_summary(FILE *o, const RecOpts *ro, const char *file, const Totals *u)
{
	if (ro->mode == RMODE_REWRITE) {
		rewrite_summary(o, ro, file, u);
		return;
	}
	int cmp = u->compared > 0;
	fprintf(o, "mem2reg summary for %s (placement %s, algorithm %s%s)\n", file,
		placement_name(ro->placement), algorithm_name(ro->algorithm),
		cmp ? "" : ", not compared with GCC");
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
