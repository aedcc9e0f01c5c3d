/* fuzz-prog.h - the random programs of m2r-fuzz: their form, their
 * generation from a seed and their printing as textual IR
 * (fuzz-prog.c).  m2r-fuzz.c checks and shrinks them. */
#ifndef M2R_FUZZ_PROG_H
#define M2R_FUZZ_PROG_H

#include <stddef.h>
#include <stdint.h>

enum { MAXB = 40, MAXI = 16, MAXV = 8, MAXLAB = 6, MAXARG = 3, NIN = 48, NVEC = 3,
       MAXSTEPS = 400 };

/* ---------- the program ---------- */

enum { K_VAL, K_ARG, K_CONST, K_UNDEF, K_POISON };
typedef struct {
	int k;     /* K_VAL: x = index of the defining instruction in the block */
	int64_t x; /* K_ARG: argument index; K_CONST: the value */
} Op;

enum { I_LOAD, I_STORE, I_BIN, I_ICMP, I_SELECT, I_CAST, I_FREEZE, I_INPUT, I_OBSERVE,
       I_ESCAPE, NI };
typedef struct {
	int op, sub, flags;
	int w, w2;  /* result (access) width; operand width of icmp/cast */
	int var;    /* load/store/escape */
	int vol;
	Op a[3];
} FI;

enum { T_BR, T_CBR, T_SWITCH, T_RET, T_UNREACH };
typedef struct {
	int n;
	FI in[MAXI];
	int term, nlab, lab[MAXLAB];
	Op cond;    /* cbr: i1; switch: width sw; ret: width of the function */
	int sw;
	int64_t cs[MAXLAB]; /* switch: case values of lab[1..] */
} FB;

typedef struct {
	int w;
	int escaped, array, blk; /* blk: block of the alloca (0: entry) */
	int mismatch, vol;       /* derived when printing: see classify() */
} FV;

typedef struct {
	uint64_t seed;
	int nb, nv, narg, retw;
	int argw[MAXARG];
	FB b[MAXB];
	FV v[MAXV];
	uint64_t in[NVEC][NIN]; /* inputs; the first narg are the arguments */
} Prog;

/* A growing text buffer. */
typedef struct {
	char *s;
	size_t n, cap;
} Buf;

/* Program from seed alone (testlib/rng.h). */
void gen(Prog *p, uint64_t seed);
/* printf into b, growing it (exits on out of memory). */
void bput(Buf *b, const char *fmt, ...)
#if defined(__GNUC__)
	__attribute__((format(printf, 2, 3)))
#endif
	;
/* p as a module of the textual IR: declarations, then define @f. */
void print_prog(const Prog *p, Buf *o);

#endif
