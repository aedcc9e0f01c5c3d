/* ir.c - arena, functions, blocks, instructions, values. */
#define _GNU_SOURCE /* mmap, madvise, mremap */
#include "m2r.h"

#include <stdlib.h>
#include <string.h>
#ifdef __linux__
#include <sys/mman.h>
#endif

/* ---------- arena ---------- */

typedef struct Chunk Chunk;
struct Chunk {
	Chunk *next;
	size_t size, used;
	int mapped;       /* from mmap (huge pages) rather than malloc */
	_Alignas(16) unsigned char mem[];
};

/* Big chunks ask for transparent huge pages: a 100k-statement function
 * touches hundreds of MB, and 4 KB page faults and TLB misses then cost
 * as much as the work itself. */
#define HUGE_CHUNK ((size_t)2 << 20)

/* Big chunks are mapped; the rest, own tables (agrow) included, come
 * from malloc, which realloc grows (in place when it can). */
static Chunk *chunk_new(size_t sz)
{
	Chunk *c = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (sizeof *c + sz >= HUGE_CHUNK) {
		void *p = mmap(NULL, sizeof *c + sz, PROT_READ | PROT_WRITE,
		               MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p != MAP_FAILED) {
			madvise(p, sizeof *c + sz, MADV_HUGEPAGE);
			c = p;
			c->mapped = 1;
		}
	}
#endif
	if (!c) {
		c = xmalloc(sizeof *c + sz);
		c->mapped = 0;
	}
	c->size = sz;
	c->used = 0;
	return c;
}

static void chunk_free(Chunk *c)
{
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (c->mapped) {
		munmap(c, sizeof *c + c->size);
		return;
	}
#endif
	free(c);
}

/* ArenaHead first (m2r.h): aalloc_raw carves [cur, end) of the head
 * chunk inline; the head chunk's used is not kept (cur is), and no
 * other chunk of the list is carved again. */
struct Arena {
	ArenaHead h;
	Chunk *head;
	Chunk *own;    /* chunks holding one growable table each (agrow) */
	size_t headsz; /* the sizes of the head list's chunks */
	Arena *next;   /* on the list of spare structs (arena_free) */
};

/* Chunks of freed arenas, kept for the next one: a tool makes one arena
 * per function, and the next function then works in memory that is
 * already mapped and in the caches instead of faulting in fresh pages
 * (a small function's first chunk cost it more than its promotion).
 * At most SPARE_MAX bytes are kept; the rest is freed.  The smallest
 * chunk is 8 KB: a small function takes about five (its arena's head,
 * its own tables, the lowering's scratch), 40 KB in all, less than
 * GCC's pass takes for the first function of a compile; a large one
 * grows geometrically (aalloc_chunk), a few chunks more.  Nothing is
 * mapped or touched ahead of the first function: four 64 KB chunks
 * warmed at start cost each compile 260,000 instructions and 256 KB to
 * take the first function's page faults out of its time. */
#define SPARE_MAX ((size_t)4 << 20)
#define SPARE_MIN ((size_t)8 << 10) /* aalloc_raw's smallest chunk */
static Chunk *spare;
static size_t spare_bytes;

/* The smallest spare chunk of at least sz bytes, taken off the list. */
static Chunk *spare_take(size_t sz)
{
	Chunk **best = NULL;
	for (Chunk **p = &spare; *p; p = &(*p)->next)
		if ((*p)->size >= sz && (!best || (*p)->size < (*best)->size))
			best = p;
	if (!best)
		return NULL;
	Chunk *c = *best;
	*best = c->next;
	spare_bytes -= c->size;
	c->used = 0;
	return c;
}

static void spare_put(Chunk *c)
{
	/* ASan: a use of a freed arena's memory is seen (and a spare list
	 * through a mapped chunk, which LeakSanitizer does not scan, is not
	 * reported as a leak) */
	if (spare_bytes + c->size > SPARE_MAX || M2R_ASAN) {
		chunk_free(c);
		return;
	}
	c->next = spare;
	spare = c;
	spare_bytes += c->size;
}

/* An empty arena carves from here: no chunk yet, no room (a request
 * of 0 bytes gets this pointer). */
static _Alignas(16) unsigned char no_room[16];
/* The structs of freed arenas, for the next ones: a function makes two
 * (the IR's and the lowering's), a malloc and a free each. */
static Arena *spare_arenas;
static int nspare_arenas;

Arena *arena_new(void)
{
	Arena *a = spare_arenas;
	if (a) {
		spare_arenas = a->next;
		nspare_arenas--;
	} else
		a = xmalloc(sizeof *a);
	a->h.cur = a->h.end = no_room;
	a->h.bytes = 0;
	a->head = a->own = NULL;
	a->headsz = 0;
	return a;
}

void arena_free(Arena *a)
{
	if (!a)
		return;
	for (Chunk *c = a->head, *n; c; c = n) {
		n = c->next;
		spare_put(c);
	}
	for (Chunk *c = a->own, *n; c; c = n) {
		n = c->next;
		spare_put(c); /* at least SPARE_MIN (own_new): a spare's size */
	}
	if (nspare_arenas < 4 && !M2R_ASAN) { /* ASan: a use after the free is seen */
		a->next = spare_arenas;
		spare_arenas = a;
		nspare_arenas++;
	} else
		free(a);
}

/* aalloc_raw's slow path: n (a multiple of 16) does not fit in the
 * head chunk's room, which a new head chunk replaces (the rest of the
 * old one is left unused).  A new chunk is half the head list's chunks
 * so far: the list grows geometrically (few chunks) and the last one's
 * unused room is at most a third of the list.  Doubling the last chunk
 * instead left up to two thirds unused: Lua's luaV_execute took 2.1 MB
 * for 1.3 MB handed out, 1.4 MB this way.  A block larger than the new
 * chunk would be gets a chunk of its own, so that the head's room is
 * not left behind for it. */
void *aalloc_chunk(Arena *a, size_t n)
{
	Chunk *c;
	size_t sz = (a->headsz / 2 + 15) & ~(size_t)15;
	if (sz < SPARE_MIN)
		sz = SPARE_MIN;
	if (sz < n && a->head) {
		/* behind the head, whose room stays in use */
		if (!(c = spare_take(n)))
			c = chunk_new(n);
		c->next = a->head->next;
		a->head->next = c;
		a->h.bytes += n;
		return c->mem;
	}
	if (sz < n)
		sz = n;
	if (!(c = spare_take(sz)))
		c = chunk_new(sz);
	c->next = a->head;
	a->head = c;
	a->headsz += c->size;
	a->h.cur = c->mem + n;
	a->h.end = c->mem + c->size;
	a->h.bytes += n;
	return c->mem;
}

/* Growable tables.  A large table (the instructions, the values) that
 * grows by copying leaves its old copy in the arena, which frees
 * nothing: the core's phis made the instruction table of a large
 * function grow once more, and its old copy was a third of the
 * memory.  From OWN_MIN bytes up a table gets a chunk of its own
 * (Arena.own), and a table made by aown() too, whatever its size.
 * An own chunk is at least a spare's size (SPARE_MIN) and comes from
 * the spares when one fits, like any chunk: a small table grows in it
 * without a copy or a call, and a larger one by realloc or mremap
 * (which moves pages, not bytes); nothing is left behind.  Once own,
 * a table stays own.  As everywhere in the arena, the bytes counted
 * are those handed out (the table's size), not the chunk's. */
#define OWN_MIN ((size_t)256 << 10)

static void *own_new(Arena *a, size_t n)
{
	size_t sz = n < SPARE_MIN ? SPARE_MIN : n;
	Chunk *c = spare_take(sz);
	if (!c)
		c = chunk_new(sz);
	c->used = c->size;
	c->next = a->own;
	a->own = c;
	a->h.bytes += n;
	return c->mem;
}

/* The chunk of own table p, or NULL when p is not one. */
static Chunk **own_of(Arena *a, const void *p)
{
	for (Chunk **q = &a->own; *q; q = &(*q)->next)
		if ((*q)->mem == p)
			return q;
	return NULL;
}

void *aown(Arena *a, size_t n)
{
	return own_new(a, n ? n : 16);
}

static void *agrow(Arena *a, void *p, size_t old, size_t n)
{
	Chunk **q = p ? own_of(a, p) : NULL;
	if (!q && n < OWN_MIN) {
		void *r = aalloc_raw(a, n);
		if (old)
			memcpy(r, p, old);
		return r;
	}
	if (!q) {
		void *r = own_new(a, n);
		if (old)
			memcpy(r, p, old);
		return r;
	}
	Chunk *c = *q;
	a->h.bytes += n - old;
	if (n <= c->size)
		return c->mem; /* room in the chunk: no copy, no call */
	if (!c->mapped && old < c->size / 2 && sizeof *c + n < HUGE_CHUNK) {
		/* A small table in a larger chunk (a spare, or SPARE_MIN's
		 * least): realloc would copy the whole chunk; a fresh one
		 * copies the table's bytes, and the old chunk goes back to
		 * the spares (c-torture's instruction tables grew so). */
		Chunk *g = spare_take(n);
		if (!g)
			g = chunk_new(n);
		memcpy(g->mem, c->mem, old);
		g->used = g->size;
		g->next = c->next;
		*q = g;
		spare_put(c);
		return g->mem;
	}
	Chunk *g = NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
	if (!c->mapped && sizeof *c + n >= HUGE_CHUNK) {
		/* mapped from now on: huge pages, and mremap (one copy) */
		g = chunk_new(n);
		memcpy(g->mem, c->mem, old);
		g->next = c->next;
		chunk_free(c);
	} else if (c->mapped) {
		void *m = mremap(c, sizeof *c + c->size, sizeof *c + n, MREMAP_MAYMOVE);
		if (m == MAP_FAILED)
			die("out of memory (mremap of %zu bytes)", sizeof *c + n);
		g = m;
	}
#endif
	if (!g && !c->mapped) {
		g = realloc(c, sizeof *c + n);
		if (!g)
			die("out of memory (%zu bytes)", sizeof *c + n);
	}
	if (!g) { /* mapped but no mremap: a new chunk and a copy */
		g = chunk_new(n);
		memcpy(g->mem, c->mem, old);
		g->next = c->next;
		chunk_free(c);
	}
	g->size = g->used = n;
	*q = g;
	return g->mem;
}

void *aalloc(Arena *a, size_t n)
{
	return memset(aalloc_raw(a, n), 0, n);
}

void aints_each_raw(Arena *a, int **const arrs[], int k, size_t m)
{
	int *mem = aalloc_raw(a, (size_t)k * m * sizeof(int));
	for (int i = 0; i < k; i++)
		*arrs[i] = mem + (size_t)i * m;
}

void aints_each(Arena *a, int **const arrs[], int k, size_t m)
{
	aints_each_raw(a, arrs, k, m);
	memset(*arrs[0], 0, (size_t)k * m * sizeof(int)); /* arrs[0] is the start */
}

char *astrndup(Arena *a, const char *s, size_t n)
{
	char *d = aalloc_raw(a, n + 1); /* every byte written */
	memcpy(d, s, n);
	d[n] = 0;
	return d;
}

size_t arena_bytes(const Arena *a)
{
	return a->h.bytes;
}

void vgrow_(Arena *a, void **v, int *cap, size_t elsz, int need)
{
	int c = *cap ? *cap : 4;
	while (c < need)
		c *= 2;
	/* elements past .n are unread: not zeroed */
	*v = agrow(a, *v, (size_t)*cap * elsz, (size_t)c * elsz);
	*cap = c;
}

void vgrow_exact_(Arena *a, void **v, int *cap, size_t elsz, int need)
{
	size_t n = (size_t)need * elsz;
	/* A table's first room, when small, is carved as any allocation is
	 * (agrow's own first case, without its call: a small function
	 * reserves 17 tables). */
	*v = !*v && n < OWN_MIN ? aalloc_raw(a, n) : agrow(a, *v, (size_t)*cap * elsz, n);
	*cap = need;
}

void bs_init(Arena *a, BSet *s, int nbits)
{
	s->nw = (nbits + 63) / 64;
	s->w = aalloc(a, (size_t)(s->nw ? s->nw : 1) * sizeof(Word));
}

/* ---------- functions ---------- */

Fn *fn_new(const char *name)
{
	Arena *a = arena_new();
	Fn *f = aalloc(a, sizeof *f);
	f->a = a;
	f->name = astrndup(a, name, strlen(name));
	/* The two tables that grow after the tool made them (the core
	 * appends its phis) have chunks of their own: growing one leaves
	 * no copy behind in the arena, so nobody reserves room for them. */
	f->val.v = aown(a, 2 * sizeof *f->val.v);
	f->val.cap = 2; /* the two below */
	f->ins.v = aown(a, 4 * sizeof *f->ins.v);
	f->ins.cap = 4;
	f->ret = -1;
	/* named by literals, not the arena's copies (fn_val's) */
	f->undef = fn_val(f, VUNDEF, -1, NULL);
	f->poison = fn_val(f, VPOISON, -1, NULL);
	f->val.v[f->undef].name = "undef";
	f->val.v[f->poison].name = "poison";
	return f;
}

void fn_free(Fn *f)
{
	if (f)
		arena_free(f->a);
}

/* Types are few per function: a linear intern is cheap enough, and
 * keeping it simple avoids a hash table here. */
static int type_intern(Fn *f, const char *text, size_t n, int copy)
{
	for (int i = 0; i < f->type.n; i++)
		if (strlen(f->type.v[i]) == n && memcmp(f->type.v[i], text, n) == 0)
			return i;
	invariant(f->type.n < VAL_TYPE_MAX - 1); /* Val.type's 24 bits */
	vpush(f->a, f->type, copy ? astrndup(f->a, text, n) : text);
	return f->type.n - 1;
}

int fn_type(Fn *f, const char *text, size_t n)
{
	return type_intern(f, text, n, 1);
}

int fn_type_ref(Fn *f, const char *text)
{
	return type_intern(f, text, strlen(text), 0);
}

const char *fn_typestr(const Fn *f, int t)
{
	if (t == -1)
		return "?"; /* unknown or untyped, as m2r.h says */
	invariant(t >= 0 && t < f->type.n);
	return f->type.v[t];
}

int fn_blk(Fn *f, const char *name)
{
	Blk b;
	memset(&b, 0, sizeof b);
	b.name = name ? astrndup(f->a, name, strlen(name)) : NULL;
	b.num = b.inum = -1;
	vpush(f->a, f->blk, b);
	return f->blk.n - 1;
}

int fn_val(Fn *f, int kind, int type, const char *name)
{
	const char *nm = name ? astrndup(f->a, name, strlen(name)) : NULL;
	vreserve(f->a, f->val, f->val.n + 1);
	int id = f->val.n++;
	f->val.v[id] = (Val){ .kind = (unsigned)kind, .type = type, .ins = -1,
	                      .name = nm }; /* in place: no copy of the record */
	return id;
}

int fn_const(Fn *f, int type, const char *text)
{
	return fn_val(f, VCONST, type, text);
}

/* A new pool chunk (the old one's rest abandoned) is sized from the
 * instruction table (reserved up front by the bridge and the reader),
 * an int and a half an instruction (operands and labels: c-torture's
 * functions have 1.25 operands an instruction), so that a large
 * function makes few and a small one wastes little: 64 ints at least,
 * as before, was a twentieth of c-torture's IR, and one int an
 * instruction made most functions take a second chunk. */
void fn_pool_refill(Fn *f, int n)
{
	int want = f->ins.cap + f->ins.cap / 2;
	if (want < 16)
		want = 16;
	if (want < n)
		want = n;
	f->pool = aalloc_raw(f->a, (size_t)want * sizeof(int));
	f->npool = want;
}

int fn_ins(Fn *f, int b, int op, int type, int nop, int nlab)
{
	vreserve(f->a, f->ins, f->ins.n + 1);
	int id = f->ins.n++;
	Ins *in = &f->ins.v[id]; /* made in place: no copy of the record */
	*in = (Ins){ .op = (uint8_t)op, .blk = b, .type = type, .res = -1,
	             .nop = nop, .nlab = nlab };
	if (nop)
		in->ops = fn_pool_ints(f, nop);
	if (nlab)
		in->lab = fn_pool_ints(f, nlab);
	if (op == OALLOCA) /* promotion starts from them: no scan for them */
		vpush(f->a, f->allocas, id);
	f->nmem += op == OLOAD || op == OSTORE;
	if (b >= 0)
		vpush(f->a, f->blk.v[b].ins, id);
	return id;
}

int fn_res(Fn *f, int i, int t, const char *name)
{
	int v = fn_val(f, VINS, t, name);
	f->val.v[v].ins = i;
	f->ins.v[i].res = v;
	return v;
}

void fn_setpos(Fn *f, int i, int line, int col)
{
	invariant(!f->pos.n || f->pos.v[f->pos.n - 1].ins < i);
	Pos p = { i, line, col };
	vpush(f->a, f->pos, p);
}

int fn_pos(const Fn *f, int i, int *line, int *col)
{
	int lo = 0, hi = f->pos.n;
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (f->pos.v[m].ins < i)
			lo = m + 1;
		else
			hi = m;
	}
	if (lo == f->pos.n || f->pos.v[lo].ins != i)
		return 0;
	*line = f->pos.v[lo].line;
	*col = f->pos.v[lo].col;
	return 1;
}

void fn_setltext(Fn *f, int i, const char *text)
{
	LText *last = f->ltext.n ? &f->ltext.v[f->ltext.n - 1] : NULL;
	if (last && last->ins == i) {
		last->text = text;
		return;
	}
	invariant(!last || last->ins < i);
	LText t = { i, text };
	vpush(f->a, f->ltext, t);
}

const char *fn_ltext(const Fn *f, int i)
{
	int lo = 0, hi = f->ltext.n;
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (f->ltext.v[m].ins < i)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < f->ltext.n && f->ltext.v[lo].ins == i ? f->ltext.v[lo].text : NULL;
}

int val_res_slow(Fn *f, int v)
{
	if (!f->fwd || v < 0 || v >= f->nfwd)
		return v;
	int r = v;
	while (r < f->nfwd && f->fwd[r] >= 0)
		r = f->fwd[r];
	while (v < f->nfwd && f->fwd[v] >= 0) { /* path compression */
		int n = f->fwd[v];
		f->fwd[v] = r;
		v = n;
	}
	return r;
}

int op_is_term(int op)
{
	switch (op) {
	case OBR: case OCBR: case OSWITCH: case ORET: case OUNREACH: case OTERM:
		return 1;
	default:
		return 0;
	}
}

const char *blk_label(Fn *f, int b, char *buf, size_t len)
{
	const Blk *bk = &f->blk.v[b];
	if (bk->name)
		return bk->name;
	snprintf(buf, len, "%d", bk->num);
	return buf;
}

const char *val_label(Fn *f, int v, char *buf, size_t len)
{
	if (v < 0 || v >= f->val.n)
		return "poison"; /* an entry nobody filled */
	const Val *x = &f->val.v[v];
	switch (x->kind) {
	case VUNDEF:
		return "undef";
	case VPOISON:
		return "poison";
	case VCONST:
	case VOPAQUE:
	case VDEF:
		return x->name ? x->name : "?";
	default:
		if (x->name)
			snprintf(buf, len, "%%%s", x->name);
		else
			snprintf(buf, len, "%%%d", val_num(f, v));
		return buf;
	}
}

int phi_slot(const Ins *in, int p)
{
	int lo = 0, hi = in->nlab;
	while (lo < hi) {
		int m = (lo + hi) / 2;
		if (in->lab[m] < p)
			lo = m + 1;
		else
			hi = m;
	}
	return lo;
}

/* ---------- numbering ---------- */

void val_setnum(Fn *f, int v, int num)
{
	invariant(v >= 0 && v < f->val.n);
	if (v >= f->nvnum) {
		int cap = f->val.cap > v ? f->val.cap : v + 1, old = f->nvnum;
		int *nv = aalloc_raw(f->a, (size_t)cap * sizeof(int));
		if (old)
			memcpy(nv, f->vnum, (size_t)old * sizeof(int));
		for (int i = old; i < cap; i++)
			nv[i] = -1;
		f->vnum = nv;
		f->nvnum = cap;
	}
	f->vnum[v] = num;
}

void fn_number(Fn *f)
{
	int n = 0;
	if (f->nvnum < f->val.n)
		val_setnum(f, f->val.n - 1, -1); /* sized for every value */
	for (int a = 0; a < f->arg.n; a++) {
		int v = f->arg.v[a];
		f->vnum[v] = f->val.v[v].name ? -1 : n++;
	}
	for (int b = 0; b < f->blk.n; b++) {
		Blk *bk = &f->blk.v[b];
		bk->num = bk->name ? -1 : n++;
		for (int j = 0; j < bk->ins.n; j++) {
			Ins *in = &f->ins.v[bk->ins.v[j]];
			if ((in->flags & IDEAD) || in->res < 0)
				continue;
			f->vnum[in->res] = f->val.v[in->res].name ? -1 : n++;
		}
	}
}
