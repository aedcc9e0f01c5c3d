/* oracle.h - an independent phi-placement oracle (oracle.c), part of
 * the test library (build/libm2rtest.a).
 *
 * Given a CFG (successor lists, duplicates allowed, block 0 the entry)
 * and the loads and stores of the promotable variables in program
 * order, computes by the textbook definitions, without any of the
 * core's cfg/dom/df/liveness code:
 *
 *   reach        reachability from the entry (depth-first)
 *   dom[b]       dominator sets, round-robin data flow
 *   df[x]        { y | x dom some reachable pred of y, not x sdom y }
 *   IDF          fixed point of DF over a set
 *   live[v]      live-in blocks, backward data flow (upward-exposed
 *                loads, kills by stores)
 *   minimal[v]   IDF(def blocks of v)
 *   semi[v]      IDF(defs) if v has an upward-exposed load anywhere
 *   pruned[v]    IDF(defs) & live-in
 *
 * and predicts the fast path each variable takes (dead, single store,
 * single block, general), following the rules of doc/promotion.md, so
 * that the path is checked too.  A single store of a constant lets
 * every load take the constant (undef refined): pruned expects no phi.
 *
 * Used by m2r-fuzz and testsuite/mem2reg.unit/place-test.c.
 */
#ifndef M2R_ORACLE_H
#define M2R_ORACLE_H

#include <stdint.h>

enum { OR_MAXB = 64, OR_MAXV = 64, OR_MAXA = 2048, OR_MAXLAB = 16 };

typedef uint64_t OrSet; /* of blocks */

enum { OR_LOAD, OR_STORE };

/* Value tokens (what a store stores): a load access index (< OR_MAXA),
 * a constant OR_CONST + k (equal k: equal constants), or: */
enum { OR_CONST = OR_MAXA, OR_OTHER = 4 * OR_MAXA, OR_UNDEF, OR_POISON };

typedef struct {
	int blk, kind, var;
	int tok;            /* OR_STORE: the stored value's token */
} OrAcc;

typedef struct {
	int nb, nv;
	int nsucc[OR_MAXB], succ[OR_MAXB][OR_MAXLAB];
	int na;
	OrAcc acc[OR_MAXA]; /* sorted by block, in program order within */
} OrProg;

typedef struct {
	int reach[OR_MAXB];
	OrSet dom[OR_MAXB];  /* dominators of b (reachable b) */
	OrSet df[OR_MAXB];
	OrSet ue[OR_MAXV], kill[OR_MAXV], def[OR_MAXV], live[OR_MAXV];
	int hasue[OR_MAXV];
	OrSet minimal[OR_MAXV], semi[OR_MAXV], pruned[OR_MAXV];
	int path[OR_MAXV];       /* predicted enum Path */
	int construle[OR_MAXV];  /* single store of a constant */
} Oracle;

void oracle_run(const OrProg *p, Oracle *o);
OrSet oracle_idf(const Oracle *o, int nb, OrSet s);
/* Expected phi blocks of v for enum Placement pl. */
OrSet oracle_expect(const Oracle *o, int v, int pl);
/* The phi blocks the core chose (ascending block ids, phiblk[0..nphi)),
 * as a set of the nb blocks; *sorted is 0 when they are not ascending
 * or not all in range (those are left out of the set). */
OrSet oracle_got(const int *phiblk, int nphi, int nb, int *sorted);
/* Is the reachable CFG irreducible (a cycle without a back edge)? */
int oracle_irreducible(const OrProg *p, const Oracle *o);

#endif
