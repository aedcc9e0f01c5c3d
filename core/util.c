/* util.c - what every part of the tree shares and must not write twice:
 * die() for broken invariants, xmalloc, the integer comparison for
 * qsort, and the one clock every recorded time is read from. */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "m2r.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void die_(const char *file, int line, const char *fmt, ...)
{
	va_list ap;
	fflush(stdout);
	fprintf(stderr, "m2r: internal error at %s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die("out of memory (%zu bytes)", n);
	return p;
}

/* Scratch: what the core mallocs beside the function's arena and frees
 * before it returns (the dominator walk's tables, the frontier pairs,
 * braun's memo).  Counted, so that the core's peak memory
 * (Stats.scratch_peak) is the arena it adds and the most of this it held
 * at once.  One compile is one thread. */
static size_t scratch_now, scratch_top;

/* Each block starts with its capacity; freed blocks of up to
 * SCRATCH_KEEP bytes are kept (at most SCRATCH_SLOTS) for the next
 * scratch_get: a small function took 4 blocks and gave them back, a
 * malloc and a free each (a tenth of its dominator tree).  The counts
 * above are of the sizes asked for, whatever the block's capacity. */
typedef struct { size_t cap, pad; } SHdr; /* 16 bytes: the block stays aligned */
enum { SCRATCH_SLOTS = 4 };
#define SCRATCH_KEEP ((size_t)64 << 10)
#define SCRATCH_MIN ((size_t)1 << 10) /* so that any small block serves */
static SHdr *scratch_free[SCRATCH_SLOTS];

static void scratch_count(size_t add)
{
	scratch_now += add;
	if (scratch_now > scratch_top)
		scratch_top = scratch_now;
}

void *scratch_get(size_t n)
{
	int best = -1;
	for (int i = 0; i < SCRATCH_SLOTS; i++)
		if (scratch_free[i] && scratch_free[i]->cap >= n &&
		    (best < 0 || scratch_free[i]->cap < scratch_free[best]->cap))
			best = i;
	SHdr *h;
	if (best >= 0) {
		h = scratch_free[best];
		scratch_free[best] = NULL;
	} else {
		size_t cap = n < SCRATCH_MIN ? SCRATCH_MIN : n;
		h = xmalloc(sizeof *h + cap);
		h->cap = cap;
	}
	scratch_count(n);
	return h + 1;
}

void *scratch_grow(void *p, size_t old, size_t n)
{
	if (!p) {
		invariant(old == 0);
		return scratch_get(n);
	}
	SHdr *h = (SHdr *)p - 1;
	if (h->cap < n) {
		h = realloc(h, sizeof *h + n);
		if (!h)
			die("out of memory (%zu bytes)", n);
		h->cap = n;
	}
	scratch_now -= old;
	scratch_count(n);
	return h + 1;
}

void scratch_put(void *p, size_t n)
{
	scratch_now -= n;
	if (!p)
		return;
	SHdr *h = (SHdr *)p - 1;
	if (h->cap <= SCRATCH_KEEP && !M2R_ASAN) /* ASan: a use after the put is seen */
		for (int i = 0; i < SCRATCH_SLOTS; i++)
			if (!scratch_free[i]) {
				scratch_free[i] = h;
				return;
			}
	free(h);
}

size_t scratch_mark(void)
{
	scratch_top = scratch_now;
	return scratch_now;
}

size_t scratch_peak_since(size_t mark)
{
	return scratch_top - mark;
}

int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* Read once: the environment does not change inside one compile. */
static clockid_t clock_id(void)
{
	static int done;
	static clockid_t id = CLOCK_MONOTONIC;
	if (!done) {
		const char *s = getenv("M2R_CLOCK");
		if (s && strcmp(s, "cpu") == 0)
			id = CLOCK_THREAD_CPUTIME_ID;
		done = 1;
	}
	return id;
}

static int clock_off;

void m2r_clock_use(int on)
{
	clock_off = !on;
}

long long m2r_now(void)
{
	if (clock_off)
		return 0;
	struct timespec t;
	clock_gettime(clock_id(), &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

const char *m2r_clock_name(void)
{
	return clock_id() == CLOCK_MONOTONIC ? "wall" : "cpu";
}
