/* oracle.c - the independent phi-placement oracle (see oracle.h).
 * Deliberately naive: bit sets of at most 64 blocks, fixpoints by
 * round-robin iteration.  Only enum Path / enum Placement come from
 * the core's header. */
#include "oracle.h"
#include "m2r.h"

#include <string.h>

static OrSet or_bit(int b) { return (OrSet)1 << b; }

OrSet oracle_idf(const Oracle *o, int nb, OrSet s)
{
	OrSet r = 0;
	for (;;) {
		OrSet n = 0, in = s | r;
		for (int b = 0; b < nb; b++)
			if (in & or_bit(b))
				n |= o->df[b];
		if (n == r)
			return r;
		r = n;
	}
}

static int resolve(const int *fwd, int t)
{
	while (t < OR_MAXA && fwd[t] >= 0)
		t = fwd[t];
	return t;
}

/* The fast paths of promote.c, variable by variable in alloca order
 * (a load rewritten by an earlier variable's fast path may make a
 * later store a constant). */
static void predict_paths(const OrProg *p, Oracle *o)
{
	static int fwd[OR_MAXA], L[OR_MAXA];
	for (int k = 0; k < OR_MAXA; k++)
		fwd[k] = -1;
	for (int v = 0; v < p->nv; v++) {
		int nL = 0, nload = 0, nstore = 0, s = -1;
		for (int k = 0; k < p->na; k++) {
			const OrAcc *a = &p->acc[k];
			if (a->var != v)
				continue;
			if (!o->reach[a->blk]) {
				if (a->kind == OR_LOAD)
					fwd[k] = OR_POISON;
				continue;
			}
			L[nL++] = k;
			if (a->kind == OR_LOAD)
				nload++;
			else
				nstore++, s = k;
		}
		o->path[v] = P_GENERAL;
		if (nload == 0) {
			o->path[v] = P_DEAD;
			continue;
		}
		if (nstore == 1) {
			int t = p->acc[s].tok, sb = p->acc[s].blk, rt = resolve(fwd, t);
			int anywhere = rt >= OR_CONST && rt < OR_OTHER;
			int m = 0, left = 0;
			for (int j = 0; j < nL; j++) {
				int k = L[j], lb = p->acc[k].blk;
				int ok = p->acc[k].kind == OR_LOAD &&
				         (anywhere || (lb == sb ? k > s : (o->dom[lb] & or_bit(sb)) != 0));
				if (ok)
					fwd[k] = t;
				else
					L[m++] = k, left += p->acc[k].kind == OR_LOAD;
			}
			nL = m;
			if (!left) {
				o->path[v] = P_SINGLE_STORE;
				o->construle[v] = anywhere;
				continue;
			}
		}
		int one = 1;
		for (int j = 1; j < nL; j++)
			one &= p->acc[L[j]].blk == p->acc[L[0]].blk;
		if (one && !(nstore && p->acc[L[0]].kind == OR_LOAD)) {
			int cur = OR_UNDEF;
			for (int j = 0; j < nL; j++) {
				const OrAcc *a = &p->acc[L[j]];
				if (a->kind == OR_STORE)
					cur = a->tok;
				else
					fwd[L[j]] = cur;
			}
			o->path[v] = P_SINGLE_BLOCK;
		}
	}
}

void oracle_run(const OrProg *p, Oracle *o)
{
	int nb = p->nb;
	memset(o, 0, sizeof *o);
	/* reachability */
	int stk[OR_MAXB], sp = 0;
	o->reach[0] = 1;
	stk[sp++] = 0;
	while (sp) {
		int b = stk[--sp];
		for (int j = 0; j < p->nsucc[b]; j++) {
			int s = p->succ[b][j];
			if (!o->reach[s]) {
				o->reach[s] = 1;
				stk[sp++] = s;
			}
		}
	}
	/* dominators: Dom(0) = {0}, Dom(b) = {b} + meet over reachable preds */
	OrSet all = nb == 64 ? ~(OrSet)0 : or_bit(nb) - 1;
	for (int b = 0; b < nb; b++)
		o->dom[b] = b ? all : or_bit(0);
	for (int ch = 1; ch;) {
		ch = 0;
		for (int b = 1; b < nb; b++) {
			if (!o->reach[b])
				continue;
			OrSet s = all;
			for (int q = 0; q < nb; q++)
				if (o->reach[q])
					for (int j = 0; j < p->nsucc[q]; j++)
						if (p->succ[q][j] == b)
							s &= o->dom[q];
			s |= or_bit(b);
			if (s != o->dom[b])
				o->dom[b] = s, ch = 1;
		}
	}
	/* DF by definition */
	for (int y = 0; y < nb; y++) {
		if (!o->reach[y])
			continue;
		for (int q = 0; q < nb; q++) {
			if (!o->reach[q])
				continue;
			for (int j = 0; j < p->nsucc[q]; j++) {
				if (p->succ[q][j] != y)
					continue;
				for (int x = 0; x < nb; x++)
					if ((o->dom[q] & or_bit(x)) &&
					    !(x != y && (o->dom[y] & or_bit(x))))
						o->df[x] |= or_bit(y);
			}
		}
	}
	/* upward-exposed uses, kills, defs (reachable blocks only) */
	for (int k = 0; k < p->na; k++) {
		const OrAcc *a = &p->acc[k];
		if (!o->reach[a->blk])
			continue;
		if (a->kind == OR_LOAD && !(o->kill[a->var] & or_bit(a->blk)))
			o->ue[a->var] |= or_bit(a->blk);
		if (a->kind == OR_STORE) {
			o->kill[a->var] |= or_bit(a->blk);
			o->def[a->var] |= or_bit(a->blk);
		}
	}
	/* liveness per variable: in = ue | (out - kill), out = U succ in */
	for (int v = 0; v < p->nv; v++) {
		OrSet live = 0;
		for (int ch = 1; ch;) {
			ch = 0;
			for (int b = nb - 1; b >= 0; b--) {
				if (!o->reach[b])
					continue;
				int out = 0;
				for (int j = 0; j < p->nsucc[b]; j++)
					out |= (live & or_bit(p->succ[b][j])) != 0;
				int in = (o->ue[v] & or_bit(b)) || (out && !(o->kill[v] & or_bit(b)));
				if (in && !(live & or_bit(b)))
					live |= or_bit(b), ch = 1;
			}
		}
		o->live[v] = live;
		o->hasue[v] = o->ue[v] != 0;
	}
	predict_paths(p, o);
	for (int v = 0; v < p->nv; v++) {
		OrSet s = oracle_idf(o, nb, o->def[v]);
		o->minimal[v] = s;
		o->semi[v] = o->hasue[v] ? s : 0;
		o->pruned[v] = o->construle[v] ? 0 : s & o->live[v];
	}
}

OrSet oracle_expect(const Oracle *o, int v, int pl)
{
	return pl == PL_PRUNED ? o->pruned[v] : pl == PL_SEMIPRUNED ? o->semi[v] : o->minimal[v];
}

int oracle_irreducible(const OrProg *p, const Oracle *o)
{
	int indeg[OR_MAXB] = {0}, q[OR_MAXB], nq = 0, seen = 0, nr = 0;
	for (int b = 0; b < p->nb; b++)
		if (o->reach[b])
			for (int j = 0; j < p->nsucc[b]; j++)
				if (!(o->dom[b] & or_bit(p->succ[b][j])))
					indeg[p->succ[b][j]]++;
	for (int b = 0; b < p->nb; b++)
		if (o->reach[b] && (nr++, !indeg[b]))
			q[nq++] = b;
	while (nq) {
		int b = q[--nq];
		seen++;
		for (int j = 0; j < p->nsucc[b]; j++)
			if (!(o->dom[b] & or_bit(p->succ[b][j])) && !--indeg[p->succ[b][j]])
				q[nq++] = p->succ[b][j];
	}
	return seen < nr;
}

OrSet oracle_got(const int *phiblk, int nphi, int nb, int *sorted)
{
	OrSet got = 0;
	*sorted = 1;
	for (int j = 0; j < nphi; j++) {
		int b = phiblk[j];
		if (b < 0 || b >= nb || (j && b <= phiblk[j - 1]))
			*sorted = 0;
		else
			got |= (OrSet)1 << b;
	}
	return got;
}
