/* totals.c - the sums a record reports, of one function or of a unit. */
#include "report.h"

#include <string.h>

void totals_of(const FnReport *r, Totals *t)
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
	memcpy(t->cnt, r->st.cnt, sizeof t->cnt);
	memcpy(t->notprom, r->st.NumNotPromoted, sizeof t->notprom);
	for (int i = 0; i < r->nvar; i++) {
		const VarReport *v = &r->var[i];
		if (v->ours)
			t->path[v->path]++;
		if (r->compared)
			t->why[v->why]++;
	}
	if (r->rewrite) {
		t->rewritten = r->rewritten;
		t->phis_built = r->phis_built;
		for (int i = 0; i < r->nvar; i++) {
			const VarReport *v = &r->var[i];
			invariant(v->renamed >= 0 && v->renamed < NRENAMER);
			t->renamed[v->renamed]++;
			if (v->renamed == RN_GCC) {
				invariant(v->fallback > 0 && v->fallback < NFALLBACK);
				t->fallback[v->fallback]++;
			}
		}
	}
	t->lower_ns = r->lower_ns;
	t->core_ns = r->core_ns;
	t->gcc_ns = r->gcc_ns;
	t->rewrite_ns = r->rewrite_ns;
}

static void add(long *a, const long *b, int n)
{
	for (int i = 0; i < n; i++)
		a[i] += b[i];
}

void totals_add(Totals *u, const Totals *t)
{
#define ADD_(f) u->f += t->f;
	TOTAL_FIELDS(ADD_)
	TOTAL_NS(ADD_)
#undef ADD_
	add(u->cnt, t->cnt, NCOUNTER);
	add(u->notprom, t->notprom, NREASON);
	add(u->path, t->path, NPATH);
	add(u->why, t->why, NWHY);
	add(u->renamed, t->renamed, NRENAMER);
	add(u->fallback, t->fallback, NFALLBACK);
}
