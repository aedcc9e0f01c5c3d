/* sort.c - ascending sorts of ints and 64-bit keys, for the phases that
 * sort per variable (phi blocks, dominator-interval keys): libc's qsort
 * calls a comparison through a pointer per step and allocates a buffer,
 * which cost more than the sorting on a function with 3,000 variables.
 * Introsort: quicksort with a median of three, insertion sort below 16
 * elements, heapsort past 2 log2(n) levels, so O(n log n) on any input. */
#include "m2r.h"

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
	void NAME(T *a, int n)                                                  \
	{                                                                       \
		int depth = 0;                                                  \
		for (int m = n; m > 1; m >>= 1)                                 \
			depth += 2;                                             \
		NAME##_rec(a, n, depth);                                        \
	}

SORT_FN(sort_int, int)
SORT_FN(sort_u64, uint64_t)
