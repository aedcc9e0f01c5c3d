/* dom-test.c - unit tests of cfg_build, dom_build and df_build.
 *
 * Hand-made CFGs with expected values worked out on paper, and big CFGs
 * that would overflow a recursive implementation or make an iterative
 * (Cooper-Harvey-Kennedy) dominator computation quadratic.  Random CFGs
 * against a data-flow reference: dom-random-test.c.
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp.
 */
#include "m2r.h"

#include <dejagnu.h> /* the only file including it: defines wait() */
#include "dom-util.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
	totals();
	return failed ? 1 : 0;
}
