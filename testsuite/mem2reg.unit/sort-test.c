/* sort-test.c - core/sort.c's sort_int and sort_u64 against qsort on
 * the inputs that break naive quicksorts: sorted, reversed, all equal,
 * organ pipe, few distinct values, random, and the median-of-three
 * killer, at sizes around the insertion-sort cutoff and up to 100,000.
 * Output follows dejagnu.h (PASSED:/FAILED: lines), run by unit.exp. */
#include "m2r.h"
#include "rng.h"

#include <dejagnu.h>
#include <stdlib.h>
#include <string.h>

static void fill(int kind, int *a, int n, Rng *r)
{
	for (int i = 0; i < n; i++)
		switch (kind) {
		case 0: a[i] = i; break;
		case 1: a[i] = n - i; break;
		case 2: a[i] = 7; break;
		case 3: a[i] = i < n / 2 ? i : n - i; break;
		case 4: a[i] = (int)rng_below(r, 4); break;
		case 5: a[i] = (int)rng_below(r, 1u << 30) - (1 << 29); break;
		default: /* median-of-3 killer (Musser) */
			a[i] = i % 2 ? n / 2 + i : i;
		}
}

int main(void)
{
	static const char *const kinds[] = {"sorted", "reversed", "equal", "organ pipe",
	                                    "few values", "random", "median killer"};
	static const int sizes[] = {0, 1, 2, 3, 15, 16, 17, 100, 1000, 100000};
	Rng r;
	rng_seed(&r, 42);
	int *a = xmalloc(100000 * sizeof(int)), *b = xmalloc(100000 * sizeof(int));
	uint64_t *u = xmalloc(100000 * sizeof(uint64_t)), *w = xmalloc(100000 * sizeof(uint64_t));
	for (int k = 0; k < 7; k++)
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
			int n = sizes[s], ok = 1;
			fill(k, a, n, &r);
			memcpy(b, a, (size_t)n * sizeof(int));
			for (int i = 0; i < n; i++) /* high and low halves both matter */
				u[i] = (uint64_t)(uint32_t)a[i] << 32 | (uint32_t)(a[(i * 7) % n]);
			memcpy(w, u, (size_t)n * sizeof(uint64_t));
			sort_int(a, n);
			qsort(b, (size_t)n, sizeof(int), cmp_int);
			ok &= !n || !memcmp(a, b, (size_t)n * sizeof(int));
			sort_u64(u, n);
			for (int i = 1; i < n; i++)
				ok &= u[i - 1] <= u[i];
			uint64_t sa = 0, sb = 0; /* same multiset: a cheap check */
			for (int i = 0; i < n; i++)
				sa += u[i] * 0x9E3779B97F4A7C15ull, sb += w[i] * 0x9E3779B97F4A7C15ull;
			ok &= sa == sb;
			if (ok)
				pass("sort: %s, %d elements", kinds[k], n);
			else
				fail("sort: %s, %d elements", kinds[k], n);
		}
	free(a), free(b), free(u), free(w);
	totals();
	return 0;
}
