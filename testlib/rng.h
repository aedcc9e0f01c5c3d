/* rng.h - the one pseudo-random generator of the tree: the fuzzers
 * (tools/m2r-fuzz.c), the unit tests and the benchmark generators
 * (bench/gen-ir.c, bench/gen-c.c) all draw from it, so a seed means the
 * same stream everywhere.
 *
 * A 64-bit linear congruential generator with Knuth's MMIX constants,
 * read from its high bits (the low bits of an LCG are weak).  Not for
 * anything but tests: it is small, fast and reproducible.  Header-only
 * (static inline) so that the benchmark generators need no library. */
#ifndef M2R_RNG_H
#define M2R_RNG_H

#include <stdint.h>

typedef struct Rng {
	uint64_t s;
} Rng;

/* Any seed is fine (0 included): the stream is a function of it. */
static inline void rng_seed(Rng *r, uint64_t seed)
{
	r->s = seed;
}

static inline uint64_t rng_step_(Rng *r)
{
	r->s = r->s * 6364136223846793005ULL + 1442695040888963407ULL;
	return r->s;
}

/* Uniform enough in [0, n), n >= 1: 31 high bits modulo n. */
static inline unsigned long rng_below(Rng *r, unsigned long n)
{
	return (unsigned long)(rng_step_(r) >> 33) % n;
}

/* 64 random bits (two steps, the high half of each). */
static inline uint64_t rng_u64(Rng *r)
{
	uint64_t hi = rng_step_(r) >> 32;
	return hi << 32 | rng_step_(r) >> 32;
}

/* A successor of block b in a random CFG of nb blocks, never the entry
 * (block 0): mostly forward, some back edges (loops), self-loops and
 * edges anywhere (irreducible regions).  The fuzzer's programs and the
 * placement test's CFGs are drawn with it. */
static inline int rng_cfg_target(Rng *r, int b, int nb)
{
	int k = (int)rng_below(r, 10), t;
	if (k < 5)
		t = b + 1 + (int)rng_below(r, 3);
	else if (k < 7)
		t = 1 + (int)rng_below(r, (unsigned)(b > 0 ? b : 1));
	else if (k < 8)
		t = b;
	else
		t = 1 + (int)rng_below(r, (unsigned)(nb - 1));
	if (t < 1 || t >= nb)
		t = 1 + (int)rng_below(r, (unsigned)(nb - 1));
	return t;
}

#endif
