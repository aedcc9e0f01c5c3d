/* stats.c - per-function statistics as text or JSON Lines.
 *
 * Counter names are LLVM's where LLVM has one (NumPromoted, ...); the
 * same names are the JSON keys, so scripts and docs use one spelling.
 */
#include "m2r.h"

#include <string.h>

const char *blk_label(Fn *f, int b, char *buf, size_t len)
{
	const Blk *bk = &f->blk.v[b];
	if (bk->name)
		return bk->name;
	snprintf(buf, len, "%d", bk->num);
	return buf;
}

static const char *var_name(Fn *f, const VarStat *vs, char *buf, size_t len)
{
	const Val *v = &f->val.v[f->ins.v[vs->alloca].res];
	if (v->name)
		return v->name;
	snprintf(buf, len, "%d", v->num);
	return buf;
}

typedef struct { const char *name; long val; } Counter;

static int counters(const Stats *st, Counter *c)
{
	int n = 0;
#define C(x) c[n].name = #x, c[n++].val = st->x
	C(NumAlloca);
	C(NumPromoted);
	C(NumDeadAlloca);
	C(NumSingleStore);
	C(NumLocalPromoted);
	C(NumPHIInsert);
	C(NumPHISimplified);
	C(NumLoadsRemoved);
	C(NumStoresRemoved);
	C(NumRounds);
#undef C
	return n;
}

void stats_print_text(Fn *f, const Stats *st, FILE *out)
{
	Counter c[16];
	char b1[32], b2[32];
	int n = counters(st, c);
	fn_number(f);
	fprintf(out, "=== @%s ===\n", f->name);
	for (int i = 0; i < n; i++)
		fprintf(out, "%8ld %s\n", c[i].val, c[i].name);
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

/* Names are LLVM identifiers, possibly quoted: escape for JSON. */
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

void stats_print_json(Fn *f, const Stats *st, FILE *out)
{
	Counter c[16];
	char b1[32], b2[32];
	int n = counters(st, c);
	fn_number(f);
	fputs("{\"function\":", out);
	json_str(out, f->name);
	for (int i = 0; i < n; i++)
		fprintf(out, ",\"%s\":%ld", c[i].name, c[i].val);
	fputs(",\"NumNotPromoted\":{", out);
	for (int r = 1, first = 1; r < NREASON; r++)
		if (st->NumNotPromoted[r]) {
			fprintf(out, "%s\"%s\":%ld", first ? "" : ",", reason_name(r),
			        st->NumNotPromoted[r]);
			first = 0;
		}
	fputs("},\"variables\":[", out);
	for (int k = 0; k < st->var.n; k++) {
		const VarStat *vs = &st->var.v[k];
		fputs(k ? ",{\"name\":" : "{\"name\":", out);
		json_str(out, var_name(f, vs, b1, sizeof b1));
		fprintf(out, ",\"path\":\"%s\"", path_name(vs->path));
		if (vs->path == P_NOT_PROMOTED)
			fprintf(out, ",\"reason\":\"%s\"", reason_name(vs->reason));
		fputs(",\"phi_blocks\":[", out);
		for (int j = 0; j < vs->nphi; j++) {
			if (j)
				fputc(',', out);
			json_str(out, blk_label(f, vs->phiblk[j], b2, sizeof b2));
		}
		fprintf(out, "],\"phis_kept\":%d}", vs->nphikept);
	}
	fputs("]}\n", out);
}
