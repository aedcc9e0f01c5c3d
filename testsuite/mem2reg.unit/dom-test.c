/* dom-test.c - unit tests of cfg_build, dom_build and df_build.
 *
 * Hand-made CFGs with expected values worked out on paper, big CFGs
 * that would overflow a recursive implementation or make an iterative
 * (Cooper-Harvey-Kennedy) dominator computation quadratic, and random
 * CFGs compared with an independent bit-vector data-flow reference.
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp.
 */
#include "m2r.h"
#include "rng.h"

#include <dejagnu.h> /* the only file including it: defines wait() */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* ---------- building CFGs ---------- */

/* Give block b a terminator with the given labels: ret, br, br i1 or
 * switch depending on the count, the way the reader would. */
static int term(Fn *f, int b, const int *lab, int nlab)
{
	int op = nlab == 0 ? ORET : nlab == 1 ? OBR : nlab == 2 ? OCBR : OSWITCH;
	int nop = op == OCBR || op == OSWITCH ? 1 : 0;
	int i = fn_ins(f, b, op, -1, nop, nlab);
	if (nop)
		f->ins.v[i].ops[0] = f->undef;
	if (nlab)
		memcpy(f->ins.v[i].lab, lab, (size_t)nlab * sizeof(int));
	return i;
}

/* A CFG from a spec: blocks separated by ';', each a list of successor
 * ids.  An empty list is "ret".  Special first tokens: "-" an empty
 * block, "g" a block ending in a non-terminator, "d" a dead
 * terminator (its labels must be ignored). */
static Fn *mk(const char *spec)
{
	Fn *f = fn_new("t");
	int n = 1;
	for (const char *p = spec; *p; p++)
		n += *p == ';';
	for (int b = 0; b < n; b++)
		fn_blk(f, NULL);
	const char *p = spec;
	for (int b = 0; b < n; b++) {
		int lab[64], nlab = 0, dead = 0;
		for (;;) {
			while (*p == ' ')
				p++;
			if (!*p || *p == ';')
				break;
			if (*p == '-') { /* empty block */
				p++;
				goto next;
			}
			if (*p == 'g') {
				fn_ins(f, b, OGEN, -1, 0, 0);
				p++;
				goto next;
			}
			if (*p == 'd') {
				dead = 1;
				p++;
				continue;
			}
			lab[nlab++] = (int)strtol(p, (char **)&p, 10);
		}
		{
			int i = term(f, b, lab, nlab);
			if (dead)
				f->ins.v[i].flags |= IDEAD;
		}
	next:
		while (*p && *p != ';')
			p++;
		if (*p)
			p++;
	}
	return f;
}

static void build(Fn *f, Dom *d)
{
	cfg_build(f);
	dom_build(f, d);
	df_build(f, d);
}

/* ---------- checking ---------- */

/* Compare an int array with expected values; -9 in exp means "any". */
static int same(const int *got, const int *exp, int n)
{
	for (int i = 0; i < n; i++)
		if (exp[i] != -9 && got[i] != exp[i])
			return 0;
	return 1;
}

static void show(char *buf, size_t len, const int *v, int n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < n && k + 16 < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%d", i ? " " : "", v[i]);
}

static void check(const char *test, const char *what, const int *got,
                  const int *exp, int n)
{
	char g[256], e[256];
	if (same(got, exp, n)) {
		pass("%s: %s", test, what);
		return;
	}
	show(g, sizeof g, got, n);
	show(e, sizeof e, exp, n);
	fail("%s: %s: got [%s], expected [%s]", test, what, g, e);
}

/* Frontiers given as a spec like the CFG: "3; 3; ; " (one list per
 * block, ascending). */
static void check_df(const char *test, const Dom *d, const char *spec)
{
	const char *p = spec;
	int ok = 1, b = 0;
	char msg[320] = "";
	for (; b < d->n; b++) {
		int exp[64], ne = 0;
		for (;;) {
			while (*p == ' ')
				p++;
			if (!*p || *p == ';')
				break;
			exp[ne++] = (int)strtol(p, (char **)&p, 10);
		}
		if (*p)
			p++;
		int k = d->dfoff[b + 1] - d->dfoff[b];
		if (k != ne || memcmp(d->df + d->dfoff[b], exp, (size_t)ne * sizeof(int))) {
			char g[128], e[128];
			show(g, sizeof g, d->df + d->dfoff[b], k);
			show(e, sizeof e, exp, ne);
			if (ok)
				snprintf(msg, sizeof msg, "DF(%d) = {%s}, expected {%s}", b, g, e);
			ok = 0;
		}
	}
	if (ok)
		pass("%s: dominance frontiers", test);
	else
		fail("%s: %s", test, msg);
}

static void check_dom(const char *test, const Dom *d, int a, int b, int exp)
{
	if (dominates(d, a, b) == exp)
		pass("%s: %d %s %d", test, a, exp ? "dom" : "!dom", b);
	else
		fail("%s: dominates(%d, %d) should be %d", test, a, b, exp);
}

/* Structural checks valid on every CFG: rpo is a permutation of the
 * reachable blocks starting at the entry with every idom before the
 * blocks it dominates; kid/sib is the idom relation with ascending
 * children; level follows idom; pre numbers are 0..nreach-1.
 * Returns an error text or NULL. */
static const char *structure(const Dom *d)
{
	static char msg[200];
	int n = d->n;
	if (n && (d->nreach < 1 || d->rpo[0] != 0 || d->idom[0] != -1))
		return "entry not first in rpo or has an idom";
	int *seen = calloc((size_t)n + 1, sizeof(int));
	for (int i = 0; i < d->nreach; i++) {
		int b = d->rpo[i];
		if (b < 0 || b >= n || d->rpoidx[b] != i) {
			free(seen);
			return "rpo/rpoidx mismatch";
		}
		seen[b] = 1;
	}
	for (int b = 0; b < n; b++) {
		if (!seen[b] && (d->rpoidx[b] != -1 || d->idom[b] != -1 || d->level[b] != -1)) {
			snprintf(msg, sizeof msg, "unreachable %d numbered", b);
			free(seen);
			return msg;
		}
		if (seen[b] && b && (d->idom[b] < 0 ||
		    d->rpoidx[d->idom[b]] >= d->rpoidx[b] ||
		    d->level[b] != d->level[d->idom[b]] + 1)) {
			snprintf(msg, sizeof msg, "idom/level of %d inconsistent", b);
			free(seen);
			return msg;
		}
	}
	memset(seen, 0, ((size_t)n + 1) * sizeof(int));
	for (int b = 0; b < n; b++) {
		int prev = -1;
		for (int c = d->kid[b]; c >= 0; c = d->sib[c]) {
			if (c <= prev || d->idom[c] != b) {
				snprintf(msg, sizeof msg, "children of %d wrong", b);
				free(seen);
				return msg;
			}
			prev = c;
		}
		if (d->rpoidx[b] >= 0) {
			int p = d->pre[b];
			if (p < 0 || p >= d->nreach || seen[p] || d->post[b] < p ||
			    d->post[b] >= d->nreach) {
				free(seen);
				return "pre/post out of range";
			}
			seen[p] = 1;
		}
	}
	free(seen);
	return NULL;
}

static void check_structure(const char *test, const Dom *d)
{
	const char *e = structure(d);
	if (e)
		fail("%s: structure: %s", test, e);
	else
		pass("%s: structure", test);
}

#define N_(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define CHECK(test, what, got, ...) do { \
	static const int exp_[] = { __VA_ARGS__ }; \
	check(test, what, got, exp_, N_(exp_)); \
} while (0)

/* ---------- hand-made CFGs ---------- */

static void t_line(void)
{
	const char *t = "line";
	Dom d;
	Fn *f = mk("1; 2; 3;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1, 2);
	CHECK(t, "level", d.level, 0, 1, 2, 3);
	CHECK(t, "rpo", d.rpo, 0, 1, 2, 3);
	CHECK(t, "pre", d.pre, 0, 1, 2, 3);
	CHECK(t, "post", d.post, 3, 3, 3, 3);
	int nr[] = { d.nreach };
	CHECK(t, "nreach", nr, 4);
	check_df(t, &d, ";;;");
	check_dom(t, &d, 0, 3, 1);
	check_dom(t, &d, 1, 2, 1);
	check_dom(t, &d, 2, 1, 0);
	check_dom(t, &d, 2, 2, 1);
	check_structure(t, &d);
	fn_free(f);
}

static void t_diamond(void)
{
	const char *t = "diamond";
	Dom d;
	Fn *f = mk("1 2; 3; 3;");
	build(f, &d);
	/* DFS 0,1,3 then 2: post-order 3 1 2 0. */
	CHECK(t, "rpo", d.rpo, 0, 2, 1, 3);
	CHECK(t, "rpoidx", d.rpoidx, 0, 2, 1, 3);
	CHECK(t, "idom", d.idom, -1, 0, 0, 0);
	CHECK(t, "level", d.level, 0, 1, 1, 1);
	CHECK(t, "kid", d.kid, 1, -1, -1, -1);
	CHECK(t, "sib", d.sib, -1, 2, 3, -1);
	CHECK(t, "pre", d.pre, 0, 1, 2, 3);
	CHECK(t, "post", d.post, 3, 1, 2, 3);
	CHECK(t, "succ 0", f->blk.v[0].succ, 1, 2);
	CHECK(t, "pred 3", f->blk.v[3].pred, 1, 2);
	check_df(t, &d, "; 3; 3;");
	check_dom(t, &d, 1, 3, 0);
	check_dom(t, &d, 2, 3, 0);
	check_dom(t, &d, 0, 3, 1);
	check_structure(t, &d);
	fn_free(f);
}

static void t_nested_diamonds(void)
{
	const char *t = "nested diamonds";
	Dom d;
	/* 0 -> 1,5; 1 -> 2,3; 2,3 -> 4; 4 -> 6; 5 -> 6 */
	Fn *f = mk("1 5; 2 3; 4; 4; 6; 6;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1, 1, 1, 0, 0);
	CHECK(t, "level", d.level, 0, 1, 2, 2, 2, 1, 1);
	CHECK(t, "kid", d.kid, 1, 2, -1, -1, -1, -1, -1);
	CHECK(t, "sib", d.sib, -1, 5, 3, 4, -1, 6, -1);
	check_df(t, &d, "; 6; 4; 4; 6; 6;");
	check_dom(t, &d, 1, 4, 1);
	check_dom(t, &d, 2, 4, 0);
	check_dom(t, &d, 1, 6, 0);
	check_dom(t, &d, 5, 6, 0);
	check_dom(t, &d, 0, 6, 1);
	check_structure(t, &d);
	fn_free(f);
}

static void t_while(void)
{
	const char *t = "while loop";
	Dom d;
	/* 0 -> 1; 1 -> 2 (body), 3 (exit); 2 -> 1 */
	Fn *f = mk("1; 2 3; 1;");
	build(f, &d);
	CHECK(t, "rpo", d.rpo, 0, 1, 3, 2);
	CHECK(t, "idom", d.idom, -1, 0, 1, 1);
	CHECK(t, "pred 1", f->blk.v[1].pred, 0, 2);
	check_df(t, &d, "; 1; 1;");
	check_dom(t, &d, 2, 1, 0);
	check_dom(t, &d, 1, 2, 1);
	check_structure(t, &d);
	fn_free(f);
}

static void t_nested_loops(void)
{
	const char *t = "nested loops";
	Dom d;
	/* 1 outer header (exit 6), 2 outer body, 3 inner header,
	 * 4 inner body (back to 3), 5 outer latch (back to 1). */
	Fn *f = mk("1; 2 6; 3; 4 5; 3; 1;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1, 2, 3, 3, 1);
	CHECK(t, "level", d.level, 0, 1, 2, 3, 4, 4, 2);
	check_df(t, &d, "; 1; 1; 1 3; 3; 1;");
	check_dom(t, &d, 3, 5, 1);
	check_dom(t, &d, 4, 5, 0);
	check_dom(t, &d, 2, 6, 0);
	check_structure(t, &d);
	fn_free(f);
}

static void t_irreducible(void)
{
	const char *t = "irreducible";
	Dom d;
	/* Cycle 1 <-> 2 entered at both 1 and 2 from 0; 1 exits to 3. */
	Fn *f = mk("1 2; 2 3; 1;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 0, 1);
	check_df(t, &d, "; 2; 1;");
	check_dom(t, &d, 1, 2, 0);
	check_dom(t, &d, 2, 1, 0);
	check_dom(t, &d, 1, 3, 1);
	check_structure(t, &d);
	fn_free(f);
	/* Same with a longer cycle 1 -> 2 -> 3 -> 1 entered at 1 and 3. */
	t = "irreducible 3";
	f = mk("1 3; 2; 3 4; 1;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1, 0, 2);
	check_df(t, &d, "; 3; 3; 1;");
	check_structure(t, &d);
	fn_free(f);
}

/* Semidominator differs from the idom: DFS 0,1,2,3 gives sdom(3) = 1,
 * but 3 is reachable as 0,2,3 avoiding 1 and as 0,1,3 avoiding 2, so
 * idom(3) = 0 (the last Lengauer-Tarjan step must fix it up). */
static void t_semi(void)
{
	const char *t = "sdom != idom";
	Dom d;
	Fn *f = mk("1 2; 2 3; 3;");
	build(f, &d);
	CHECK(t, "rpo", d.rpo, 0, 1, 2, 3);
	CHECK(t, "idom", d.idom, -1, 0, 0, 0);
	check_df(t, &d, "; 2 3; 3;");
	check_dom(t, &d, 1, 3, 0);
	check_dom(t, &d, 2, 3, 0);
	check_structure(t, &d);
	fn_free(f);
}

static void t_unreachable(void)
{
	const char *t = "unreachable";
	Dom d;
	/* 0 -> 1; loop 1 <-> 2, exit 3 -> 7.  Unreachable: 4 jumps into
	 * the loop body 2, 5 is a self-loop, 6 is empty. */
	Fn *f = mk("1; 2 3; 1; 7; 2; 5; -; ");
	build(f, &d);
	int nr[] = { d.nreach };
	CHECK(t, "nreach", nr, 5);
	CHECK(t, "idom", d.idom, -1, 0, 1, 1, -1, -1, -1, 3);
	CHECK(t, "rpoidx", d.rpoidx, 0, 1, -9, -9, -1, -1, -1, -9);
	CHECK(t, "level", d.level, 0, 1, 2, 2, -1, -1, -1, 3);
	CHECK(t, "pred 2", f->blk.v[2].pred, 1, 4);
	CHECK(t, "pred 5", f->blk.v[5].pred, 5);
	int ns[] = { f->blk.v[6].nsucc, f->blk.v[6].npred };
	CHECK(t, "empty block edges", ns, 0, 0);
	check_df(t, &d, "; 1; 1; ; ; ; ; ");
	/* Unreachable blocks dominate nothing and are dominated by
	 * nothing, except themselves (dominates() is reflexive). */
	int bad = 0;
	for (int a = 0; a < 8; a++)
		for (int b = 0; b < 8; b++)
			if ((a >= 4 && a <= 6) || (b >= 4 && b <= 6))
				bad += dominates(&d, a, b) != (a == b);
	if (bad)
		fail("%s: %d wrong dominates() with unreachable blocks", t, bad);
	else
		pass("%s: dominates() with unreachable blocks", t);
	check_dom(t, &d, 2, 3, 0);
	check_dom(t, &d, 1, 7, 1);
	check_structure(t, &d);
	fn_free(f);
}

static void t_self_loops(void)
{
	const char *t = "self loop";
	Dom d;
	Fn *f = mk("1; 1 2;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1);
	CHECK(t, "pred 1", f->blk.v[1].pred, 0, 1);
	check_df(t, &d, "; 1;");
	check_structure(t, &d);
	fn_free(f);
	/* A back edge into the entry: 0 is in its own frontier. */
	t = "entry self loop";
	f = mk("0 1;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0);
	check_df(t, &d, "0;");
	check_structure(t, &d);
	fn_free(f);
	t = "entry loop";
	f = mk("1; 0 2;");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, 0, 1);
	check_df(t, &d, "0; 0;");
	fn_free(f);
}

static void t_duplicates(void)
{
	const char *t = "duplicate edges";
	Dom d;
	/* br i1 %c, label %1, label %1 */
	Fn *f = mk("1 1; 2;");
	build(f, &d);
	int c[] = { f->blk.v[0].nsucc, f->blk.v[1].npred };
	CHECK(t, "edge counts", c, 2, 2);
	CHECK(t, "succ 0", f->blk.v[0].succ, 1, 1);
	CHECK(t, "pred 1", f->blk.v[1].pred, 0, 0);
	CHECK(t, "idom", d.idom, -1, 0, 1);
	check_df(t, &d, ";;");
	fn_free(f);
	t = "duplicate into join";
	f = mk("1 2; 3 3; 3;");
	build(f, &d);
	CHECK(t, "pred 3", f->blk.v[3].pred, 1, 1, 2);
	CHECK(t, "idom", d.idom, -1, 0, 0, 0);
	check_df(t, &d, "; 3; 3;");
	check_structure(t, &d);
	fn_free(f);
}

static void t_switch(void)
{
	const char *t = "switch";
	Dom d;
	/* switch: default 1, cases -> 2, 1, 3, 2, 1. */
	Fn *f = mk("1 2 1 3 2 1; 4; 4; 4;");
	build(f, &d);
	int ns[] = { f->blk.v[0].nsucc, f->blk.v[1].npred, f->blk.v[2].npred,
	             f->blk.v[3].npred, f->blk.v[4].npred };
	CHECK(t, "edge counts", ns, 6, 3, 2, 1, 3);
	CHECK(t, "pred 1", f->blk.v[1].pred, 0, 0, 0);
	CHECK(t, "pred 4", f->blk.v[4].pred, 1, 2, 3);
	CHECK(t, "idom", d.idom, -1, 0, 0, 0, 0);
	check_df(t, &d, "; 4; 4; 4;");
	check_structure(t, &d);
	fn_free(f);
}

static void t_odd_blocks(void)
{
	const char *t = "odd blocks";
	Dom d;
	/* 1 ends in a dead "br 2", 2 ends in a non-terminator, 3 is empty;
	 * 4 is entered from 0 and from 2, 3 and the dead terminator. */
	Fn *f = mk("1 4; d 2 4; g; -; ");
	build(f, &d);
	int ns[] = { f->blk.v[1].nsucc, f->blk.v[2].nsucc, f->blk.v[3].nsucc };
	CHECK(t, "no successors", ns, 0, 0, 0);
	int np[] = { f->blk.v[2].npred, f->blk.v[4].npred };
	CHECK(t, "pred counts", np, 0, 1);
	CHECK(t, "idom", d.idom, -1, 0, -1, -1, 0);
	check_structure(t, &d);
	fn_free(f);
	/* Pred lists are ascending by source, duplicates adjacent. */
	t = "pred order";
	f = mk("3 1 3; 3 2; 3 3; 3;");
	build(f, &d);
	CHECK(t, "pred 3", f->blk.v[3].pred, 0, 0, 1, 2, 2, 3);
	fn_free(f);
	/* Rebuilding after a terminator changed. */
	t = "rebuild";
	f = mk("1; 2; ");
	build(f, &d);
	f->ins.v[f->blk.v[0].ins.v[0]].lab[0] = 2;
	build(f, &d);
	CHECK(t, "idom", d.idom, -1, -1, 0);
	int c[] = { f->blk.v[1].npred, f->blk.v[2].npred };
	CHECK(t, "pred counts", c, 0, 2);
	fn_free(f);
	/* One block, no blocks. */
	t = "single block";
	f = mk("");
	build(f, &d);
	CHECK(t, "idom", d.idom, -1);
	check_df(t, &d, "");
	fn_free(f);
	t = "no blocks";
	f = fn_new("t");
	build(f, &d);
	int z[] = { d.n, d.nreach, d.dfoff[0] };
	CHECK(t, "sizes", z, 0, 0, 0);
	fn_free(f);
}

/* ---------- big CFGs ---------- */

static double secs(clock_t c0)
{
	return (double)(clock() - c0) / CLOCKS_PER_SEC;
}

/* 200000 blocks in a line: a recursive DFS or compression would blow
 * the stack. */
static void t_chain(void)
{
	const char *t = "chain 200000";
	enum { N = 200000 };
	Fn *f = fn_new("t");
	for (int b = 0; b < N; b++)
		fn_blk(f, NULL);
	for (int b = 0; b < N; b++) {
		int l = b + 1;
		term(f, b, &l, b + 1 < N);
	}
	Dom d;
	clock_t c0 = clock();
	build(f, &d);
	note("%s: %.3fs", t, secs(c0));
	int ok = d.nreach == N && d.dfoff[N] == 0;
	for (int b = 0; ok && b < N; b++)
		ok = d.idom[b] == b - 1 && d.level[b] == b && d.rpo[b] == b &&
		     d.pre[b] == b && d.post[b] == N - 1;
	if (ok)
		pass("%s: idom, level, rpo, pre/post, DF", t);
	else
		fail("%s: wrong result", t);
	check_dom(t, &d, 0, N - 1, 1);
	check_dom(t, &d, N - 1, 0, 0);
	fn_free(f);
}

/* 100000 nested ifs: h_k = k branches to h_{k+1} or to the join
 * j_k = K+1+k; the innermost h_K and every j_{k+1} go to j_k.  So
 * idom(h_{k+1}) = h_k, idom(j_k) = h_k, DF(h_{k+1}) = DF(j_{k+1}) =
 * {j_k}, and the dominator tree is 100000 deep. */
static void t_nested_ifs(void)
{
	const char *t = "nested ifs 100000";
	enum { K = 100000, N = 2 * K + 1 };
	Fn *f = fn_new("t");
	for (int b = 0; b < N; b++)
		fn_blk(f, NULL);
	for (int k = 0; k < K; k++) {
		int l[2] = { k + 1, K + 1 + k };
		term(f, k, l, 2);
	}
	int l = 2 * K;
	term(f, K, &l, 1);
	for (int k = 1; k < K; k++) {
		l = K + k;
		term(f, K + 1 + k, &l, 1);
	}
	term(f, K + 1, NULL, 0);
	Dom d;
	clock_t c0 = clock();
	build(f, &d);
	note("%s: %.3fs", t, secs(c0));
	int ok = d.nreach == N;
	for (int k = 0; ok && k <= K; k++) {
		int j = K + 1 + k;
		ok = d.idom[k] == k - 1 && d.level[k] == k &&
		     (k == 0 || (d.dfoff[k + 1] - d.dfoff[k] == 1 && d.df[d.dfoff[k]] == j - 1));
		if (ok && k < K)
			ok = d.idom[j] == k && d.level[j] == k + 1 &&
			     d.dfoff[j + 1] - d.dfoff[j] == (k > 0) &&
			     (k == 0 || d.df[d.dfoff[j]] == j - 1);
	}
	if (ok)
		pass("%s: idom, level, DF", t);
	else
		fail("%s: wrong result", t);
	check_dom(t, &d, 5, K + 1 + 5, 1);
	check_dom(t, &d, K + 1 + 6, K + 1 + 5, 0);
	check_dom(t, &d, K, K, 1);
	check_dom(t, &d, K - 1, K, 1);
	check_structure(t, &d);
	fn_free(f);
}

/* The ladder: 0 enters a doubly linked chain 1 <-> 2 <-> ... <-> K at
 * both ends.  Every x_i has idom 0 (reachable from either end) and
 * DF(x_i) = its chain neighbours.  The DFS goes 0,1,2,...,K, so every
 * left-pointing edge is a back edge; Cooper-Harvey-Kennedy (and any
 * round-robin data-flow scheme in RPO) fixes one more x_i per pass,
 * K passes of K steps.  Lengauer-Tarjan must finish in a blink. */
static void t_ladder(void)
{
	const char *t = "ladder 100000";
	enum { K = 100000, N = K + 1 };
	Fn *f = fn_new("t");
	for (int b = 0; b < N; b++)
		fn_blk(f, NULL);
	int l[2] = { 1, K };
	term(f, 0, l, 2);
	for (int i = 1; i <= K; i++) {
		int m = 0;
		if (i < K)
			l[m++] = i + 1;
		if (i > 1)
			l[m++] = i - 1;
		term(f, i, l, m);
	}
	Dom d;
	clock_t c0 = clock();
	build(f, &d);
	double s = secs(c0);
	note("%s: %.3fs", t, s);
	int ok = d.nreach == N && d.dfoff[1] == 0;
	for (int i = 1; ok && i <= K; i++) {
		const int *df = d.df + d.dfoff[i];
		int n = d.dfoff[i + 1] - d.dfoff[i];
		ok = d.idom[i] == 0 && d.level[i] == 1 && d.rpo[i] == i &&
		     (i == 1 ? n == 1 && df[0] == 2 :
		      i == K ? n == 1 && df[0] == K - 1 :
		      n == 2 && df[0] == i - 1 && df[1] == i + 1);
	}
	if (ok)
		pass("%s: idom, level, rpo, DF", t);
	else
		fail("%s: wrong result", t);
	/* Generous: a quadratic algorithm needs ~1e10 steps here. */
	if (s < 10)
		pass("%s: near-linear time", t);
	else
		fail("%s: took %.1fs", t, s);
	fn_free(f);
}

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
		 * its runner walks could run off the root. */
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
	t_line();
	t_diamond();
	t_nested_diamonds();
	t_while();
	t_nested_loops();
	t_irreducible();
	t_semi();
	t_unreachable();
	t_self_loops();
	t_duplicates();
	t_switch();
	t_odd_blocks();
	t_chain();
	t_nested_ifs();
	t_ladder();
	t_random();
	totals();
	return failed ? 1 : 0;
}
