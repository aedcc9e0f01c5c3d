/* gen-c.c - m2r-genc: generate C functions for the benchmarks.
 *
 *   m2r-genc SHAPE NSTMTS [SEED]
 *
 * prints "int bench_SHAPE(int n)" with NSTMTS assignment statements on
 * NSTMTS/10 (at least 2) int locals v0.., each initialized to a constant.
 * A statement is "vA = vB + vC;", "vA = vB + n;" or "vA = vB + K;" with
 * random locals; a condition is "vA < n".  Loop counters (i0..i9) are
 * extra locals, declared only when used.  Shapes:
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
 *   temps   mix whose statements are groups of short-lived temporaries
 *           in their own scope, mixed-width arithmetic with casts:
 *             { short t0 = (short)(v3 * v17);
 *               unsigned long long t1 = (unsigned long long)(t0 ^ 12);
 *               v9 = (signed char)(t1 + v2); }
 *           v_i has the i%8-th of signed/unsigned char, short, int and
 *           long long and is initialised from n; each temporary is one
 *           statement, each group 2-4
 *   funcs   NSTMTS/10 functions bench_funcs_K(int n) of 10 statements
 *           each (mix on 4 int locals initialised from n): many small
 *           functions in one file; a benchmark sums over them
 * entry, temps and funcs initialise their locals from the parameters;
 * the others keep the constants their recorded figures were measured
 * with (their output is as before but for the counters' declarations,
 * which used to declare all ten, used or not).  The output is
 * deterministic for a given SEED (default 1) and compiles with gcc -O0
 * -Wall and clang without warnings (no headers needed).
 */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

static Rng rng;
static long nvars, nstmts, target;
static FILE *out;          /* the body: printed after the declarations */
static unsigned ctr_used;  /* loop counters i0..i9 the body uses */
static int temps;          /* statements are groups of temporaries */

/* The types of temps: v_i is ty[i % 8]. */
static const char *const ty[8] = {
	"signed char", "unsigned char", "short", "unsigned short",
	"int", "unsigned", "long long", "unsigned long long",
};
static const char *const tops[6] = {"+", "-", "*", "^", "&", "|"};

/* testlib/rng.h, the tree's one generator. */
static unsigned long rnd(unsigned long n) { return rng_below(&rng, n); }

static long var(void) { return (long)rnd((unsigned long)nvars); }

static void indent(int d)
{
	for (int i = 0; i < d; i++)
		fputs("  ", out);
}

/* { T0 t0 = (T0)(vA op x); T1 t1 = (T1)(t0 op x); ... vTO = (T)(tK op vB); }
 * Each temporary is read once, by the next line: short-lived. */
static void temp_group(int d, long to)
{
	int k = 1 + (int)rnd(3);
	indent(d), fputs("{\n", out);
	for (int j = 0; j < k; j++) {
		int t = (int)rnd(8);
		indent(d + 1), fprintf(out, "%s t%d = (%s)(", ty[t], j, ty[t]);
		if (j == 0)
			fprintf(out, "v%ld", var());
		else
			fprintf(out, "t%d", j - 1);
		if (rnd(2))
			fprintf(out, " %s v%ld);\n", tops[rnd(6)], var());
		else
			fprintf(out, " %s %lu);\n", tops[rnd(6)], rnd(100) + 1);
		nstmts++;
	}
	indent(d + 1), fprintf(out, "v%ld = (%s)(t%d %s v%ld);\n", to, ty[to % 8], k - 1,
			       tops[rnd(6)], var());
	nstmts++;
	indent(d), fputs("}\n", out);
}

static void stmt_to(int d, long to)
{
	if (temps) {
		temp_group(d, to);
		return;
	}
	indent(d);
	switch (rnd(4)) {
	case 0: fprintf(out, "v%ld = v%ld + n;\n", to, var()); break;
	case 1: fprintf(out, "v%ld = v%ld + %lu;\n", to, var(), rnd(100) + 1); break;
	default: fprintf(out, "v%ld = v%ld + v%ld;\n", to, var(), var());
	}
	nstmts++;
}

static void stmt(int d) { stmt_to(d, var()); }

static void cond(void) { fprintf(out, "v%ld < n", var()); }

/* "for (iK = 0; iK < n; iK++) {" */
static void loop_head(int d, int k)
{
	ctr_used |= 1u << k;
	indent(d), fprintf(out, "for (i%d = 0; i%d < n; i%d++) {\n", k, k, k);
}

static void mix_block(int d, int depth, long max)
{
	for (long k = 0; k < max && nstmts < target; k++) {
		unsigned long r = depth < 3 ? rnd(100) : 0;
		if (r < 88) {
			stmt(d);
		} else if (r < 94) {
			indent(d), fputs("if (", out), cond(), fputs(") {\n", out);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("} else {\n", out);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("}\n", out);
		} else if (r < 97) {
			indent(d), fputs("if (", out), cond(), fputs(") {\n", out);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(3));
			indent(d), fputs("}\n", out);
		} else {
			loop_head(d, depth);
			mix_block(d + 1, depth + 1, 1 + (long)rnd(5));
			indent(d), fputs("}\n", out);
		}
	}
}

static void usage(void)
{
	fputs("usage: m2r-genc mix|ladder|loops|flat|switch|deep|entry|temps|funcs NSTMTS [SEED]\n",
	      stderr);
	exit(2);
}

/* The body of one function (shape's statements) into a buffer. */
static void body(const char *shape)
{
	if (!strcmp(shape, "mix") || !strcmp(shape, "entry") || !strcmp(shape, "temps") ||
	    !strcmp(shape, "funcs")) {
		while (nstmts < target)
			mix_block(1, 0, target);
	} else if (!strcmp(shape, "flat")) {
		while (nstmts < target)
			stmt(1);
	} else if (!strcmp(shape, "ladder")) {
		/* if ((v1 = v2 + v3, v4 < n)) if ((...)) ... ; */
		while (nstmts < target) {
			long to = var(), a = var(), b = var();
			fprintf(out, "  if ((v%ld = v%ld + v%ld, ", to, a, b);
			cond();
			fputs("))\n", out);
			nstmts++;
		}
		fputs("    ;\n", out);
	} else if (!strcmp(shape, "loops")) {
		while (nstmts < target) {
			for (int d = 0; d < 10; d++) {
				stmt(1 + d);
				loop_head(1 + d, d);
			}
			stmt(11);
			for (int d = 9; d >= 0; d--) {
				indent(1 + d), fputs("}\n", out);
				stmt(1 + d);
			}
		}
	} else if (!strcmp(shape, "switch")) {
		ctr_used |= 1;
		fputs("  for (i0 = 0; i0 < n; i0++) {\n    switch (i0) {\n", out);
		for (long c = 0; c < nvars; c++) {
			fprintf(out, "    case %ld:\n", c);
			stmt_to(3, c);
			for (int k = 1; k < 10; k++)
				stmt(3);
			fputs("      break;\n", out);
		}
		fputs("    }\n  }\n", out);
	} else if (!strcmp(shape, "deep")) {
		while (nstmts < target) {
			fputs("  if (", out), cond(), fputs(")\n", out);
			stmt(2);
			stmt(1);
		}
	} else {
		usage();
	}
}

/* One function: the signature and locals (from the shape), the loop
 * counters the body used, the body, the return. */
static void function(const char *shape, const char *name)
{
	char *buf = NULL;
	size_t len = 0;
	out = open_memstream(&buf, &len);
	if (!out) {
		fprintf(stderr, "m2r-genc: open_memstream: %s\n", strerror(errno));
		exit(1);
	}
	ctr_used = 0;
	body(shape);
	fclose(out);
	out = stdout;

	const char *ct = "int";
	if (!strcmp(shape, "entry")) {
		ct = "unsigned";
		printf("unsigned %s(unsigned n, unsigned a, unsigned b)\n{\n", name);
		for (long i = 0; i < nvars; i++)
			printf("  unsigned v%ld = a + %ld * b;\n", i, i);
	} else if (temps) {
		printf("long long %s(int n)\n{\n", name);
		for (long i = 0; i < nvars; i++)
			printf("  %s v%ld = (%s)(n + %ld);\n", ty[i % 8], i, ty[i % 8], i);
	} else if (!strcmp(shape, "funcs")) {
		printf("int %s(int n)\n{\n", name);
		for (long i = 0; i < nvars; i++)
			printf("  int v%ld = n + %ld;\n", i, i);
	} else {
		printf("int %s(int n)\n{\n", name);
		for (long i = 0; i < nvars; i++)
			printf("  int v%ld = %ld;\n", i, i);
	}
	for (int k = 0; k < 10; k++)
		if (ctr_used & (1u << k))
			printf("  %s i%d;\n", ct, k);
	fwrite(buf, 1, len, stdout);
	free(buf);
	if (!strcmp(shape, "funcs")) {
		fputs("  return v0", stdout);
		for (long i = 1; i < nvars; i++)
			printf(" + v%ld", i);
		puts(";\n}");
	} else {
		printf("  return v0 + v%ld;\n}\n", nvars - 1);
	}
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
	temps = !strcmp(shape, "temps");
	char name[64];
	if (!strcmp(shape, "funcs")) {
		/* NSTMTS/10 functions of 10 statements on 4 locals. */
		long total = target, nf = total / 10 < 1 ? 1 : total / 10;
		nvars = 4;
		for (long k = 0; k < nf; k++) {
			target = nstmts + (k == nf - 1 ? total - nstmts : 10);
			snprintf(name, sizeof name, "bench_funcs_%ld", k);
			function(shape, name);
		}
		return 0;
	}
	nvars = target / 10 < 2 ? 2 : target / 10;
	snprintf(name, sizeof name, "bench_%s", shape);
	function(shape, name);
	return 0;
}
