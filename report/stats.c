/* stats.c - m2r-opt's statistics: its FnReport, and the text form.
 *
 * Counter names are LLVM's where LLVM has one (NumPromoted, ...), from
 * core/names.h; the same names are the JSON keys (record.c). */
#include "report.h"

#include <string.h>

static const char *var_name(Fn *f, const VarStat *vs, char *buf, size_t len)
{
	int r = f->ins.v[vs->alloca].res;
	if (f->val.v[r].name)
		return f->val.v[r].name;
	snprintf(buf, len, "%d", val_num(f, r));
	return buf;
}

void stats_print_text(Fn *f, const Stats *st, FILE *out)
{
	char b1[32], b2[32];
	fn_number(f);
	fprintf(out, "=== @%s ===\n", f->name);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(out, "%8ld %s\n", st->cnt[i], counter_name(i));
	for (int r = 1; r < NREASON; r++)
		if (st->NumNotPromoted[r])
			fprintf(out, "%8ld NumNotPromoted %s\n", st->NumNotPromoted[r], reason_name(r));
	for (int k = 0; k < st->var.n; k++) {
		const VarStat *vs = &st->var.v[k];
		fprintf(out, "  %%%s: ", var_name(f, vs, b1, sizeof b1));
		if (vs->path == P_NOT_PROMOTED) {
			fprintf(out, "not promoted: %s\n", reason_name(vs->reason));
			continue;
		}
		fprintf(out, "promoted (%s)", path_name(vs->path));
		if (vs->nphi) {
			fprintf(out, ", %d phi%s in", vs->nphi, vs->nphi > 1 ? "s" : "");
			for (int j = 0; j < vs->nphi; j++)
				fprintf(out, " %%%s", blk_label(f, vs->phiblk[j], b2, sizeof b2));
			fprintf(out, ", %d kept", vs->nphikept);
		}
		fputc('\n', out);
	}
}

void report_from_stats(Fn *f, const Stats *st, const char *file, FnReport *r)
{
	char b[32];
	fn_number(f);
	memset(r, 0, sizeof *r);
	r->file = file;
	r->function = f->name;
	r->blocks = f->blk.n;
	r->st = *st;
	r->lower_err = "";
	r->nvar = st->var.n;
	r->var = aalloc(f->a, (size_t)(st->var.n ? st->var.n : 1) * sizeof(VarReport));
	for (int k = 0; k < st->var.n; k++) {
		const VarStat *vs = &st->var.v[k];
		VarReport *v = &r->var[k];
		const char *nm = var_name(f, vs, b, sizeof b);
		v->name = astrndup(f->a, nm, strlen(nm));
		int col;
		if (!fn_pos(f, vs->alloca, &v->line, &col))
			v->line = 0;
		v->ours = vs->path != P_NOT_PROMOTED;
		v->reason = vs->reason;
		v->path = vs->path;
		v->nphi = vs->nphi;
		v->nphikept = vs->nphikept;
		v->philab = aalloc(f->a, (size_t)(vs->nphi ? vs->nphi : 1) * sizeof(char *));
		for (int j = 0; j < vs->nphi; j++) {
			const char *l = blk_label(f, vs->phiblk[j], b, sizeof b);
			v->philab[j] = astrndup(f->a, l, strlen(l));
		}
		r->vars++;
		r->promotable += v->reason == R_NONE;
		r->promoted += v->ours;
		r->phis += v->nphi;
		r->phis_kept += v->nphikept;
	}
}
