/* dom-random-test.c - unit tests of cfg_build, dom_build and df_build
 * on random CFGs, compared with an independent bit-vector data-flow
 * reference (dominator sets, frontiers by their definition).
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp.
 */
#include "m2r.h"
#include "rng.h"

#include <dejagnu.h> /* the only file including it: defines wait() */
#include "dom-util.h"

/* ---------- random CFGs against a reference ---------- */

/* testlib/rng.h, the tree's one generator, with a fixed seed. */
static Rng rng = {0x9e3779b97f4a7c15u};
static unsigned rnd(unsigned n)
{
	return (unsigned)rng_below(&rng, n);
}

/* Reference dominator sets by the textbook round-robin data flow over
 * 64-bit sets: Dom(0) = {0}, Dom(b) = {b} + the intersection of
 * Dom(p) over reachable predecessors p, iterated to the fixed point
 * from "all blocks".  Reachability by a plain worklist.  The edges
 * come from the terminators directly, not from cfg_build. */
static void ref_dom(Fn *f, uint64_t *dom, int *reach)
{
	int n = f->blk.n, stk[64], sp = 0;
	int succ[64][64], ns[64] = { 0 };
	for (int b = 0; b < n; b++) {
		Ins *t = term_of(f, b);
		ns[b] = 0;
		if (t && op_is_term(t->op) && !(t->flags & IDEAD))
			for (int i = 0; i < t->nlab; i++)
				succ[b][ns[b]++] = t->lab[i];
		reach[b] = 0;
	}
	reach[0] = 1;
	stk[sp++] = 0;
	while (sp) {
		int b = stk[--sp];
		for (int i = 0; i < ns[b]; i++)
			if (!reach[succ[b][i]]) {
				reach[succ[b][i]] = 1;
				stk[sp++] = succ[b][i];
			}
	}
	for (int b = 0; b < n; b++)
		dom[b] = b == 0 ? 1 : ~(uint64_t)0;
	for (int changed = 1; changed;) {
		changed = 0;
		for (int b = 1; b < n; b++) {
			if (!reach[b])
				continue;
			uint64_t s = ~(uint64_t)0;
			for (int p = 0; p < n; p++)
				if (reach[p])
					for (int i = 0; i < ns[p]; i++)
						if (succ[p][i] == b)
							s &= dom[p];
			s |= (uint64_t)1 << b;
			if (s != dom[b]) {
				dom[b] = s;
				changed = 1;
			}
		}
	}
}

static int popcount(uint64_t x)
{
	int c = 0;
	for (; x; x &= x - 1)
		c++;
	return c;
}

static const char *random_one(Fn *f, const Dom *d)
{
	static char msg[200];
	int n = f->blk.n, reach[64];
	uint64_t dom[64];
	ref_dom(f, dom, reach);
	const char *e = structure(d);
	if (e)
		return e;
	for (int b = 0; b < n; b++) {
		if (!reach[b]) {
			if (d->rpoidx[b] != -1 || d->idom[b] != -1)
				return "unreachable block numbered";
			continue;
		}
		if (d->rpoidx[b] < 0)
			return "reachable block not numbered";
		/* idom: the strict dominator whose set is Dom(b) - {b}. */
		uint64_t strict = dom[b] & ~((uint64_t)1 << b);
		int want = -1;
		for (int a = 0; a < n; a++)
			if ((strict >> a & 1) && dom[a] == strict)
				want = a;
		if (d->idom[b] != want) {
			snprintf(msg, sizeof msg, "idom(%d) = %d, expected %d", b, d->idom[b], want);
			return msg;
		}
		if (d->level[b] != popcount(dom[b]) - 1)
			return "level wrong";
	}
	/* dominates() on every pair, unreachable blocks included. */
	for (int a = 0; a < n; a++)
		for (int b = 0; b < n; b++) {
			int want = reach[b] ? (int)(dom[b] >> a & 1) : a == b;
			if (dominates(d, a, b) != want) {
				snprintf(msg, sizeof msg, "dominates(%d, %d) != %d", a, b, want);
				return msg;
			}
		}
	return NULL;
}

/* DF by definition: b in DF(a) iff a dominates a reachable pred of b
 * and does not strictly dominate b.  Both lists are generated in
 * ascending b, so compare them element by element. */
static const char *random_df(Fn *f, const Dom *d)
{
	static char msg[200];
	int n = f->blk.n, reach[64];
	uint64_t dom[64];
	ref_dom(f, dom, reach);
	for (int a = 0; a < n; a++) {
		int k = d->dfoff[a], end = d->dfoff[a + 1];
		for (int b = 0; b < n && reach[a]; b++) {
			int in = 0;
			if (!reach[b])
				continue;
			for (int p = 0; p < n && !in; p++) {
				if (!reach[p] || !(dom[p] >> a & 1))
					continue;
				Ins *t = term_of(f, p);
				if (t && op_is_term(t->op) && !(t->flags & IDEAD))
					for (int i = 0; i < t->nlab; i++)
						in |= t->lab[i] == b;
			}
			if (in && a != b && (dom[b] >> a & 1))
				in = 0;
			if (in) {
				if (k >= end || d->df[k] != b) {
					snprintf(msg, sizeof msg, "DF(%d) misses %d", a, b);
					return msg;
				}
				k++;
			}
		}
		if (k != end) {
			snprintf(msg, sizeof msg, "DF(%d) has extra entries", a);
			return msg;
		}
	}
	return NULL;
}

static void t_random(void)
{
	const char *t = "random";
	int bad = 0, i;
	for (i = 0; i < 200 && !bad; i++) {
		int n = 1 + (int)rnd(i < 100 ? 12 : 64);
		Fn *f = fn_new("r");
		for (int b = 0; b < n; b++)
			fn_blk(f, NULL);
		for (int b = 0; b < n; b++) {
			int lab[6], k = (int)rnd(100);
			/* Mostly 1-2 successors, some returns and switches;
			 * forward targets are favoured so most blocks are
			 * reachable, and edges back to the entry occur. */
			int nl = k < 10 ? 0 : k < 55 ? 1 : k < 90 ? 2 : 3 + (int)rnd(4);
			for (int j = 0; j < nl; j++)
				lab[j] = rnd(3) ? (b + 1 + (int)rnd(4)) % n : (int)rnd((unsigned)n);
			if (k == 99)
				continue; /* empty block */
			int in = term(f, b, lab, nl);
			if (k == 98)
				f->ins.v[in].flags |= IDEAD;
			if (k == 97)
				fn_ins(f, b, OGEN, -1, 0, 0);
		}
		/* df_build only runs on a verified tree: with a wrong idom
		 * its runner walks would die. */
		Dom d;
		cfg_build(f);
		dom_build(f, &d);
		const char *e = random_one(f, &d);
		if (!e) {
			df_build(f, &d);
			e = random_df(f, &d);
		}
		if (e) {
			fail("%s: CFG %d (%d blocks): %s", t, i, n, e);
			bad = 1;
		}
		fn_free(f);
	}
	if (!bad)
		pass("%s: %d CFGs match the data-flow reference", t, i);
}

int main(void)
{
	/* Keep the verdicts printed so far if a test crashes. */
	setvbuf(stdout, NULL, _IOLBF, 0);
	t_random();
	totals();
	return failed ? 1 : 0;
}
