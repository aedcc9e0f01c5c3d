/* gen-ir.c - m2r-gen: generate one LLVM-IR function for the benchmarks.
 *
 *   m2r-gen SHAPE NSTMTS [SEED]
 *
 * prints "define i32 @bench_SHAPE(i32 %n)" with about NSTMTS statements on
 * NSTMTS/10 (at least 2) i32 locals, all allocated and stored in the entry
 * block.  A statement loads one or two random locals, adds, and stores the
 * sum into a random local; a condition compares such a sum with %n.
 * Shapes:
 *   straight  one block
 *   diamonds  a chain of if/else diamonds, one or two statements per arm
 *   ladder    each statement opens a new if, all closed at the end: one
 *             block per statement and a dominator tree as deep as that
 *   loops     groups of 10 nested loops, repeated
 *   switch    a loop around a switch with one case per local, each case
 *             assigning its local, all falling through to the latch
 * The output is deterministic for a given SEED (default 1), uses typed
 * pointers (i32*) and declares nothing external; "opt -passes=verify"
 * accepts it.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

static Rng rng;
static long nvars;   /* locals %v0 .. */
static long ntmp;    /* temporaries %t0 .. */
static long nstmts;  /* statements emitted so far */

/* testlib/rng.h, the tree's one generator. */
static unsigned long rnd(unsigned long n) { return rng_below(&rng, n); }

static long var(void) { return (long)rnd((unsigned long)nvars); }

/* One statement storing into local `to` (a random one if to < 0).  Returns
 * the temporary holding the stored sum. */
static long stmt(long to)
{
	long a = ntmp++, s;
	printf("  %%t%ld = load i32, i32* %%v%ld\n", a, var());
	switch (rnd(4)) {
	case 0:
		s = ntmp++;
		printf("  %%t%ld = add i32 %%t%ld, %%n\n", s, a);
		break;
	case 1:
		s = ntmp++;
		printf("  %%t%ld = add i32 %%t%ld, %lu\n", s, a, rnd(100) + 1);
		break;
	default: {
		long b = ntmp++;
		printf("  %%t%ld = load i32, i32* %%v%ld\n", b, var());
		s = ntmp++;
		printf("  %%t%ld = add i32 %%t%ld, %%t%ld\n", s, a, b);
	}
	}
	printf("  store i32 %%t%ld, i32* %%v%ld\n", s, to < 0 ? var() : to);
	nstmts++;
	return s;
}

/* A statement followed by a comparison of its sum; returns the i1. */
static long cond(void)
{
	long s = stmt(-1), c = ntmp++;
	printf("  %%t%ld = icmp slt i32 %%t%ld, %%n\n", c, s);
	return c;
}

static void entry(const char *shape)
{
	printf("define i32 @bench_%s(i32 %%n) {\nentry:\n", shape);
	for (long i = 0; i < nvars; i++)
		printf("  %%v%ld = alloca i32\n", i);
	for (long i = 0; i < nvars; i++)
		printf("  store i32 %lu, i32* %%v%ld\n", rnd(1000), i);
}

/* Ends the current block: returns the sum of a few locals. */
static void ret(void)
{
	long k = nvars < 4 ? nvars : 4, sum = -1;
	for (long i = 0; i < k; i++) {
		long t = ntmp++;
		printf("  %%t%ld = load i32, i32* %%v%ld\n", t, i);
		if (sum >= 0) {
			long s = ntmp++;
			printf("  %%t%ld = add i32 %%t%ld, %%t%ld\n", s, sum, t);
			t = s;
		}
		sum = t;
	}
	printf("  ret i32 %%t%ld\n}\n", sum);
}

static void straight(long n)
{
	while (nstmts < n)
		stmt(-1);
	ret();
}

static void diamonds(long n)
{
	for (long d = 0; nstmts < n; d++) {
		long c = cond();
		printf("  br i1 %%t%ld, label %%d%ld.then, label %%d%ld.else\n", c, d, d);
		printf("d%ld.then:\n", d);
		for (unsigned long k = rnd(2) + 1; k > 0; k--)
			stmt(-1);
		printf("  br label %%d%ld.end\n", d);
		printf("d%ld.else:\n", d);
		for (unsigned long k = rnd(2) + 1; k > 0; k--)
			stmt(-1);
		printf("  br label %%d%ld.end\n", d);
		printf("d%ld.end:\n", d);
	}
	ret();
}

static void ladder(long n)
{
	long depth = 0;
	while (nstmts < n - 1) {
		long c = cond();
		printf("  br i1 %%t%ld, label %%l%ld, label %%j%ld\n", c, depth + 1, depth);
		printf("l%ld:\n", ++depth);
	}
	stmt(-1);
	for (long i = depth - 1; i >= 0; i--) {
		printf("  br label %%j%ld\n", i);
		printf("j%ld:\n", i);
	}
	ret();
}

enum { LOOP_DEPTH = 10 };

static void loops(long n)
{
	for (long g = 0; nstmts < n; g++) {
		printf("  br label %%g%ld.h0\n", g);
		for (int j = 0; j < LOOP_DEPTH; j++) {
			printf("g%ld.h%d:\n", g, j);
			long c = cond();
			if (j + 1 < LOOP_DEPTH)
				printf("  br i1 %%t%ld, label %%g%ld.h%d, label %%g%ld.x%d\n",
				       c, g, j + 1, g, j);
			else
				printf("  br i1 %%t%ld, label %%g%ld.body, label %%g%ld.x%d\n",
				       c, g, g, j);
		}
		printf("g%ld.body:\n", g);
		stmt(-1);
		printf("  br label %%g%ld.h%d\n", g, LOOP_DEPTH - 1);
		for (int j = LOOP_DEPTH - 1; j >= 1; j--) {
			printf("g%ld.x%d:\n", g, j);
			stmt(-1);
			printf("  br label %%g%ld.h%d\n", g, j - 1);
		}
		printf("g%ld.x0:\n", g);
	}
	ret();
}

static void switch_(long n)
{
	long per_case = (n - 2) / nvars;
	if (per_case < 1)
		per_case = 1;
	printf("  br label %%sw.head\n");
	printf("sw.head:\n");
	long s = stmt(-1);
	printf("  switch i32 %%t%ld, label %%sw.latch [\n", s);
	for (long k = 0; k < nvars; k++)
		printf("    i32 %ld, label %%case%ld\n", k, k);
	printf("  ]\n");
	for (long k = 0; k < nvars; k++) {
		printf("case%ld:\n", k);
		for (long i = 1; i < per_case; i++)
			stmt(-1);
		stmt(k);
		printf("  br label %%sw.latch\n");
	}
	printf("sw.latch:\n");
	long c = cond();
	printf("  br i1 %%t%ld, label %%sw.head, label %%sw.exit\n", c);
	printf("sw.exit:\n");
	ret();
}

static const struct {
	const char *name;
	void (*gen)(long);
} shapes[] = {
	{ "straight", straight },
	{ "diamonds", diamonds },
	{ "ladder", ladder },
	{ "loops", loops },
	{ "switch", switch_ },
};

static int usage(void)
{
	fprintf(stderr, "usage: m2r-gen SHAPE NSTMTS [SEED]\n  SHAPE:");
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
		fprintf(stderr, " %s", shapes[i].name);
	fprintf(stderr, "\n");
	return 2;
}

static int number(const char *s, unsigned long long *out)
{
	char *end;
	errno = 0;
	*out = strtoull(s, &end, 10);
	return *s && !*end && !errno && *s != '-';
}

int main(int argc, char **argv)
{
	unsigned long long n, seed = 1;
	if (argc < 3 || argc > 4)
		return usage();
	if (!number(argv[2], &n) || n < 1 || n > 100000000) {
		fprintf(stderr, "m2r-gen: bad NSTMTS '%s' (1..100000000)\n", argv[2]);
		return 2;
	}
	if (argc == 4 && !number(argv[3], &seed)) {
		fprintf(stderr, "m2r-gen: bad SEED '%s'\n", argv[3]);
		return 2;
	}
	for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
		if (strcmp(argv[1], shapes[i].name) == 0) {
			rng_seed(&rng, seed);
			rnd(1);
			nvars = (long)n / 10 < 2 ? 2 : (long)n / 10;
			entry(shapes[i].name);
			shapes[i].gen((long)n);
			if (fflush(stdout) != 0 || ferror(stdout)) {
				perror("m2r-gen: write");
				return 1;
			}
			return 0;
		}
	}
	fprintf(stderr, "m2r-gen: unknown shape '%s'\n", argv[1]);
	return usage();
}
