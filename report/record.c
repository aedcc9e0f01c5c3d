/* record.c - the one JSON Lines record writer of both tools (schema 2:
 * doc/statistics.md, doc/record.schema.json).
 *
 * Every key has one type wherever it appears: counts are integers, a
 * list of blocks is "phi_blocks" (strings: m2r-opt's labels, the
 * plugin's "bb N"), every per-name object lists every name of its table
 * (zeros included), and "reason" is always there ("none" when promoted).
 * Keys only one tool has are left out by the other (the schema says
 * which). */
#include "report.h"

/* Names are LLVM identifiers or GCC's, possibly with quotes: escape. */
void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	for (; s && *s; s++) {
		unsigned char ch = (unsigned char)*s;
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
	fputc('"', out);
}

static const char *jbool(long b) { return b ? "true" : "false"; }

/* "key":{"name":n,...} over table t's names from..NAMES, counts c[]. */
static void json_counts(FILE *o, const char *key, int t, int from, const long *c)
{
	const NameTable *nt = &m2r_names[t];
	fprintf(o, ",\"%s\":{", key);
	for (int k = from; k < nt->first + nt->n; k++)
		fprintf(o, "%s\"%s\":%ld", k > from ? "," : "", m2r_name(t, k), c[k]);
	fputc('}', o);
}

static void json_blocks(FILE *o, const char *key, const int *bb, const char **lab, int n)
{
	fprintf(o, ",\"%s\":[", key);
	for (int i = 0; i < n; i++) {
		if (i)
			fputc(',', o);
		if (lab)
			json_str(o, lab[i]);
		else
			fprintf(o, "\"bb %d\"", bb[i]);
	}
	fputc(']', o);
}

static void json_var(FILE *o, const RecOpts *ro, const FnReport *r, const VarReport *v)
{
	fputs("{\"name\":", o);
	json_str(o, v->name);
	fprintf(o, ",\"line\":%d,\"ours\":%s,\"reason\":\"%s\",\"path\":\"%s\"", v->line,
		jbool(v->ours), reason_name(v->reason), path_name(v->path));
	json_blocks(o, "phi_blocks", v->phibb, v->philab, v->nphi);
	fprintf(o, ",\"phis_kept\":%d", v->nphikept);
	if (ro->tool == TOOL_PLUGIN) {
		fprintf(o, ",\"gcc\":%s", jbool(v->gcc));
		json_blocks(o, "gcc_phi_blocks", v->gcc_phibb, NULL, v->gcc_nphi);
		fprintf(o, ",\"why\":\"%s\"", r->compared ? why_name(v->why) : "not-compared");
	}
	if (r->rewrite)
		fprintf(o, ",\"renamed_by\":\"%s\",\"fallback\":\"%s\"", renamer_name(v->renamed),
			v->renamed == RN_GCC ? fallback_name(v->fallback) : "none");
	fputc('}', o);
}

/* The rewrite mode's keys. */
static void json_rewrite(FILE *o, const FnReport *r, const Totals *t)
{
	if (r)
		fprintf(o, ",\"rewritten\":%s,\"fallback\":\"%s\"", jbool(t->rewritten),
			t->rewritten ? "none" : "write-back");
	else
		fprintf(o, ",\"rewritten\":%ld", t->rewritten);
	fprintf(o, ",\"phis_built\":%ld", t->phis_built);
	json_counts(o, "renamed_by", NT_RENAMER, 0, t->renamed);
	/* the core's reasons, then the fallbacks of their own */
	fputs(",\"fallbacks\":{", o);
	for (int k = 1; k < NFALLBACK; k++)
		fprintf(o, "%s\"%s\":%ld", k > 1 ? "," : "", fallback_name(k), t->fallback[k]);
	fputc('}', o);
	fprintf(o, ",\"rewrite_ns\":%lld", t->rewrite_ns);
}

void rec_json(FILE *o, const RecOpts *ro, const char *file, const FnReport *r,
	      const Totals *t, int with_vars)
{
	int plugin = ro->tool == TOOL_PLUGIN;
	fprintf(o, "{\"type\":\"%s\",\"file\":", r ? "function" : "unit");
	json_str(o, file);
	if (r) {
		fputs(",\"function\":", o);
		json_str(o, r->function);
	} else {
		fprintf(o, ",\"functions\":%ld", t->functions);
	}
	fprintf(o, ",\"schema\":%d,\"tool\":\"%s\",\"clock\":\"%s\"", M2R_SCHEMA_VERSION,
		plugin ? "plugin" : "m2r-opt", m2r_clock_name());
	if (plugin)
		fprintf(o, ",\"mode\":\"%s\"", ro->mode == RMODE_REWRITE ? "rewrite" : "analyze");
	fprintf(o, ",\"placement\":\"%s\"", placement_name(ro->placement));
	if (plugin)
		fprintf(o, ",\"compared\":%ld", t->compared);
	if (plugin && ro->mode == RMODE_REWRITE)
		json_rewrite(o, r, t);
	fprintf(o, ",\"blocks\":%ld,\"vars\":%ld,\"promotable\":%ld,\"promoted\":%ld", t->blocks,
		t->vars, t->promotable, t->promoted);
	if (plugin)
		fprintf(o, ",\"gcc_promoted\":%ld", t->gcc_promoted);
	fprintf(o, ",\"phis\":%ld,\"phis_kept\":%ld", t->phis, t->phis_kept);
	if (plugin)
		fprintf(o, ",\"gcc_phis\":%ld,\"agree\":%ld,\"differ\":%ld,\"unexplained\":%ld",
			t->gcc_phis, t->agree, t->differ, t->unexplained);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(o, ",\"%s\":%ld", counter_name(i), t->cnt[i]);
	json_counts(o, "not_promoted", NT_REASON, 1, t->notprom);
	json_counts(o, "paths", NT_PATH, 1, t->path);
	if (plugin)
		json_counts(o, "why", NT_WHY, 0, t->why);
	fprintf(o, ",\"lower_ns\":%lld,\"core_ns\":%lld", t->lower_ns, t->core_ns);
	if (plugin)
		fprintf(o, ",\"gcc_ns\":%lld", t->gcc_ns);
	if (r && r->lower_err && *r->lower_err) {
		fputs(",\"lower_error\":", o);
		json_str(o, r->lower_err);
	}
	if (r && with_vars) {
		fputs(",\"variables\":[", o);
		for (int i = 0; i < r->nvar; i++) {
			if (i)
				fputc(',', o);
			json_var(o, ro, r, &r->var[i]);
		}
		fputc(']', o);
	}
	fputs("}\n", o);
}
