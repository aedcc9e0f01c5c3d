/* sort-test.c - core/sort.c's sort_int and sort_int_below against qsort
 * on the inputs that break naive quicksorts: sorted, reversed, all
 * equal, organ pipe, few distinct values, random, and the median-of-three
 * killer, at sizes around the insertion-sort and radix cutoffs and up to
 * 100,000; sort_int_below with bounds of one to four bytes.
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
	int *tmp = xmalloc(100000 * sizeof(int));
	static const int lims[] = {1, 200, 70000, 1 << 30};
	for (int k = 0; k < 7; k++)
		for (size_t s = 0; s < sizeof sizes / sizeof *sizes; s++) {
			int n = sizes[s], ok = 1;
			fill(k, a, n, &r);
			memcpy(b, a, (size_t)n * sizeof(int));
			sort_int(a, n);
			qsort(b, (size_t)n, sizeof(int), cmp_int);
			ok &= !n || !memcmp(a, b, (size_t)n * sizeof(int));
			if (ok)
				pass("sort: %s, %d elements", kinds[k], n);
			else
				fail("sort: %s, %d elements", kinds[k], n);
			for (size_t l = 0; l < sizeof lims / sizeof *lims; l++) {
				int lim = lims[l];
				fill(k, a, n, &r);
				for (int i = 0; i < n; i++) /* into [0, lim) */
					a[i] = (int)(((unsigned)a[i] & 0x7fffffff) % (unsigned)lim);
				memcpy(b, a, (size_t)n * sizeof(int));
				sort_int_below(a, n, lim, tmp);
				qsort(b, (size_t)n, sizeof(int), cmp_int);
				if (!n || !memcmp(a, b, (size_t)n * sizeof(int)))
					pass("sort below %d: %s, %d elements", lim, kinds[k], n);
				else
					fail("sort below %d: %s, %d elements", lim, kinds[k], n);
			}
		}
	free(a), free(b), free(tmp);
	totals();
	return 0;
}
