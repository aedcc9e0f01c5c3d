/* bridge-int.h - private helpers shared by lower.cc and gccside.cc.
 * Included after the GCC headers.  Plain C style: no templates, no STL. */
#ifndef BRIDGE_INT_H
#define BRIDGE_INT_H

#include "bridge.h"

/* The bridge's maps: (pointer, int) -> int, -1 when absent, over the
 * tree's one hash table (core/hash.c).  The int is a second key part
 * (a slot), 0 when unused.  Sized for n keys; grows if needed. */
typedef Hash PMap;

static inline void pm_init(Arena *a, PMap *m, int n)
{
	hash_init(m, a, n);
}

/* Insert (p, s) -> v unless present; returns the value stored. */
static inline int pm_put(PMap *m, const void *p, int s, int v)
{
	int found;
	HEnt *e = hash_ptr(m, p, s, &found);
	if (!found)
		e->val = v;
	return e->val;
}

/* A NULL p (an operand GCC left empty) is simply absent. */
static inline int pm_get(const PMap *m, const void *p, int s)
{
	if (!p)
		return -1;
	const HEnt *e = hash_find_ptr(m, p, s);
	return e ? e->val : -1;
}

#endif
