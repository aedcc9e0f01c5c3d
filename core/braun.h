/* braun.h - the state of Braun et al.'s construction, shared by its
 * two files (private to core/): braun.c (readVariable, sealing, trivial
 * phis) and braun-scc.c (redundant groups of phis). */
#ifndef BRAUN_H
#define BRAUN_H

#include "promote.h"

#include <stdint.h>

enum { F_ENTER, F_ONE, F_PHI };
typedef struct {
	int b, p, j;   /* block; F_PHI: its phi (-1: none yet), the last
	                  operand slot read */
	int kind;      /* F_ENTER: read in b; F_ONE: wait for b's predecessor */
	int write;     /* F_PHI: make the result b's def (not when sealing) */
	int ops;       /* F_PHI: its operands read so far are opv[ops..] */
} Frame;

typedef struct { int user, next; } Use;

typedef struct {
	Prom *P;
	Fn *f;
	/* the current def of (variable, block): open addressing */
	uint64_t *key;
	int *val, cap, n;
	char *sealed;
	int *npred;    /* a block's edges from reachable blocks */
	int *nfill;    /* ... of which from filled blocks */
	int *inc;      /* a block's incomplete phis: a list through incnext */
	int *version;  /* per variable: the next phi name's number */
	int v0;        /* phi p is value v0 + p (braun makes no other value) */
	VEC(int) incnext, uhead, utail, seen; /* per phi */
	int stamp;     /* compact_users' marks in seen */
	VEC(Use) use;
	VEC(Frame) stk;
	VEC(int) opv;  /* operands read by the F_PHI frames, stacked */
	VEC(int) wl;
	long cells, budget; /* memo entries and phis made; the most allowed */
	int over;           /* cells passed budget: stop */
} Br;

/* The phi index of value v when v is a live phi of braun's, else -1. */
static inline int phi_of(Br *B, int v)
{
	if (v < B->v0 || v >= B->v0 + B->P->phi.n)
		return -1;
	int p = v - B->v0;
	return B->f->ins.v[B->P->phi.v[p]].flags & IDEAD ? -1 : p;
}

static inline Ins *phi_ins(Br *B, int p)
{
	return &B->f->ins.v[B->P->phi.v[p]];
}

/* Phi p replaced by v: forwarded, deleted; its users become v's. */
void braun_replace_phi(Br *B, int p, int v);
/* The paper's Algorithm 5 over every live phi (braun-scc.c). */
void braun_remove_redundant(Br *B);

#endif
