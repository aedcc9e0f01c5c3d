/* cfg.c - successor and predecessor lists from the terminators.
 *
 * Both lists are built in compressed form: one arena array holds every
 * edge and each block points into it (Blk.succ, Blk.pred).  Counting
 * first and filling second keeps the cost linear in blocks + edges and
 * avoids any per-edge allocation, which matters for functions of
 * 100k+ blocks.  Calling cfg_build() again (after the terminators
 * changed) simply builds fresh arrays; the old ones stay in the arena.
 */
#include "m2r.h"

#include <stdlib.h>

/* The terminator of b, or none.  A block whose last instruction is
 * missing, dead or not a terminator has no successors: the verifier
 * reports such blocks, the CFG must merely not crash (the unit tests
 * build such blocks on purpose). */
static const Ins *live_term(Fn *f, int b)
{
	enum { TERMS = 1u << OBR | 1u << OCBR | 1u << OSWITCH | 1u << ORET |
	               1u << OUNREACH | 1u << OTERM }; /* op_is_term, inline */
	const Ins *t = term_of(f, b);
	if (!t || (t->flags & IDEAD) || t->op >= 32 || !(TERMS >> t->op & 1))
		return NULL;
	return t;
}

/* A label outside the block table, though, is a broken invariant (the
 * reader and the bridge never make one; m2r_verify checks labels before
 * it builds the CFG): dropping the edge would silently change the
 * program.  Checked once, in pass 1. */
static void check_labels(const Fn *f, int b, const Ins *t)
{
	for (int i = 0; i < t->nlab; i++)
		if (t->lab[i] < 0 || t->lab[i] >= f->blk.n)
			die("cfg: block %d branches to label %d, out of range (%d blocks)",
			    b, t->lab[i], f->blk.n);
}

void cfg_build(Fn *f)
{
	int n = f->blk.n;
	Blk *blk = f->blk.v;
	size_t ne = 0;

	/* Pass 1: count the edges out of and into every block; each
	 * block's live terminator is kept for pass 2 (malloc'ed scratch). */
	size_t tsz = (size_t)(n ? n : 1) * sizeof(const Ins *);
	const Ins **term = scratch_get(tsz);
	for (int b = 0; b < n; b++)
		blk[b].nsucc = blk[b].npred = 0;
	for (int b = 0; b < n; b++) {
		const Ins *t = term[b] = live_term(f, b);
		if (!t)
			continue;
		check_labels(f, b, t);
		for (int i = 0; i < t->nlab; i++) {
			blk[b].nsucc++;
			blk[t->lab[i]].npred++;
			ne++;
		}
	}

	/* Not zeroed: pass 2 writes every slot of all three. */
	int *succ = aalloc_raw(f->a, (ne ? ne : 1) * sizeof(int));
	int *sslot = aalloc_raw(f->a, (ne ? ne : 1) * sizeof(int));
	int *pred = aalloc_raw(f->a, (ne ? ne : 1) * sizeof(int));

	/* Carve the two edge arrays into per-block slices.  npred is reset
	 * and used as the fill cursor of the pred slice below. */
	size_t so = 0, po = 0;
	for (int b = 0; b < n; b++) {
		blk[b].succ = succ + so;
		blk[b].sslot = sslot + so;
		blk[b].pred = pred + po;
		so += (size_t)blk[b].nsucc;
		po += (size_t)blk[b].npred;
		blk[b].npred = 0;
	}

	/* Pass 2: fill.  Visiting the source blocks in ascending id order
	 * makes every pred list ascending by predecessor id, with the
	 * duplicate edges of one source adjacent: a fixed order that the
	 * phi operands and the tests can rely on. */
	for (int b = 0; b < n; b++) {
		const Ins *t = term[b];
		if (!t)
			continue;
		int k = 0;
		for (int i = 0; i < t->nlab; i++) {
			int s = t->lab[i];
			/* b's edges to s are adjacent in s's list: the first */
			int j = blk[s].npred;
			while (j > 0 && blk[s].pred[j - 1] == b)
				j--;
			blk[b].sslot[k] = j;
			blk[b].succ[k++] = s;
			blk[s].pred[blk[s].npred++] = b;
		}
	}
	scratch_put(term, tsz);
}
