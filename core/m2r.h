/* m2r.h - the one header of the mem2reg core (C11, no GCC headers).
 *
 * Everything is a dense integer id into an array owned by a Fn:
 * blocks (Blk), instructions (Ins) and values (Val).  All memory of a
 * function lives in one arena, freed at once by fn_free().
 *
 * Invariants that every file relies on:
 *  - Blk.ins lists the block's live-or-dead instruction ids in order;
 *    phis first, the terminator last.  Dead instructions carry IDEAD and
 *    are skipped by every walker.
 *  - Operands are value ids.  A value may be forwarded (Fn.fwd) to
 *    another after promotion; always read operands through val_res().
 *  - Successors of a block are the labels of its terminator (Ins.lab),
 *    duplicates included: one CFG edge per label.
 */
#ifndef M2R_H
#define M2R_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "names.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---------- support (util.c) ---------- */

/* A broken invariant (never bad input, which gets a clean error naming
 * its place): "m2r: internal error at FILE:LINE: message", then abort. */
#if defined(__GNUC__)
__attribute__((noreturn, format(printf, 3, 4)))
#endif
void die_(const char *file, int line, const char *fmt, ...);
#define die(...) die_(__FILE__, __LINE__, __VA_ARGS__)
/* A cheap invariant, kept in release builds. */
#define invariant(c) ((c) ? (void)0 : die("invariant failed: %s", #c))

/* 1 in a build with AddressSanitizer: memory that is kept for reuse is
 * given back instead, so that a use after it is seen. */
#if defined(__SANITIZE_ADDRESS__)
#define M2R_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define M2R_ASAN 1
#endif
#endif
#ifndef M2R_ASAN
#define M2R_ASAN 0
#endif
void *xmalloc(size_t n); /* dies when out of memory */
/* Scratch the core frees before it returns, counted (util.c): _put and
 * _grow take the size it had. */
void *scratch_get(size_t n);
void *scratch_grow(void *p, size_t old, size_t n);
void scratch_put(void *p, size_t n);
size_t scratch_mark(void);               /* the peak starts again here */
size_t scratch_peak_since(size_t mark);  /* the most held at once since */
int cmp_int(const void *a, const void *b); /* qsort of ints, ascending */
/* Ascending in place, O(n log n) on any input (sort.c): for the hot
 * paths, where qsort's indirect calls and buffer cost more than the sort. */
void sort_int(int *a, int n);
/* The same for 0 <= a[i] < lim, using tmp[0..n) (a radix sort for large n). */
void sort_int_below(int *a, int n, int lim, int *tmp);
/* The one clock of every recorded time, in nanoseconds: wall time
 * (CLOCK_MONOTONIC), or with M2R_CLOCK=cpu in the environment the
 * thread's CPU time, which a busy machine's other processes do not
 * inflate.  m2r_clock_name() is "wall" or "cpu".  m2r_clock_use(0)
 * stops the clock for a caller that records no time (the plugin when
 * nothing it prints holds one): m2r_now() is then 0, without a read. */
long long m2r_now(void);
const char *m2r_clock_name(void);
void m2r_clock_use(int on);

/* ---------- arena (ir.c) ---------- */

typedef struct Arena Arena;
typedef struct Trace Trace; /* the core's log of its steps (below) */

Arena *arena_new(void);
void arena_free(Arena *a);
void *aalloc(Arena *a, size_t n); /* zeroed, 16-byte aligned */
/* k zeroed arrays of m ints each (m >= 1), in one allocation: *arrs[i]
 * gets the i-th.  For a phase's per-block or per-variable tables, where
 * a small function made dozens of allocations, each a call and a memset. */
void aints_each(Arena *a, int **const arrs[], int k, size_t m);
/* The same, not zeroed: for stacks and lists written before read. */
void aints_each_raw(Arena *a, int **const arrs[], int k, size_t m);
/* Not zeroed: for arrays written whole before any read (zeroing a large
 * function's value-sized tables cost a tenth of the promotion).  Inline:
 * a small function makes about 70 allocations, and the call and the
 * chunk's bookkeeping were two thirds of each.  An Arena (ir.c) starts
 * with its ArenaHead: the room left in its current chunk, [cur, end). */
typedef struct ArenaHead {
	unsigned char *cur, *end;
	size_t bytes;     /* handed out so far (arena_bytes) */
} ArenaHead;
void *aalloc_chunk(Arena *a, size_t n); /* a new chunk for n (a multiple of 16) */
static inline void *aalloc_raw(Arena *a, size_t n)
{
	ArenaHead *h = (ArenaHead *)(void *)a;
	n = (n + 15) & ~(size_t)15;
	if ((size_t)(h->end - h->cur) < n)
		return aalloc_chunk(a, n);
	void *p = h->cur;
	h->cur += n;
	h->bytes += n;
	return p;
}
/* n bytes, not zeroed, for a table that grows (VEC): in a chunk of
 * their own, which vreserve grows in place (realloc, mremap) instead
 * of leaving the old copy in the arena. */
void *aown(Arena *a, size_t n);
char *astrndup(Arena *a, const char *s, size_t n);
size_t arena_bytes(const Arena *a); /* bytes handed out so far */
/* Growable array living in an arena (old storage is simply abandoned). */
#define VEC(T) struct { T *v; int n, cap; }
void vgrow_(Arena *a, void **v, int *cap, size_t elsz, int need);
#define vreserve(A, vec, need) \
	((need) > (vec).cap ? vgrow_((A), (void **)&(vec).v, &(vec).cap, sizeof *(vec).v, (need)) : (void)0)
/* Grow to exactly need (when the final size is known: no doubling). */
void vgrow_exact_(Arena *a, void **v, int *cap, size_t elsz, int need);
#define vreserve_exact(A, vec, need) \
	((need) > (vec).cap ? vgrow_exact_((A), (void **)&(vec).v, &(vec).cap, sizeof *(vec).v, (need)) : (void)0)
#define vpush(A, vec, x) \
	(vreserve(A, vec, (vec).n + 1), (vec).v[(vec).n++] = (x))

/* ---------- hash table (hash.c) ---------- */

/* The one hash table of the tree: open addressing in an arena, grown
 * (doubling) as needed, never shrunk, no deletion.  A key is
 *  - a string: hash_str(t, s, n, aux, &found), the n bytes at s (not
 *    NUL-terminated; s must stay valid, or be replaced by the caller
 *    with an equal copy through HEnt.k) plus an int aux (0 when not
 *    needed; the reader's constants use the type id);
 *  - a pointer plus an int: hash_ptr(t, p, aux, &found), compared by
 *    identity (the bridge's (tree, slot) -> id maps).
 * The two kinds never compare equal.  hash_str/hash_ptr insert the key
 * when absent (found = 0: the caller fills HEnt.kind/val) and return
 * its entry; hash_find_* only look (NULL when absent).  An entry stays
 * valid until the next insertion.  A NULL key is a broken invariant.
 * (hash_find_* included: a caller with a possibly NULL pointer tests it
 * first).  Examples:
 *   a map from names to value ids (a set: ignore kind/val)
 *     Hash h; hash_init(&h, f->a, 0);
 *     int found; HEnt *e = hash_str(&h, name, (int)strlen(name), 0, &found);
 *     if (!found) e->val = new_id;
 *     return e->val;
 *   a map (pointer, slot) -> id, sized for n keys up front
 *     hash_init(&h, f->a, n);
 *     HEnt *e = hash_ptr(&h, tree_node, slot, &found);      (insert)
 *     if (!found) e->val = id;
 *     HEnt *g = hash_find_ptr(&h, tree_node, slot);         (look up)
 *     return g ? g->val : -1;                                           */
enum { HKEY_PTR = -1 };
typedef struct HEnt {
	const void *k;  /* key bytes, or the key pointer; NULL: empty slot */
	int n;          /* key length, or HKEY_PTR */
	int aux;        /* second key part */
	uint32_t h;
	int kind, val;  /* the caller's data, zero when inserted */
} HEnt;
typedef struct Hash {
	Arena *a;
	HEnt *e;
	int cap, n;
} Hash;

void hash_init(Hash *t, Arena *a, int n); /* room for n keys before growing */
HEnt *hash_str(Hash *t, const char *s, int n, int aux, int *found);
HEnt *hash_ptr(Hash *t, const void *p, int aux, int *found);
HEnt *hash_find_str(const Hash *t, const char *s, int n, int aux);
/* Inline: the bridge looks up every operand's tree.  Pointer keys
 * compare by identity, without the stored hash or a memcmp. */
static inline uint32_t hash_mix_ptr(const void *p, int aux)
{
	uint64_t x = (uint64_t)(uintptr_t)p ^ ((uint64_t)(uint32_t)aux << 48);
	x ^= x >> 29;
	x *= 0x9E3779B97F4A7C15ull;
	return (uint32_t)(x >> 32);
}
static inline HEnt *hash_find_ptr(const Hash *t, const void *p, int aux)
{
	if (!p)
		die("hash: NULL key");
	if (!t->cap)
		return NULL;
	uint32_t m = (uint32_t)t->cap - 1;
	for (uint32_t j = hash_mix_ptr(p, aux) & m; t->e[j].k; j = (j + 1) & m)
		if (t->e[j].k == p && t->e[j].aux == aux && t->e[j].n == HKEY_PTR)
			return &t->e[j];
	return NULL;
}

/* ---------- bitsets ---------- */

typedef uint64_t Word;
typedef struct { Word *w; int nw; } BSet;

void bs_init(Arena *a, BSet *s, int nbits);
static inline int bs_has(const BSet *s, int i) { return (s->w[i >> 6] >> (i & 63)) & 1; }
static inline void bs_set(BSet *s, int i) { s->w[i >> 6] |= (Word)1 << (i & 63); }
static inline void bs_clr(BSet *s, int i) { s->w[i >> 6] &= ~((Word)1 << (i & 63)); }

/* ---------- the IR ---------- */

enum ValKind {
	VARG,    /* function argument; Val.ins = argument index */
	VINS,    /* result of instruction Val.ins */
	VCONST,  /* literal (integer, float, null, true, constant expr, @global) */
	VUNDEF,  /* undef */
	VPOISON, /* poison */
	VOPAQUE, /* external value the core does not look into (bridge) */
	VDEF,    /* the value stored by store Val.ins, standing for the
	            definition that store makes (bridge, rewrite mode): it
	            is defined where the store is, even once the store is
	            deleted; printed as its name */
	VFWD,    /* reader only: referenced, not yet defined */
};

typedef struct Val { /* 16 bytes: no positions (the reader keeps its
                       own), no number (Fn.vnum: only printing needs it) */
	unsigned kind : 8;
	signed type : 24; /* type id, -1 when unknown or untyped (fn_type
	                     keeps ids below VAL_TYPE_MAX) */
	int ins;          /* VINS: defining instruction; VARG: index */
	const char *name; /* "x" for %x, NULL for an unnamed (numbered) value;
	                     VCONST/VOPAQUE: the literal text as printed */
} Val;
#define VAL_TYPE_MAX (1 << 23)

enum Op {
	OALLOCA,  /* res = alloca type [, count]; op[0] = count or absent */
	OLOAD,    /* res = load type, op[0] = pointer */
	OSTORE,   /* store type op[0], op[1] = pointer */
	OPHI,     /* res = phi type; op[i] comes from block lab[i] */
	OBR,      /* br lab[0] */
	OCBR,     /* br op[0], lab[0] (true), lab[1] (false) */
	OSWITCH,  /* switch op[0]; lab[0] default; op[i] -> lab[i], i >= 1 */
	ORET,     /* ret [op[0]] */
	OUNREACH, /* unreachable */
	OTERM,    /* generic terminator: text template, operands, lab[] */
	OGEN,     /* generic operation: text template, operands, optional res */
	NOPS
};

enum InsFlag {
	IVOLATILE = 1,
	IATOMIC = 2,
	IDEAD = 4,  /* removed: skipped everywhere */
	INEW = 8,   /* created by the promotion (phis) */
};

/* Templates (OGEN, OTERM, and Fn.head) are the instruction's text with
 * T_VAL marking "print the next operand" and T_LAB "print the next label". */
#define T_VAL '\001'
#define T_LAB '\002'

typedef struct Ins { /* 40 bytes; source positions are in Fn.pos */
	uint8_t op, flags;
	uint8_t reason;   /* alloca: non-promotion reason pinned by the
	                     front end (enum Reason), 0 for none */
	int blk;
	int type;         /* alloca: allocated type; load/store/phi: value type;
	                     ret: returned type or -1 */
	int res;          /* result value or -1 */
	int nop, nlab;    /* number of operands, of labels */
	int *ops;         /* operand value ids */
	union {           /* one pointer for two: few instructions have both */
		int *lab;        /* nlab > 0: block ids (successors; phi:
		                    incoming blocks) */
		const char *tx;  /* nlab == 0: the text; read and set it
		                    through ins_text() and ins_settext(), which
		                    keep the text of an instruction with labels
		                    in Fn.ltext */
	};
} Ins;
/* The text of an instruction: OGEN/OTERM: its template.  Others: the
 * trailing text printed after the operands (", align 4, !dbg !7"), or
 * NULL.  OSWITCH: the case types are Ins.type. */

typedef struct Blk { /* 64 bytes: the pointers first, then the ints */
	const char *name; /* label without '%', NULL when numbered */
	VEC(int) ins;
	int *succ;        /* CFG, filled by cfg_build(); duplicates kept */
	int *sslot;       /* sslot[k]: the first slot of this block in the
	                     pred list of succ[k], which is the operand of its
	                     phis for that edge (no search per edge) */
	int *pred;        /* one entry per incoming edge, in a fixed order */
	int nsucc, npred;
	int num;          /* number when unnamed, set by fn_number() */
	int inum;         /* reader: the number the input gave it, -1 when
	                     named or not read (ba_add maps inum to num) */
} Blk;

/* The text of an instruction with labels (Fn.ltext). */
typedef struct LText {
	int ins;
	const char *text;
} LText;

/* The source position of an instruction (Fn.pos). */
typedef struct Pos {
	int ins, line, col; /* reader: 1-based; bridge: the variables' */
} Pos;

typedef struct Fn {
	Arena *a;
	const char *name;  /* "foo" for @foo */
	const char *head;  /* "define ... @foo(i32 \001, ...) #0 {" template
	                      (the reader's); NULL: the printer makes
	                      "define <ret> @foo(<type> %a, ...) {" */
	const char *file;  /* for messages */
	VEC(Val) val;
	VEC(Ins) ins;
	VEC(Blk) blk;      /* blk.v[0] is the entry block */
	VEC(int) arg;      /* argument value ids */
	VEC(int) allocas;  /* the alloca instructions, ascending (fn_ins) */
	int nmem;          /* loads and stores made (fn_ins): the bound on
	                      the accesses a round of promotion records */
	VEC(const char *) type; /* interned type texts */
	int *fwd, nfwd;    /* value forwarding after promotion: fwd[v] is the
	                      replacement of v or -1; values >= nfwd have none */
	int undef, poison; /* the function's undef / poison values */
	int line;          /* line of "define" */
	int ret;           /* the return type for the printer's head, -1
	                      for "void" (fn_new) */
	int *pool, npool;  /* fn_ins's operand and label arrays are carved
	                      from here: npool ints left at pool */
	int *vnum, nvnum;  /* the number of each unnamed value as printed,
	                      -1 for a named one; set by fn_number() (and the
	                      reader, for the numbers it reads); values >=
	                      nvnum have none: a caller that never prints
	                      (the plugin without a dump) never makes it */
	VEC(LText) ltext;  /* the texts of the instructions with labels
	                      that have one, by ascending LText.ins (a
	                      terminator of the reader with "!prof", an
	                      OTERM's template): Ins has room for the labels
	                      or the text, not both */
	VEC(Pos) pos;      /* source positions of the instructions that have
	                      one (the reader's, the bridge's allocas), by
	                      ascending Pos.ins: most instructions of the
	                      plugin have none, and 8 bytes each in Ins were
	                      a tenth of its memory */
} Fn;

Fn *fn_new(const char *name);
void fn_free(Fn *f);
int fn_type(Fn *f, const char *text, size_t n);  /* intern, returns id */
/* The same for a NUL-terminated text that outlives f, kept without a
 * copy (the bridge's, interned for the whole compilation). */
int fn_type_ref(Fn *f, const char *text);
const char *fn_typestr(const Fn *f, int type);   /* "?" for -1 */
int fn_blk(Fn *f, const char *name);             /* new block */
int fn_val(Fn *f, int kind, int type, const char *name);
int fn_const(Fn *f, int type, const char *text); /* new VCONST */
/* Append an instruction to block b (b may be -1: not placed yet).
 * ops/lab arrays are allocated with the given sizes, zeroed, filled by
 * the caller; they are carved from one pool per function (Fn.pool),
 * packed: an arena allocation each rounded 4 or 8 bytes up to 16. */
int fn_ins(Fn *f, int b, int op, int type, int nop, int nlab);
/* Give instruction i a result value of type t and name (NULL: numbered). */
int fn_res(Fn *f, int i, int t, const char *name);
/* The hot pair of a lowering, each as fn_ins and fn_res in one call: a
 * load of type from address addr, returning its (numbered) result; a
 * store of val into addr, or when val < 0 of a VDEF of its own, returning
 * the value stored.  Both get block b but are not appended to its list:
 * for a maker that fills the lists once at the end (the GCC bridge). */
static inline int fn_load(Fn *f, int b, int type, int addr);
static inline int fn_store(Fn *f, int b, int type, int val, int addr);
/* Record the source position of instruction i, which must be above every
 * instruction given one so far; fn_pos finds it (0 when it has none). */
void fn_setpos(Fn *f, int i, int line, int col);
int fn_pos(const Fn *f, int i, int *line, int *col);
/* Set the text of instruction i (its labels must be made: fn_ins did);
 * an instruction with labels must be above every such instruction given
 * one so far, or the last of them (fn_setltext). */
void fn_setltext(Fn *f, int i, const char *text);
const char *fn_ltext(const Fn *f, int i); /* NULL when none */
static inline void ins_settext(Fn *f, int i, const char *text)
{
	if (f->ins.v[i].nlab)
		fn_setltext(f, i, text);
	else
		f->ins.v[i].tx = text;
}
static inline const char *ins_text(const Fn *f, const Ins *in)
{
	return in->nlab ? fn_ltext(f, (int)(in - f->ins.v)) : in->tx;
}

/* Follow the forwarding table (with path compression).  Inline for the
 * common cases, a value not forwarded and one forwarded once (a load to
 * the stored value; compression leaves every chain so): every phase
 * reads operands so. */
int val_res_slow(Fn *f, int v);
static inline int val_res(Fn *f, int v)
{
	if (v < 0 || v >= f->nfwd || f->fwd[v] < 0)
		return v;
	int r = f->fwd[v];
	if (r >= f->nfwd || f->fwd[r] < 0)
		return r;
	return val_res_slow(f, v);
}
/* The number of value v as printed ("%4"), -1 when named or unnumbered. */
static inline int val_num(const Fn *f, int v)
{
	return v >= 0 && v < f->nvnum ? f->vnum[v] : -1;
}
/* Give value v number num (the reader: numbers come as it reads). */
void val_setnum(Fn *f, int v, int num);
static inline Ins *term_of(Fn *f, int b)
{
	Blk *bk = &f->blk.v[b];
	return bk->ins.n ? &f->ins.v[bk->ins.v[bk->ins.n - 1]] : NULL;
}
int op_is_term(int op);
/* The first operand slot of phi in coming from block p (in->nlab when
 * none): a phi's labels are its block's predecessors in ascending order,
 * the duplicate edges of one predecessor adjacent (cfg_build). */
int phi_slot(const Ins *in, int p);

/* Number unnamed arguments, blocks and results sequentially in print
 * order, as LLVM requires (Fn.vnum, Blk.num).  The textual IR (reader,
 * printer, blockaddress renumbering) is in text/text.h. */
void fn_number(Fn *f);

/* ---------- CFG and dominators (cfg.c, dom.c) ---------- */

void cfg_build(Fn *f); /* Blk.succ/pred from the terminators */

typedef struct Dom {
	int n;            /* number of blocks */
	int nreach;       /* reachable blocks */
	int *rpo;         /* reachable blocks in reverse post-order */
	int *rpoidx;      /* block -> index in rpo, -1 if unreachable */
	int *idom;        /* immediate dominator, -1 for entry/unreachable */
	int *level;       /* depth in the dominator tree (entry 0) */
	int *kid, *sib;   /* dominator tree: first child, next sibling, -1 */
	int *pre, *post;  /* dominator-tree DFS interval: a dom b iff
	                     pre[a] <= pre[b] && post[b] <= post[a] */
	int *bypre;       /* reachable block by pre number: bypre[pre[b]] == b */
	int *dfoff, *df;  /* dominance frontier of b: df[dfoff[b]..dfoff[b+1]) */
} Dom;

/* Dominator tree by Lengauer-Tarjan (near-linear on every CFG shape). */
void dom_build(Fn *f, Dom *d);
/* The same from the immediate dominators the caller knows (idom[b],
 * -1 for block 0 and the unreachable blocks; NULL: dom_build): the rpo,
 * the tree and its numbering are made as dom_build makes them. */
void dom_build_given(Fn *f, Dom *d, const int *idom);
/* Dominance frontiers of all blocks at once (Cytron et al. via runners). */
void df_build(Fn *f, Dom *d);
/* The same, logging each runner walk into tr (TR_DF_*). */
void df_build_trace(Fn *f, Dom *d, Trace *tr);
static inline int dom_reach(const Dom *d, int b) { return d->rpoidx[b] >= 0; }
/* The edge a -> n dominates b (for values defined by a terminator). */
int edge_dominates(const Fn *f, const Dom *d, int a, int n, int b);
static inline int dominates(const Dom *d, int a, int b)
{
	return d->pre[a] <= d->pre[b] && d->post[b] <= d->post[a];
}

/* ---------- promotion (promote.c) ---------- */

/* The names of reasons, paths, placements and prune methods, their
 * enums (enum Reason, Path, Placement, PruneMethod) and name functions
 * are in names.h: each declared once, with its JSON and text name. */

/* ---------- trace, for explanations (report/explain.c) ---------- */

/* With PromoteOpts.trace set, the core logs the steps of its work in
 * the order it takes them, so that an explanation prints the core's own
 * data and never recomputes it.  x names a variable by its alloca's
 * instruction id (-1 when none); blocks and values are ids; a set is an
 * ascending array of block ids in the function's arena.  Tracing costs
 * a test per step when off; when on, it also runs every placement for
 * each candidate, on its accesses before any fast path, for the record
 * only: what the core does is the same with or without a trace. */
enum TraceKind {
	TR_DF_EDGE,  /* frontiers: the walk for edge a -> b, up to c = idom(b) */
	TR_DF_ADD,   /* ... reaches c: DF(c) gets b */
	TR_DF_STOP,  /* ... stops at c: idom(b) (d = 0), or c already has b (d = 1) */
	TR_DEFS,     /* x: the blocks that store it */
	TR_USES,     /* x: the blocks that load it before any store */
	TR_LIVEIN,   /* x: the blocks where it is live on entry */
	TR_IDF,      /* x: the iterated frontier of its definition blocks */
	TR_PHIS,     /* x: the phi blocks placement a chooses */
	TR_VISIT,    /* renaming enters block a from b (-1: the entry;
	                cytron: b is a's immediate dominator) */
	TR_EDGE,     /* renaming crosses edge a -> b again (b visited) */
	TR_POP,      /* back at edge a -> b: x's c is popped, d reaches again
	                (cytron: leaving block a, b = -1) */
	TR_FILL,     /* phi c of x in block b gets d on the edge from a */
	TR_PUSH,     /* x: instruction c (phi or store) defines d: pushed */
	TR_LOAD,     /* x: load c receives d */
	TR_SIMPLIFY, /* x: phi c goes, replaced by d (enum SimplifyWhy a) */
	/* algorithm=cytron: its placement's worklist */
	TR_WORK,     /* x: block a taken from the worklist; set: DF(a) */
	/* algorithm=braun (braun.c) */
	TR_BR_FILL,  /* block a is filled: its loads and stores, in order */
	TR_BR_SEAL,  /* block a sealed: every predecessor filled; c incomplete phis */
	TR_BR_DEF,   /* x: store c defines d in block a */
	TR_BR_READ,  /* x: readVariable in a finds no def there, or what came of
	                that: b = enum BraunStep, c the phi, d a value or block */
	TR_BR_GOT,   /* x: readVariable in a returns d */
	TR_BR_OP,    /* x: phi c in block a gets d from predecessor b */
	TR_BR_TRIVIAL, /* x: phi c is trivial, replaced by d (enum SimplifyWhy a) */
	TR_BR_SCC,   /* x: redundant phis (set: their instructions) replaced by d */
};
/* What readVariable does in a block without a def (TR_BR_READ.b). */
enum BraunStep {
	BS_INCOMPLETE, /* not sealed: an incomplete phi c */
	BS_ONE_PRED,   /* one predecessor (d): read there */
	BS_PHI,        /* sealed, several predecessors: read in each */
	BS_ENTRY,      /* no predecessor: undef */
	BS_CYCLE,      /* ... a read came back to a: its phi c made now */
	BS_DIFFER,     /* ... the predecessors gave different values: phi c */
	BS_SAME,       /* ... every predecessor gave d: no phi */
};
/* Why phi simplification removes a phi. */
enum SimplifyWhy {
	SW_SAME,      /* every operand is d or the phi itself */
	SW_UNDEF_DOM, /* operands are d, undef and the phi; d dominates it */
	SW_ALL_UNDEF, /* operands are undef and the phi itself: undef */
};
typedef struct TraceEv {
	uint8_t kind; /* enum TraceKind */
	int x, a, b, c, d;
	const int *set;
	int nset;
} TraceEv;
struct Trace {
	VEC(TraceEv) ev;
	Dom *dom;        /* the core's dominator tree and frontiers (no
	                    frontiers with ALG_BRAUN: dfoff is NULL) */
	int algorithm;   /* the enum Algorithm that made the trace */
};
/* Append an event (the core's phases call it when tracing). */
void trace_ev(Fn *f, Trace *tr, int kind, int x, int a, int b, int c, int d);
/* Append a set event: a copy of blks[0..n), sorted (block or
 * instruction ids). */
void trace_set(Fn *f, Trace *tr, int kind, int x, int a, const int *blks, int n);

typedef struct PromoteOpts {
	int algorithm;  /* enum Algorithm (ALG_LLVM: 0, the default) */
	int placement;  /* enum Placement; ALG_BRAUN: PL_PRUNED only */
	int simplify;   /* run phi simplification (default 1); ALG_BRAUN
	                   removes trivial phis as it goes, always */
	int prune;      /* enum PruneMethod, for study and testing;
	                   ALG_LLVM only (ALG_CYTRON: PM_FRONTIER) */
	int no_fast;    /* skip the fast paths: every promotable variable
	                   takes the general path, so that minimal and
	                   semi-pruned placement are the textbook forms for
	                   all of them (the plugin's rewrite mode) */
	Trace *trace;   /* log the steps (in f's arena), or NULL */
	long braun_limit; /* ALG_BRAUN: the most memo entries and phis
	                   before it gives up (Stats.over_limit); 0: the
	                   default (braun.c), < 0: no limit */
	int anon_phis;  /* leave new phis unnamed (numbered when printed):
	                   for a caller that never prints them, such as
	                   the plugin without a dump; naming is a tenth of
	                   the cost of making a phi */
	const int *idom; /* the immediate dominator of each block (-1 for
	                   block 0 and the unreachable blocks) when the
	                   caller has them for the same CFG (rewrite mode:
	                   GCC's), or NULL: the core computes them
	                   (dom_build_given) */
	int no_compact; /* leave the dead instructions in the block lists and
	                   the new phis out of them (Ins.flags IDEAD and
	                   VarStat.phiins say which are which): for a caller
	                   that reads neither, such as the plugin's lean
	                   write-back; a pass over every instruction */
	Dom *dom;       /* when set, a copy of the dominator tree the core
	                   built (its arrays in f's arena): the plugin's
	                   write-back walks it in GCC's order rather than
	                   have GCC's dom_walker number the CFG again */
} PromoteOpts;

/* Per alloca: what happened to it. */
typedef struct VarStat {
	int alloca;     /* instruction id of the alloca */
	int reason;     /* enum Reason, R_NONE if promoted */
	int path;       /* enum Path */
	int nphi;       /* phis placed (before simplification) */
	int *phiblk;    /* their blocks, ascending block id */
	int *phiins;    /* their instructions, in the order of phiblk
	                   (IDEAD once simplified), or NULL */
	int nphikept;   /* phis left after simplification */
} VarStat;

/* The counters (names.h, M2R_COUNTERS): each a named field
 * (st->NumPromoted) and an element of cnt[] (st->cnt[C_PROMOTED]), for
 * the loops that print them all. */
typedef struct Stats {
	union {
		struct { M2R_COUNTERS(M2R_CFIELD_) };
		long cnt[NCOUNTER];
	};
	long NumNotPromoted[NREASON]; /* per enum Reason (R_NONE: 0) */
	VEC(VarStat) var;        /* one per alloca, in instruction order */
	/* ALG_BRAUN gave up: its definitions per block and phis passed
	 * this many (braun.c says why); the function is left half-done
	 * and must be thrown away.  0: it did not. */
	long over_limit;
	long braun_cells;        /* ALG_BRAUN: memo entries and phis made */
	size_t scratch_peak;     /* the most scratch held at once (util.c) */
} Stats;

void m2r_promote(Fn *f, const PromoteOpts *o, Stats *st);
/* "algorithm=braun gave up on @f: ...": the message for Stats.over_limit. */
const char *m2r_over_limit_msg(const Stats *st, char *buf, size_t n);

/* ---------- verifier (verify.c) ---------- */

/* Checks the SSA invariants (structure, phi entries against the
 * predecessors, every operand defined and dominating its use).
 * Returns 0 when fine; else writes "block %b: message" into msg and
 * the offending instruction (or -1) into *where. */
int m2r_verify(Fn *f, char *msg, size_t len, int *where);

/* Block label as printed ("if.then" or "5"): valid after fn_number()
 * (ir.c).  The statistics' writers are in report/. */
const char *blk_label(Fn *f, int b, char *buf, size_t len);
/* Value v itself as printed ("%x", "%3", "undef", "42"): after fn_number. */
const char *val_label(Fn *f, int v, char *buf, size_t len);

/* ---------- fn_load and fn_store, inline ----------
 * A lowering makes a load or a store for most of its instructions: a
 * call each was a fifth of their cost.  Fields are set one by one (the
 * header is C++'s too, which has no compound literal). */

/* The operand pool (Fn.pool) takes a new chunk of at least n ints. */
void fn_pool_refill(Fn *f, int n);

/* n zeroed ints from the function's operand pool. */
static inline int *fn_pool_ints(Fn *f, int n)
{
	if (n > f->npool)
		fn_pool_refill(f, n);
	int *p = f->pool;
	f->pool += n;
	f->npool -= n;
	for (int i = 0; i < n; i++) /* most: a load's one, a store's two */
		p[i] = 0;
	return p;
}

/* A load or store (op) with nop zeroed operands in block b, not
 * appended to its list: fn_load's and fn_store's common part. */
static inline Ins *fn_mem_ins_(Fn *f, int b, int op, int type, int nop)
{
	vreserve(f->a, f->ins, f->ins.n + 1);
	Ins *in = &f->ins.v[f->ins.n++];
	in->op = (uint8_t)op;
	in->flags = in->reason = 0;
	in->blk = b;
	in->type = type;
	in->res = -1;
	in->nop = nop;
	in->nlab = 0;
	in->ops = fn_pool_ints(f, nop);
	in->lab = NULL;
	f->nmem++;
	return in;
}

/* A value of kind defined by instruction ins, unnamed. */
static inline int fn_new_val_(Fn *f, int kind, int type, int ins)
{
	vreserve(f->a, f->val, f->val.n + 1);
	Val *v = &f->val.v[f->val.n];
	v->kind = (unsigned)kind;
	v->type = type;
	v->ins = ins;
	v->name = NULL;
	return f->val.n++;
}

static inline int fn_load(Fn *f, int b, int type, int addr)
{
	Ins *in = fn_mem_ins_(f, b, OLOAD, type, 1);
	in->ops[0] = addr;
	in->res = fn_new_val_(f, VINS, type, f->ins.n - 1); /* in stays: only val grows */
	return in->res;
}

static inline int fn_store(Fn *f, int b, int type, int val, int addr)
{
	Ins *in = fn_mem_ins_(f, b, OSTORE, type, 2);
	if (val < 0)
		val = fn_new_val_(f, VDEF, type, f->ins.n - 1);
	in->ops[0] = val;
	in->ops[1] = addr;
	return val;
}

#ifdef __cplusplus
}
#endif
#endif
