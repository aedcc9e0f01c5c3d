/* names.c - the name tables of names.h as arrays, and lookups in them. */
#include "m2r.h"

#include <string.h>

#define TABLE(T, W, J)                                                       \
	static const char *const T##_json[] = { W(J) };                      \
	static const char *const T##_text[] = { W(M2R_TEXT_) };              \
	static const char *const T##_desc[] = { W(M2R_DESC_) };

TABLE(counter, M2R_COUNTERS, M2R_CJSON_)
TABLE(reason, M2R_REASONS, M2R_JSON_)
TABLE(path, M2R_PATHS, M2R_JSON_)
TABLE(placement, M2R_PLACEMENTS, M2R_JSON_)
TABLE(prune, M2R_PRUNE_METHODS, M2R_JSON_)
TABLE(algorithm, M2R_ALGORITHMS, M2R_JSON_)
TABLE(why, M2R_WHYS, M2R_JSON_)
TABLE(renamer, M2R_RENAMERS, M2R_JSON_)
TABLE(fallback, M2R_FALLBACKS, M2R_JSON_)

#define ENTRY(T, what, key, first, n) { what, key, first, n, T##_json, T##_text, T##_desc }

const NameTable m2r_names[NNAMETABLE] = {
	[NT_COUNTER] = ENTRY(counter, "counter", "NumAlloca ...", 0, NCOUNTER),
	[NT_REASON] = ENTRY(reason, "reason", "reason, not_promoted", 0, NREASON),
	[NT_PATH] = ENTRY(path, "path", "path, paths", 0, NPATH),
	[NT_PLACEMENT] = ENTRY(placement, "placement", "placement", 0, NPLACEMENT),
	[NT_PRUNE_METHOD] = ENTRY(prune, "prune method", "prune_method", 0, NPRUNE_METHOD),
	[NT_ALGORITHM] = ENTRY(algorithm, "algorithm", "algorithm", 0, NALGORITHM),
	[NT_WHY] = ENTRY(why, "comparison verdict", "why", 0, NWHY),
	[NT_RENAMER] = ENTRY(renamer, "renamer", "renamed_by", 0, NRENAMER),
	[NT_FALLBACK] = ENTRY(fallback, "fallback", "fallback, fallbacks", NREASON,
			      NFALLBACK - NREASON),
};

const char *m2r_name(int t, int v)
{
	invariant(t >= 0 && t < NNAMETABLE);
	const NameTable *nt = &m2r_names[t];
	if (v < nt->first || v >= nt->first + nt->n)
		die("%s %d out of range", nt->what, v);
	return nt->json[v - nt->first];
}

int m2r_name_lookup(int t, const char *s)
{
	invariant(t >= 0 && t < NNAMETABLE);
	const NameTable *nt = &m2r_names[t];
	for (int i = 0; i < nt->n; i++)
		if (s && !strcmp(s, nt->json[i]))
			return nt->first + i;
	return -1;
}

const char *m2r_name_list(int t)
{
	static char buf[NNAMETABLE][512];
	invariant(t >= 0 && t < NNAMETABLE);
	const NameTable *nt = &m2r_names[t];
	char *b = buf[t];
	if (!b[0]) {
		size_t n = 0;
		for (int i = 0; i < nt->n; i++)
			n += (size_t)snprintf(b + n, sizeof buf[t] - n, "%s%s",
					      i == 0 ? "" : i == nt->n - 1 ? " or " : ", ", nt->json[i]);
		invariant(n < sizeof buf[t]);
	}
	return b;
}

const char *m2r_name_join(int t, const char *sep, char *buf, size_t n)
{
	invariant(t >= 0 && t < NNAMETABLE && n > 0);
	const NameTable *nt = &m2r_names[t];
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < nt->n && k < n; i++)
		k += (size_t)snprintf(buf + k, n - k, "%s%s", i ? sep : "", nt->json[i]);
	return buf;
}

const char *counter_name(int c) { return m2r_name(NT_COUNTER, c); }
const char *reason_name(int r) { return m2r_name(NT_REASON, r); }
const char *path_name(int p) { return m2r_name(NT_PATH, p); }
const char *placement_name(int p) { return m2r_name(NT_PLACEMENT, p); }
const char *prune_method_name(int m) { return m2r_name(NT_PRUNE_METHOD, m); }
const char *algorithm_name(int a) { return m2r_name(NT_ALGORITHM, a); }
const char *why_name(int w) { return m2r_name(NT_WHY, w); }
const char *renamer_name(int r) { return m2r_name(NT_RENAMER, r); }

const char *fallback_name(int r)
{
	return r < NREASON ? reason_name(r) : m2r_name(NT_FALLBACK, r);
}

int placement_parse(const char *s) { return m2r_name_lookup(NT_PLACEMENT, s); }
