/* sort.c - an ascending sort of ints, for the phases that sort per
 * variable (phi blocks, dominator-tree pre numbers): libc's qsort
 * calls a comparison through a pointer per step and allocates a buffer,
 * which cost more than the sorting on a function with 3,000 variables.
 * Introsort: quicksort with a median of three, insertion sort below 16
 * elements, heapsort past 2 log2(n) levels, so O(n log n) on any input. */
#include "m2r.h"

#include <string.h>

#define SORT_FN(NAME, T)                                                       \
	static void NAME##_ins(T *a, int n)                                     \
	{                                                                       \
		for (int i = 1; i < n; i++) {                                   \
			T x = a[i];                                             \
			int j = i;                                              \
			for (; j > 0 && a[j - 1] > x; j--)                      \
				a[j] = a[j - 1];                                \
			a[j] = x;                                               \
		}                                                               \
	}                                                                       \
	static void NAME##_sift(T *a, int i, int n)                             \
	{                                                                       \
		T x = a[i];                                                     \
		for (int c; (c = 2 * i + 1) < n; i = c) {                       \
			if (c + 1 < n && a[c + 1] > a[c])                       \
				c++;                                            \
			if (a[c] <= x)                                          \
				break;                                          \
			a[i] = a[c];                                            \
		}                                                               \
		a[i] = x;                                                       \
	}                                                                       \
	static void NAME##_heap(T *a, int n)                                    \
	{                                                                       \
		for (int i = n / 2 - 1; i >= 0; i--)                            \
			NAME##_sift(a, i, n);                                   \
		for (int m = n - 1; m > 0; m--) {                               \
			T t = a[0];                                             \
			a[0] = a[m];                                            \
			a[m] = t;                                               \
			NAME##_sift(a, 0, m);                                   \
		}                                                               \
	}                                                                       \
	static void NAME##_rec(T *a, int n, int depth)                          \
	{                                                                       \
		while (n > 16) {                                                \
			if (depth-- == 0) {                                     \
				NAME##_heap(a, n);                              \
				return;                                         \
			}                                                       \
			T x = a[0], y = a[n / 2], z = a[n - 1], p;              \
			p = x < y ? (y < z ? y : x < z ? z : x)                 \
			          : (x < z ? x : y < z ? z : y);                \
			int i = 0, j = n - 1;                                   \
			for (;;) { /* Hoare: a[..i) <= p <= a(j..] */           \
				while (a[i] < p)                                \
					i++;                                    \
				while (a[j] > p)                                \
					j--;                                    \
				if (i >= j)                                     \
					break;                                  \
				T t = a[i];                                     \
				a[i++] = a[j];                                  \
				a[j--] = t;                                     \
			}                                                       \
			/* the smaller side recursively: log n stack */         \
			if (j + 1 < n - j - 1) {                                \
				NAME##_rec(a, j + 1, depth);                    \
				a += j + 1, n -= j + 1;                         \
			} else {                                                \
				NAME##_rec(a + j + 1, n - j - 1, depth);        \
				n = j + 1;                                      \
			}                                                       \
		}                                                               \
		NAME##_ins(a, n);                                               \
	}                                                                       \
	static void NAME##_intro(T *a, int n)                                   \
	{                                                                       \
		int depth = 0;                                                  \
		for (int m = n; m > 1; m >>= 1)                                 \
			depth += 2;                                             \
		NAME##_rec(a, n, depth);                                        \
	}

SORT_FN(sort_int, int)

/* The end of the monotone run at a[i..n): ascending (equal keys
 * included) or strictly descending, *desc telling which. */
static int run_end(const int *a, int i, int n, int *desc)
{
	int j = i + 1;
	*desc = j < n && a[j] < a[i];
	if (*desc)
		while (j < n && a[j] < a[j - 1])
			j++;
	else
		while (j < n && a[j] >= a[j - 1])
			j++;
	return j;
}

static void reverse(int *a, int n)
{
	for (int i = 0, j = n - 1; i < j; i++, j--) {
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* Placement's keys are mostly one or two monotone runs: a variable's
 * def blocks come in block order, which structured code numbers in
 * dominator-tree pre-order, and the frontier's blocks in the reverse of
 * the order its worklist found them.  Descending is the insertion
 * sort's worst case (and a quicksort pass's cost on the rest), so a
 * whole run is reversed in place, and two runs are merged through tmp
 * when there is one: O(n) where the sort was O(n^2) below 16 keys and
 * O(n log n) above.  The scan costs at most n steps when the input is
 * neither. */
void sort_int(int *a, int n)
{
	int desc;
	if (n > 2 && run_end(a, 0, n, &desc) == n) {
		if (desc)
			reverse(a, n);
		return;
	}
	sort_int_intro(a, n);
}

/* Merge the two runs a[0..m) and a[m..n) (each ascending once reversed
 * when desc0 / desc1) through tmp into a. */
static void merge_runs(int *a, int m, int n, int desc0, int desc1, int *tmp)
{
	/* Read each run from its low end: i up or down, j up or down. */
	int i = desc0 ? m - 1 : 0, iend = desc0 ? -1 : m, di = desc0 ? -1 : 1;
	int j = desc1 ? n - 1 : m, jend = desc1 ? m - 1 : n, dj = desc1 ? -1 : 1;
	int k = 0;
	while (i != iend && j != jend)
		if (a[j] < a[i])
			tmp[k++] = a[j], j += dj;
		else
			tmp[k++] = a[i], i += di;
	while (i != iend)
		tmp[k++] = a[i], i += di;
	while (j != jend)
		tmp[k++] = a[j], j += dj;
	memcpy(a, tmp, (size_t)n * sizeof(int));
}

/* Non-negative ints below lim, through tmp (n ints): an LSD radix sort by
 * bytes, as many passes as lim needs, when n is large enough to pay for
 * the 256 counters a pass; the introsort otherwise.  Placement sorts
 * dominator-tree pre numbers (below the block count) per variable, a
 * hundred on average on loop nests, where the introsort cost about 130
 * instructions a key. */
void sort_int_below(int *a, int n, int lim, int *tmp)
{
	int d0, d1;
	int m = n > 2 ? run_end(a, 0, n, &d0) : 0;
	if (m == n) {
		if (d0)
			reverse(a, n);
		return;
	}
	if (m && run_end(a, m, n, &d1) == n) {
		merge_runs(a, m, n, d0, d1, tmp);
		return;
	}
	if (n < 64) {
		sort_int_intro(a, n);
		return;
	}
	int *src = a, *dst = tmp;
	for (int shift = 0; shift < 31 && (lim - 1) >> shift; shift += 8) {
		int cnt[257] = {0};
		for (int i = 0; i < n; i++)
			cnt[(src[i] >> shift & 255) + 1]++;
		for (int d = 0; d < 256; d++)
			cnt[d + 1] += cnt[d];
		for (int i = 0; i < n; i++)
			dst[cnt[src[i] >> shift & 255]++] = src[i];
		int *t = src;
		src = dst;
		dst = t;
	}
	if (src != a)
		memcpy(a, src, (size_t)n * sizeof(int));
}
