/* blockaddr.c - blockaddress(@F, %N) after F's blocks are renumbered
 * (the API is in text.h; tools/m2r-opt.c says when it runs).
 *
 * The reader keeps a blockaddress as text wherever it stands, so the
 * text is rewritten here, on the way out.  It is lexed as LLVM lexes it,
 * line by line: a comment runs from ';' to the end of the line, a string
 * from '"' to the next '"' (or the end of the line: the reader wants a
 * constant on one line), and a sigil with its name (@g, %x, !md, #0, $c,
 * quoted or not) is one token.  So neither c"blockaddress(@f, %1)" nor
 * @blockaddress is taken for the constant.  A line without the word is
 * copied without being lexed: memmem finds the few lines that have it.
 */
#define _GNU_SOURCE /* memmem, memrchr */
#include "text.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	int old, num;     /* the block's number in the input, its new one */
} Pair;

typedef struct {
	const char *name; /* as Fn.name: f, or "quoted name" with its quotes */
	Pair *p;          /* only the blocks whose number changed, by old */
	int n;
} BaFn;

struct BaMap {
	Arena *a;         /* everything, the BaMap itself included */
	VEC(BaFn) fn;
	int sorted;       /* fn is sorted by name (ba_write sorts it) */
};

static const char word[] = "blockaddress";
enum { WORDLEN = sizeof word - 1 };

BaMap *ba_new(void)
{
	Arena *a = arena_new();
	BaMap *m = aalloc(a, sizeof *m);
	m->a = a;
	return m;
}

void ba_free(BaMap *m)
{
	if (m)
		arena_free(m->a);
}

static int by_old(const void *x, const void *y)
{
	const Pair *a = x, *b = y;
	return (a->old > b->old) - (a->old < b->old);
}

static int by_name(const void *x, const void *y)
{
	return strcmp(((const BaFn *)x)->name, ((const BaFn *)y)->name);
}

void ba_add(BaMap *m, Fn *f)
{
	fn_number(f);
	int n = 0;
	for (int b = 0; b < f->blk.n; b++)
		n += f->blk.v[b].inum >= 0 && f->blk.v[b].inum != f->blk.v[b].num;
	if (!n)
		return;
	BaFn e = {astrndup(m->a, f->name, strlen(f->name)), aalloc(m->a, (size_t)n * sizeof(Pair)), 0};
	for (int b = 0; b < f->blk.n; b++) {
		const Blk *bk = &f->blk.v[b];
		if (bk->inum >= 0 && bk->inum != bk->num)
			e.p[e.n++] = (Pair){bk->inum, bk->num};
	}
	qsort(e.p, (size_t)e.n, sizeof *e.p, by_old); /* in input order already, from the reader */
	vpush(m->a, m->fn, e);
	m->sorted = 0;
}

/* ---------- lexing one line [p, e) ---------- */

static int isname(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '$' || c == '.' || c == '_';
}

static int isdig(int c)
{
	return c >= '0' && c <= '9';
}

static const char *blanks(const char *p, const char *e)
{
	while (p < e && (*p == ' ' || *p == '\t'))
		p++;
	return p;
}

/* A name after its sigil: "quoted" (to the closing quote) or bare. */
static const char *skip_name(const char *p, const char *e)
{
	if (p < e && *p == '"') {
		const char *q = memchr(p + 1, '"', (size_t)(e - p - 1));
		return q ? q + 1 : e;
	}
	while (p < e && isname((unsigned char)*p))
		p++;
	return p;
}

typedef struct {
	const char *fn;   /* F's name, after the '@' */
	int nfn;
	const char *num, *numend; /* N's digits */
	long n;
} Ref;

/* "(@F, %N)" at p, right after the word, with N a number. */
static int ref_at(const char *p, const char *e, Ref *r)
{
	p = blanks(p, e);
	if (p == e || *p != '(')
		return 0;
	p = blanks(p + 1, e);
	if (p == e || *p != '@')
		return 0;
	r->fn = ++p;
	p = skip_name(p, e);
	r->nfn = (int)(p - r->fn);
	p = blanks(p, e);
	if (!r->nfn || p == e || *p != ',')
		return 0;
	p = blanks(p + 1, e);
	if (p == e || *p != '%')
		return 0;
	r->num = ++p;
	r->n = 0;
	for (; p < e && isdig((unsigned char)*p); p++)
		if ((r->n = r->n * 10 + (*p - '0')) > 999999999)
			return 0; /* the reader refuses such a number anyway */
	r->numend = p;
	if (p == r->num || (p < e && isname((unsigned char)*p)))
		return 0; /* a named block (%5a is a name): unchanged */
	p = blanks(p, e);
	return p < e && *p == ')';
}

/* The next blockaddress(@F, %N) of the line [*p, e); *p moves past N.
 * 0 when there is none left. */
static int next_ref(const char **p, const char *e, Ref *r)
{
	const char *q = *p;
	while (q < e && *q != ';') {
		int c = (unsigned char)*q;
		if (c == '"') {
			q = skip_name(q, e);
		} else if (c == '@' || c == '%' || c == '!' || c == '#' || c == '$') {
			q = skip_name(q + 1, e);
		} else if (!isname(c)) {
			q++;
		} else {
			const char *w = q;
			while (q < e && isname((unsigned char)*q))
				q++;
			if (q - w == WORDLEN && !memcmp(w, word, WORDLEN) && ref_at(q, e, r)) {
				*p = r->numend;
				return 1;
			}
		}
	}
	*p = e;
	return 0;
}

/* The line around the next occurrence of the word at or after p (p at
 * the start of a line): [*bol, *eol).  0 when there is none. */
static int next_line(const char *p, const char *end, const char **bol, const char **eol)
{
	const char *w = memmem(p, (size_t)(end - p), word, WORDLEN);
	if (!w)
		return 0;
	const char *nl = memrchr(p, '\n', (size_t)(w - p));
	*bol = nl ? nl + 1 : p;
	nl = memchr(w, '\n', (size_t)(end - w));
	*eol = nl ? nl : end;
	return 1;
}

int ba_mentions(const char *s, size_t n)
{
	const char *end = s + n, *bol, *eol;
	Ref r;
	for (const char *p = s; next_line(p, end, &bol, &eol); p = eol)
		if (next_ref(&bol, eol, &r))
			return 1;
	return 0;
}

/* F's new number for block N, or -1 when it kept its number (or F is
 * not a function of the module: LLVM refuses that input anyway). */
static int new_num(const BaMap *m, const Ref *r)
{
	const BaFn *f = NULL;
	for (int lo = 0, hi = m->fn.n; lo < hi && !f;) {
		int mid = lo + (hi - lo) / 2;
		const char *name = m->fn.v[mid].name;
		int c = strncmp(name, r->fn, (size_t)r->nfn);
		if (!c)
			c = name[r->nfn] != 0;
		if (c < 0)
			lo = mid + 1;
		else if (c > 0)
			hi = mid;
		else
			f = &m->fn.v[mid];
	}
	if (!f)
		return -1;
	Pair key = {(int)r->n, 0};
	const Pair *p = bsearch(&key, f->p, (size_t)f->n, sizeof *f->p, by_old);
	return p ? p->num : -1;
}

int ba_write(BaMap *m, const char *s, size_t n, FILE *out)
{
	if (!m->sorted && m->fn.n) {
		qsort(m->fn.v, (size_t)m->fn.n, sizeof *m->fn.v, by_name);
		m->sorted = 1;
	}
	const char *end = s + n, *done = s, *bol, *eol; /* s[0..done) is written */
	Ref r;
	for (const char *p = s; next_line(p, end, &bol, &eol); p = eol)
		while (next_ref(&bol, eol, &r)) {
			int k = new_num(m, &r);
			if (k < 0)
				continue;
			fwrite(done, 1, (size_t)(r.num - done), out);
			fprintf(out, "%d", k);
			done = r.numend;
		}
	fwrite(done, 1, (size_t)(end - done), out);
	return ferror(out) ? -1 : 0;
}
