/* dom-util.h - building CFGs from a spec and checking dominators and
 * frontiers, for the unit tests of cfg_build, dom_build and df_build
 * (dom-test.c, dom-random-test.c).  Include after dejagnu.h: the checks
 * report through its pass() and fail().  static inline so that a test
 * need not use every helper. */
#ifndef M2R_DOM_UTIL_H
#define M2R_DOM_UTIL_H

#include "m2r.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---------- building CFGs ---------- */

/* Give block b a terminator with the given labels: ret, br, br i1 or
 * switch depending on the count, the way the reader would. */
static inline int term(Fn *f, int b, const int *lab, int nlab)
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
static inline Fn *mk(const char *spec)
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

static inline void build(Fn *f, Dom *d)
{
	cfg_build(f);
	dom_build(f, d);
	df_build(f, d);
}

/* ---------- checking ---------- */

/* Compare an int array with expected values; -9 in exp means "any". */
static inline int same(const int *got, const int *exp, int n)
{
	for (int i = 0; i < n; i++)
		if (exp[i] != -9 && got[i] != exp[i])
			return 0;
	return 1;
}

static inline void show(char *buf, size_t len, const int *v, int n)
{
	size_t k = 0;
	buf[0] = 0;
	for (int i = 0; i < n && k + 16 < len; i++)
		k += (size_t)snprintf(buf + k, len - k, "%s%d", i ? " " : "", v[i]);
}

static inline void check(const char *test, const char *what, const int *got,
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
static inline void check_df(const char *test, const Dom *d, const char *spec)
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

static inline void check_dom(const char *test, const Dom *d, int a, int b, int exp)
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
static inline const char *structure(const Dom *d)
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

static inline void check_structure(const char *test, const Dom *d)
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

#endif
