/* memcount.c - the heap a process holds, counted (LD_PRELOAD; make
 * bench-goals' memory goal, with bench/memprobe.cc).
 *
 *   LD_PRELOAD=build/m2r-memcount.so gcc -fplugin=build/m2r-memprobe.so ...
 *
 * Replaces malloc, calloc, realloc, free and the aligned allocators (the
 * replacement glibc documents: its own functions that allocate, strdup
 * and the rest, call these) with glibc's own (__libc_malloc, ...), and
 * keeps `live`, the bytes of the blocks handed out and not freed
 * (malloc_usable_size: the block as the allocator rounds it, not its
 * header, nor the free lists and top chunk it keeps), and `peak`, the
 * most `live` has been since the last m2r_memcount_mark().
 *
 * Anonymous mappings (mmap, mremap, munmap) count too, but only those
 * asked for from outside the main program: a plugin's big chunks
 * (mem2reg's arena maps chunks of 2 MB and more itself).  GCC's own
 * mappings are its garbage collector's pages, which bench/memprobe.cc
 * counts by object instead (GCC's timevar_ggc_mem_total); malloc's own
 * mappings are inside glibc and not seen here (their blocks are counted
 * as blocks).  One thread: cc1 has one.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <malloc.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

#define EXPORT __attribute__((visibility("default")))

static long long live, peak;

static void grow(long long n)
{
	live += n;
	if (live > peak)
		peak = live;
}

static void *took(void *p)
{
	if (p)
		grow((long long)malloc_usable_size(p));
	return p;
}

EXPORT void *malloc(size_t n) { return took(__libc_malloc(n)); }
EXPORT void *calloc(size_t a, size_t b) { return took(__libc_calloc(a, b)); }
EXPORT void *memalign(size_t al, size_t n) { return took(__libc_memalign(al, n)); }
EXPORT void *aligned_alloc(size_t al, size_t n) { return took(__libc_memalign(al, n)); }
EXPORT void *valloc(size_t n) { return took(__libc_memalign((size_t)sysconf(_SC_PAGESIZE), n)); }

EXPORT void *pvalloc(size_t n)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	return took(__libc_memalign(pg, (n + pg - 1) / pg * pg));
}

EXPORT int posix_memalign(void **out, size_t al, size_t n)
{
	if (al < sizeof(void *) || (al & (al - 1)))
		return EINVAL;
	void *p = took(__libc_memalign(al, n));
	if (!p)
		return ENOMEM;
	*out = p;
	return 0;
}

EXPORT void free(void *p)
{
	if (!p)
		return;
	live -= (long long)malloc_usable_size(p);
	__libc_free(p);
}

EXPORT void *realloc(void *p, size_t n)
{
	long long old = p ? (long long)malloc_usable_size(p) : 0;
	void *q = __libc_realloc(p, n);
	if (!q && n) /* failed: p is as it was */
		return q;
	live -= old;
	return took(q);
}

/* ---------- the plugins' own mappings ---------- */

static uintptr_t exe_lo, exe_hi; /* the main program's segments */

static int exe_range(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size, (void)data;
	for (int i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		if (ph->p_type != PT_LOAD)
			continue;
		uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
		if (!exe_lo || lo < exe_lo)
			exe_lo = lo;
		if (hi > exe_hi)
			exe_hi = hi;
	}
	return 1; /* the first object is the main program */
}

static int from_outside(const void *ret)
{
	if (!exe_hi)
		dl_iterate_phdr(exe_range, NULL);
	return (uintptr_t)ret < exe_lo || (uintptr_t)ret >= exe_hi;
}

/* The counted mappings (a plugin has a few at once). */
enum { NMAP = 4096 };
static struct { void *p; size_t len; } maps[NMAP];

static int map_find(void *p)
{
	for (int i = 0; i < NMAP; i++)
		if (maps[i].p == p)
			return i;
	return -1;
}

static void map_add(void *p, size_t len)
{
	int i = map_find(NULL);
	if (i < 0)
		return; /* full: not counted (never seen) */
	maps[i].p = p, maps[i].len = len;
	grow((long long)len);
}

EXPORT void *mmap(void *a, size_t len, int prot, int flags, int fd, off_t off)
{
	void *p = (void *)syscall(SYS_mmap, a, len, prot, flags, fd, off);
	if (p != MAP_FAILED && (flags & MAP_ANONYMOUS) && from_outside(__builtin_return_address(0)))
		map_add(p, len);
	return p;
}

EXPORT int munmap(void *p, size_t len)
{
	int r = (int)syscall(SYS_munmap, p, len);
	int i = r == 0 && p ? map_find(p) : -1;
	if (i >= 0) { /* a counted mapping goes whole (the arena frees whole chunks) */
		live -= (long long)maps[i].len;
		maps[i].p = NULL;
	}
	return r;
}

EXPORT void *mremap(void *old, size_t oldlen, size_t len, int flags, ...)
{
	void *want = NULL;
	if (flags & MREMAP_FIXED) {
		va_list ap;
		va_start(ap, flags);
		want = va_arg(ap, void *);
		va_end(ap);
	}
	void *p = (void *)syscall(SYS_mremap, old, oldlen, len, flags, want);
	int i = p != MAP_FAILED && old ? map_find(old) : -1;
	if (i >= 0) {
		live -= (long long)maps[i].len;
		maps[i].p = p, maps[i].len = len;
		grow((long long)len);
	}
	return p;
}

/* ---------- what bench/memprobe.cc reads ---------- */

EXPORT long long m2r_memcount_live(void) { return live; }
EXPORT long long m2r_memcount_peak(void) { return peak; }
EXPORT void m2r_memcount_mark(void) { peak = live; }
