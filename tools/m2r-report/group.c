/* group.c - the groups of a run's function records and --filter.
 *
 * Records of several modes, placements, algorithms, GCC versions or
 * targets (a build made twice, an analyze and a rewrite run read
 * together) are grouped by those five keys: every writer reports a
 * group by itself, never one sum across them.  --filter=KEY=VALUE keeps the records of
 * the values asked for, before anything is counted (load.c). */
#include "rep.h"

#include <stdlib.h>
#include <string.h>

#define GKEY_NAME_(id, key, label) key,
#define GKEY_LABEL_(id, key, label) label,
const char *const gkey_name[NGKEY] = { GROUP_KEYS(GKEY_NAME_) };
static const char *const gkey_label[NGKEY] = { GROUP_KEYS(GKEY_LABEL_) };

const char *rec_gkey(const Rec *x, int k)
{
	switch (k) {
	case G_MODE: return x->mode;
	case G_PLACEMENT: return x->placement;
	case G_ALGORITHM: return x->algorithm;
	case G_GCC_VERSION: return x->gcc_version;
	default: return x->target;
	}
}

void put_gkeys(FILE *o, const char *const key[NGKEY], unsigned mask, int all)
{
	const char *sep = "";
	for (int k = 0; k < NGKEY; k++)
		if ((mask >> k & 1) && (all || *key[k])) {
			fprintf(o, "%s%s %s", sep, gkey_label[k], *key[k] ? key[k] : "-");
			sep = ", ";
		}
}

Group *run_groups(Run *r, int *n)
{
	if (!r->grouped) {
		Hash h, files;
		hash_init(&h, r->a, 16);
		hash_init(&files, r->a, r->fn.n);
		for (int i = 0; i < r->fn.n; i++) {
			Rec *x = r->fn.v[i];
			const char *key[NGKEY]; /* interned: equal values, equal bytes */
			for (int k = 0; k < NGKEY; k++)
				key[k] = rec_gkey(x, k);
			int found;
			HEnt *e = hash_str(&h, (const char *)key, (int)sizeof key, 0, &found);
			if (!found) {
				const char **kk = aalloc(r->a, sizeof key); /* the key the table keeps */
				memcpy(kk, key, sizeof key);
				e->k = kk;
				Group g;
				memset(&g, 0, sizeof g);
				memcpy(g.key, key, sizeof g.key);
				e->val = r->grp.n;
				vpush(r->a, r->grp, g);
			}
			Group *g = &r->grp.v[e->val];
			x->group = e->val;
			rec_add(&g->sum, x);
			if (x->f[F_COMPARED])
				rec_add(&g->cmp, x);
			g->opt += !strcmp(x->tool, "m2r-opt");
			g->lower_err += *x->lower_error != 0;
			hash_ptr(&files, x->file, x->group, &found);
			g->files += !found;
		}
		r->grouped = 1;
	}
	*n = r->grp.n;
	return r->grp.v;
}

unsigned run_varying(Run *r)
{
	int n;
	Group *g = run_groups(r, &n);
	unsigned mask = 0;
	for (int i = 1; i < n; i++)
		for (int k = 0; k < NGKEY; k++)
			if (g[i].key[k] != g[0].key[k])
				mask |= 1u << k;
	return mask;
}

/* ---------- --filter ---------- */

/* Whether v is a value key k can have: a mode, a placement, an
 * algorithm, a version ("12.2.0"), a target triple ("x86_64-linux-gnu"). */
static int good_value(int k, const char *v)
{
	size_t n = strlen(v);
	switch (k) {
	case G_MODE: return !strcmp(v, "analyze") || !strcmp(v, "rewrite");
	case G_PLACEMENT: return m2r_name_lookup(NT_PLACEMENT, v) >= 0;
	case G_ALGORITHM: return m2r_name_lookup(NT_ALGORITHM, v) >= 0;
	case G_GCC_VERSION:
		return n && strspn(v, "0123456789.") == n && v[0] != '.' && v[n - 1] != '.' && !strstr(v, "..");
	default:
		return n && strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-") == n &&
		       strchr(v, '-') && v[0] != '-';
	}
}

int filter_parse(const char *arg, const char *kv, Filter *f)
{
	const char *eq = strchr(kv, '=');
	int k = NGKEY;
	if (eq)
		for (k = 0; k < NGKEY; k++)
			if (strlen(gkey_name[k]) == (size_t)(eq - kv) && !strncmp(kv, gkey_name[k], (size_t)(eq - kv)))
				break;
	if (k < NGKEY && good_value(k, eq + 1)) {
		f->key = k;
		f->value = eq + 1;
		return 0;
	}
	fprintf(stderr, "m2r-report: bad filter '%s': expected KEY=VALUE with KEY one of ", arg);
	for (int i = 0; i < NGKEY; i++)
		fprintf(stderr, "%s%s", gkey_name[i], i + 2 < NGKEY ? ", " : i + 1 < NGKEY ? " or " : "");
	if (k == G_MODE)
		fputs(" (mode: analyze or rewrite)", stderr);
	else if (k == G_PLACEMENT)
		fprintf(stderr, " (placement: %s)", m2r_name_list(NT_PLACEMENT));
	else if (k == G_ALGORITHM)
		fprintf(stderr, " (algorithm: %s)", m2r_name_list(NT_ALGORITHM));
	else if (k == G_GCC_VERSION)
		fputs(" (gcc_version: as gcc -dumpfullversion says, e.g. 12.2.0)", stderr);
	else if (k == G_TARGET)
		fputs(" (target: as gcc -dumpmachine says, e.g. x86_64-linux-gnu)", stderr);
	fputc('\n', stderr);
	return -1;
}

int filter_keeps(const Run *r, const Rec *x)
{
	for (int k = 0; k < NGKEY; k++) {
		int asked = 0, match = 0;
		for (int i = 0; i < r->nfilter; i++)
			if (r->filter[i].key == k) {
				asked = 1;
				match |= !strcmp(rec_gkey(x, k), r->filter[i].value);
			}
		if (asked && !match)
			return 0;
	}
	return 1;
}
