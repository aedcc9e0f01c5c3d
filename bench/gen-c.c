/* gen-c.c - m2r-genc: generate one C function for the benchmarks.
 *
 *   m2r-genc SHAPE NSTMTS [SEED]
 *
 * prints "int bench_SHAPE(int n)" with NSTMTS assignment statements on
 * NSTMTS/10 (at least 2) int locals v0.., each initialized to a constant.
 * A statement is "vA = vB + vC;", "vA = vB + n;" or "vA = vB + K;" with
 * random locals; a condition is "vA < n".  Loop counters (i0..i9) are
 * extra locals.  Shapes:
 *   mix     statements (88%), if/else (6%) and if (3%) with arms of 1-3
 *           statements, for loops (3%) with bodies of 1-5, nested up to 3
 *           deep: about 3 of clang's blocks per 10 statements
 *   ladder  nested ifs, clang's worst case: each statement is in the
 *           condition of an "if" whose body is the next one,
 *           "if ((vA = vB + vC, vD < n)) if ((...)) ... ;": one block per
 *           statement, a dominator tree as deep as the function and a
 *           chain of empty joins where only the returned locals are live.
 *           No braces, so no nested scopes (gcc's front end is quadratic
 *           in them); both parsers still recurse once per level, so
 *           compile with a big stack (ulimit -s unlimited)
 *   loops   groups of 10 nested for loops, a statement before and after
 *           each inner loop, repeated
 *   flat    one basic block
 *   switch  a loop around a switch with one case per local; case k
 *           assigns v_k, then 9 random statements, then breaks
 *   deep    a chain of "if (c) s; s;": each join dominates the rest, so
 *           the dominator tree is NSTMTS/2 deep
 *   entry   mix on unsigned locals, each initialised from the parameters
 *           in the entry block ("unsigned v7 = a + 7 * b;"): what real
 *           code does and the other shapes do not, since the constant
 *           initialisers of mix let the core's fast paths take loads
 *           that real code sends through the general path
 * The output is deterministic for a given SEED (default 1) and compiles
 * with gcc and clang without warnings that matter (no headers needed).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

static Rng rng;
static long nvars, nstmts, target;

/* testlib/rng.h, the tree's one generator. */
static unsigned long rnd(unsigned long n) { return rng_below(&rng, n); }

static long var(void) { return (long)rnd((unsigned long)nvars); }

static void indent(int d)
{
	for (int i = 0; i < d; i++)
		fputs("  ", stdout);
}

static void stmt_to(int d, long to)
{
	indent(d);
	switch (rnd(4)) {
	case 0: printf("v%ld = v%ld + n;\n", to, var()); break;
	case 1: printf("v%ld = v%ld + %lu;\n", to, var(), rnd(100) + 1); break;
	default: printf("v%ld = v%ld + v%ld;\n", to, var(), var());
	}
	nstmts++;
}

static void stmt(int d) { stmt_to(d, var()); }

static void cond(void) { printf("v%ld < n", var()); }

static void mix_block(int d, int depth, long max)
{
	for (long k = 0; k < max && nstmts < target; k++) {
		unsigned long r = depth < 3 ? rnd(100) : 0;
		if (r < 88) {
			stmt(d);
		} else if (r < 94) {
			indent(d), fputs("if (", stdout), cond(), fputs(") {\n", stdout);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("} else {\n", stdout);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("}\n", stdout);
		} else if (r < 97) {
			indent(d), fputs("if (", stdout), cond(), fputs(") {\n", stdout);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("}\n", stdout);
		} else {
			indent(d), printf("for (i%d = 0; i%d < n; i%d++) {\n", depth, depth, depth);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(5));
			indent(d), fputs("}\n", stdout);
		}
	}
}

static void usage(void)
{
	fputs("usage: m2r-genc mix|ladder|loops|flat|switch|deep|entry NSTMTS [SEED]\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	if (argc < 3 || argc > 4)
		usage();
	const char *shape = argv[1];
	char *e;
	errno = 0;
	target = strtol(argv[2], &e, 10);
	if (errno || *e || target < 1)
		usage();
	rng_seed(&rng, argc > 3 ? strtoull(argv[3], NULL, 10) : 1);
	nvars = target / 10 < 2 ? 2 : target / 10;

	if (!strcmp(shape, "entry")) {
		printf("unsigned bench_%s(unsigned n, unsigned a, unsigned b)\n{\n", shape);
		for (long i = 0; i < nvars; i++)
			printf("  unsigned v%ld = a + %ld * b;\n", i, i);
		puts("  unsigned i0, i1, i2, i3, i4, i5, i6, i7, i8, i9;");
	} else {
		printf("int bench_%s(int n)\n{\n", shape);
		for (long i = 0; i < nvars; i++)
			printf("  int v%ld = %ld;\n", i, i);
		puts("  int i0, i1, i2, i3, i4, i5, i6, i7, i8, i9;");
	}
	if (!strcmp(shape, "mix") || !strcmp(shape, "entry")) {
		while (nstmts < target)
			mix_block(1, 0, target);
	} else if (!strcmp(shape, "flat")) {
		while (nstmts < target)
			stmt(1);
	} else if (!strcmp(shape, "ladder")) {
		/* if ((v1 = v2 + v3, v4 < n)) if ((...)) ... ; */
		while (nstmts < target) {
			long to = var(), a = var(), b = var();
			printf("  if ((v%ld = v%ld + v%ld, ", to, a, b);
			cond();
			puts("))");
			nstmts++;
		}
		puts("    ;");
	} else if (!strcmp(shape, "loops")) {
		while (nstmts < target) {
			for (int d = 0; d < 10; d++) {
				stmt(1 + d);
				indent(1 + d), printf("for (i%d = 0; i%d < n; i%d++) {\n", d, d, d);
			}
			stmt(11);
			for (int d = 9; d >= 0; d--) {
				indent(1 + d), puts("}");
				stmt(1 + d);
			}
		}
	} else if (!strcmp(shape, "switch")) {
		puts("  for (i0 = 0; i0 < n; i0++) {\n    switch (i0) {");
		for (long c = 0; c < nvars; c++) {
			printf("    case %ld:\n", c);
			stmt_to(3, c);
			for (int k = 1; k < 10; k++)
				stmt(3);
			puts("      break;");
		}
		puts("    }\n  }");
	} else if (!strcmp(shape, "deep")) {
		while (nstmts < target) {
			fputs("  if (", stdout), cond(), fputs(")\n", stdout);
			stmt(2);
			stmt(1);
		}
	} else {
		usage();
	}
	printf("  return v0 + v%ld;\n}\n", nvars - 1);
	return 0;
}
