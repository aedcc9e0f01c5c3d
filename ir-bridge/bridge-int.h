/* bridge-int.h - private helpers shared by lower.cc and gccside.cc.
 * Included after the GCC headers.  Plain C style: no templates, no STL. */
#ifndef BRIDGE_INT_H
#define BRIDGE_INT_H

#include "bridge.h"

/* A fixed-size open-addressing map (pointer, int) -> int in the arena.
 * Sized once for at most n keys; never grows. */
typedef struct PMap {
	const void **k;
	int *s;       /* second key part (a slot), 0 when unused */
	int *v;
	unsigned mask;
} PMap;

static inline unsigned pm_hash(const void *p, int s)
{
	uint64_t x = (uint64_t)(uintptr_t)p ^ ((uint64_t)(unsigned)s << 48);
	x ^= x >> 29;
	x *= 0x9E3779B97F4A7C15ull;
	return (unsigned)(x >> 32);
}

static inline void pm_init(Arena *a, PMap *m, int n)
{
	unsigned cap = 16;
	while (cap < 2u * (unsigned)n + 16)
		cap <<= 1;
	m->k = (const void **)aalloc(a, cap * sizeof *m->k);
	m->s = (int *)aalloc(a, cap * sizeof *m->s);
	m->v = (int *)aalloc(a, cap * sizeof *m->v);
	m->mask = cap - 1;
}

/* Insert (p, s) -> v unless present; returns the value stored. */
static inline int pm_put(PMap *m, const void *p, int s, int v)
{
	for (unsigned h = pm_hash(p, s) & m->mask;; h = (h + 1) & m->mask) {
		if (!m->k[h]) {
			m->k[h] = p;
			m->s[h] = s;
			m->v[h] = v;
			return v;
		}
		if (m->k[h] == p && m->s[h] == s)
			return m->v[h];
	}
}

static inline int pm_get(const PMap *m, const void *p, int s)
{
	if (!p)
		return -1;
	for (unsigned h = pm_hash(p, s) & m->mask;; h = (h + 1) & m->mask) {
		if (!m->k[h])
			return -1;
		if (m->k[h] == p && m->s[h] == s)
			return m->v[h];
	}
}


#endif
