/* hash.c - the one hash table of the tree: open addressing with linear
 * probing, entries in an arena, keys either a byte string or a pointer
 * plus an int.  The text reader (names, types, constants), the phi
 * naming of idf.c and the bridge's maps (ir-bridge/bridge-int.h,
 * lower.cc) all use it (m2r.h says how).
 *
 * A key is (k, n, aux): n >= 0 means k points at n bytes compared by
 * content; n == HKEY_PTR means k itself is the key, compared by
 * identity.  aux is a second int part of the key in both cases.  One
 * probe loop serves both; the hash is FNV-1a over the bytes, or a
 * multiplicative mix of the pointer, each with aux folded in. */
#include "m2r.h"

#include <string.h>

static uint32_t hash_bytes(const char *s, int n, int aux)
{
	uint32_t h = 2166136261u ^ (uint32_t)aux;
	for (int i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

void hash_init(Hash *t, Arena *a, int n)
{
	invariant(n >= 0);
	t->a = a;
	t->e = NULL;
	t->n = 0;
	t->cap = 0;
	if (n) {
		int cap = 8; /* 32-byte entries: a small function's tables stay small */
		while (cap < 2 * n + 2)
			cap *= 2;
		t->e = aalloc(a, (size_t)cap * sizeof *t->e);
		t->cap = cap;
	}
}

static int same(const HEnt *e, const void *k, int n, int aux, uint32_t h)
{
	if (e->h != h || e->n != n || e->aux != aux)
		return 0;
	return n == HKEY_PTR ? e->k == k : memcmp(e->k, k, (size_t)n) == 0;
}

/* Keep the load at most one half, so that every probe ends at an empty
 * slot; old storage is abandoned in the arena, like a VEC's. */
static void grow(Hash *t)
{
	int cap = t->cap ? 2 * t->cap : 8;
	HEnt *e = aalloc(t->a, (size_t)cap * sizeof *e);
	for (int i = 0; i < t->cap; i++) {
		if (!t->e[i].k)
			continue;
		int j = (int)(t->e[i].h & (uint32_t)(cap - 1));
		while (e[j].k)
			j = (j + 1) & (cap - 1);
		e[j] = t->e[i];
	}
	t->e = e;
	t->cap = cap;
}

static HEnt *probe(Hash *t, const void *k, int n, int aux, uint32_t h, int add, int *found)
{
	if (!k)
		die("hash: NULL key");
	if (add && 2 * (t->n + 1) > t->cap)
		grow(t);
	if (!t->cap) {
		*found = 0;
		return NULL;
	}
	int j = (int)(h & (uint32_t)(t->cap - 1));
	for (; t->e[j].k; j = (j + 1) & (t->cap - 1))
		if (same(&t->e[j], k, n, aux, h)) {
			*found = 1;
			return &t->e[j];
		}
	*found = 0;
	if (!add)
		return NULL;
	HEnt *e = &t->e[j];
	e->k = k;
	e->n = n;
	e->aux = aux;
	e->h = h;
	t->n++;
	return e;
}

HEnt *hash_str(Hash *t, const char *s, int n, int aux, int *found)
{
	invariant(n >= 0);
	return probe(t, s, n, aux, hash_bytes(s, n, aux), 1, found);
}

HEnt *hash_ptr(Hash *t, const void *p, int aux, int *found)
{
	if (p) {
		HEnt *e = hash_find_ptr(t, p, aux);
		if (e) {
			*found = 1;
			return e;
		}
	}
	return probe(t, p, HKEY_PTR, aux, hash_mix_ptr(p, aux), 1, found);
}

HEnt *hash_find_str(const Hash *t, const char *s, int n, int aux)
{
	int found;
	invariant(n >= 0);
	return probe((Hash *)t, s, n, aux, hash_bytes(s, n, aux), 0, &found);
}
