/* json.c - the strict JSON reader of json.h: recursive descent over a
 * byte range with an explicit depth limit, so that no input line can
 * overflow the stack, read past its end or leave a string with a NUL
 * inside (the rest of the tool uses C strings). */
#include "json.h"

#include <string.h>

typedef struct P {
	Arena *a;
	const unsigned char *s, *e;
	const char *why;
} P;

static JVal *value(P *p, int depth);

static void blanks(P *p)
{
	while (p->s < p->e && (*p->s == ' ' || *p->s == '\t' || *p->s == '\n' || *p->s == '\r'))
		p->s++;
}

static JVal *fail(P *p, const char *why)
{
	if (!p->why)
		p->why = why;
	return NULL;
}

static JVal *node(P *p, JKind k)
{
	JVal *v = aalloc(p->a, sizeof *v);
	v->k = k;
	return v;
}

/* The length of the valid UTF-8 sequence at s (at most e), or 0: no
 * overlong forms, no surrogates, nothing above U+10FFFF. */
static int utf8_len(const unsigned char *s, const unsigned char *e)
{
	unsigned c = s[0];
	int n;
	unsigned min;
	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf)
		n = 2, min = 0x80;
	else if (c >= 0xe0 && c <= 0xef)
		n = 3, min = 0x800;
	else if (c >= 0xf0 && c <= 0xf4)
		n = 4, min = 0x10000;
	else
		return 0;
	if (e - s < n)
		return 0;
	unsigned cp = c & (0x3fu >> (n - 1));
	for (int i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

static int hex4(P *p, unsigned *out)
{
	unsigned v = 0;
	if (p->e - p->s < 4)
		return 0;
	for (int i = 0; i < 4; i++) {
		int c = p->s[i], d;
		if (c >= '0' && c <= '9')
			d = c - '0';
		else if (c >= 'a' && c <= 'f')
			d = c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			d = c - 'A' + 10;
		else
			return 0;
		v = v << 4 | (unsigned)d;
	}
	p->s += 4;
	*out = v;
	return 1;
}

static char *put_utf8(char *o, unsigned cp)
{
	if (cp < 0x80) {
		*o++ = (char)cp;
	} else if (cp < 0x800) {
		*o++ = (char)(0xc0 | cp >> 6);
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*o++ = (char)(0xe0 | cp >> 12);
		*o++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*o++ = (char)(0xf0 | cp >> 18);
		*o++ = (char)(0x80 | (cp >> 12 & 0x3f));
		*o++ = (char)(0x80 | (cp >> 6 & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	}
	return o;
}

/* An escape after the backslash; \u0000 is refused (no NUL inside). */
static char *escape(P *p, char *o)
{
	if (p->s >= p->e)
		return fail(p, "truncated string"), NULL;
	int c = *p->s++;
	const char *from = "\"\\/bfnrt", *to = "\"\\/\b\f\n\r\t";
	const char *f = c ? strchr(from, c) : NULL;
	if (f) {
		*o++ = to[f - from];
		return o;
	}
	unsigned cp, lo;
	if (c != 'u' || !hex4(p, &cp))
		return fail(p, "bad escape in a string"), NULL;
	if (cp >= 0xdc00 && cp <= 0xdfff)
		return fail(p, "lone surrogate in a string"), NULL;
	if (cp >= 0xd800 && cp <= 0xdbff) {
		if (p->e - p->s < 2 || p->s[0] != '\\' || p->s[1] != 'u')
			return fail(p, "lone surrogate in a string"), NULL;
		p->s += 2;
		if (!hex4(p, &lo) || lo < 0xdc00 || lo > 0xdfff)
			return fail(p, "lone surrogate in a string"), NULL;
		cp = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
	}
	if (cp == 0)
		return fail(p, "\\u0000 in a string"), NULL;
	return put_utf8(o, cp);
}

/* A string after its opening quote; decoded text is never longer than
 * its source, so one buffer of the source's length is enough. */
static JVal *string(P *p)
{
	/* Most strings are printable ASCII without escapes: found by
	 * memchr and copied whole. */
	const unsigned char *end = memchr(p->s, '"', (size_t)(p->e - p->s));
	if (end && !memchr(p->s, '\\', (size_t)(end - p->s))) {
		unsigned odd = 0;
		for (const unsigned char *c = p->s; c < end; c++)
			odd |= (unsigned)(*c - 0x20) >= 0x60; /* a control or a non-ASCII byte */
		if (!odd) {
			size_t n = (size_t)(end - p->s);
			char *buf = aalloc_raw(p->a, n + 1);
			memcpy(buf, p->s, n);
			buf[n] = 0;
			p->s = end + 1;
			JVal *v = node(p, J_STR);
			v->s = buf;
			v->n = (int)n;
			return v;
		}
	}
	const unsigned char *q = p->s;
	while (q < p->e && *q != '"')
		q += *q == '\\' && q + 1 < p->e ? 2 : 1;
	char *buf = aalloc(p->a, (size_t)(q - p->s) + 1), *o = buf;
	for (;;) {
		if (p->s >= p->e)
			return fail(p, "truncated string");
		unsigned c = *p->s;
		if (c == '"')
			break;
		if (c < 0x20)
			return fail(p, c ? "control character in a string" : "NUL byte");
		if (c == '\\') {
			p->s++;
			if (!(o = escape(p, o)))
				return NULL;
			continue;
		}
		int n = utf8_len(p->s, p->e);
		if (!n)
			return fail(p, "invalid UTF-8");
		memcpy(o, p->s, (size_t)n);
		o += n;
		p->s += n;
	}
	p->s++;
	*o = 0;
	JVal *v = node(p, J_STR);
	v->s = buf;
	v->n = (int)(o - buf);
	return v;
}

static int digits(P *p)
{
	const unsigned char *b = p->s;
	while (p->s < p->e && *p->s >= '0' && *p->s <= '9')
		p->s++;
	return p->s > b;
}

/* JSON's number grammar; an integer without fraction or exponent that
 * fits a long long is kept (is_int), any other number only checked. */
static JVal *number(P *p)
{
	const unsigned char *b = p->s;
	int neg = p->s < p->e && *p->s == '-';
	p->s += neg;
	if (p->s < p->e && *p->s == '0')
		p->s++;
	else if (!digits(p))
		return fail(p, "bad number");
	const unsigned char *int_end = p->s;
	int frac = 0;
	if (p->s < p->e && *p->s == '.') {
		p->s++, frac = 1;
		if (!digits(p))
			return fail(p, "bad number");
	}
	if (p->s < p->e && (*p->s == 'e' || *p->s == 'E')) {
		p->s++, frac = 1;
		if (p->s < p->e && (*p->s == '+' || *p->s == '-'))
			p->s++;
		if (!digits(p))
			return fail(p, "bad number");
	}
	JVal *v = node(p, J_NUM);
	if (frac)
		return v;
	unsigned long long m = 0, lim = neg ? 9223372036854775808ull : 9223372036854775807ull;
	for (const unsigned char *q = b + neg; q < int_end; q++) {
		unsigned d = *q - '0';
		if (m > (lim - d) / 10)
			return v; /* too big: a number, not an integer */
		m = m * 10 + d;
	}
	v->is_int = 1;
	v->i = neg ? (long long)(0 - m) : (long long)m;
	return v;
}

static JVal *word(P *p, const char *w, JKind k, long long i)
{
	size_t n = strlen(w);
	if ((size_t)(p->e - p->s) < n || memcmp(p->s, w, n))
		return fail(p, p->e - p->s < (long)n ? "truncated" : "unexpected character");
	p->s += n;
	JVal *v = node(p, k);
	v->i = i;
	return v;
}

static unsigned key_hash(const char *k)
{
	unsigned h = 2166136261u; /* FNV-1a */
	for (; *k; k++)
		h = (h ^ (unsigned char)*k) * 16777619u;
	return h;
}

/* The index of o's members: open addressing, at most half full; a key
 * written twice keeps its first member, as the walk would. */
static void index_members(Arena *a, JVal *o)
{
	int n = 16;
	while (n < 2 * o->n)
		n *= 2;
	o->idx = aalloc(a, (size_t)n * sizeof *o->idx);
	o->nidx = n;
	for (JVal *m = o->kid; m; m = m->next) {
		unsigned i = key_hash(m->key) & (unsigned)(n - 1);
		while (o->idx[i] && strcmp(o->idx[i]->key, m->key))
			i = (i + 1) & (unsigned)(n - 1);
		if (!o->idx[i])
			o->idx[i] = m;
	}
}

/* An array or an object after its bracket: elements chained in order. */
static JVal *aggregate(P *p, int depth, int obj)
{
	JVal *v = node(p, obj ? J_OBJ : J_ARR), **tail = &v->kid;
	char close = obj ? '}' : ']';
	blanks(p);
	if (p->s < p->e && *p->s == close) {
		p->s++;
		return v;
	}
	for (;;) {
		const char *key = NULL;
		blanks(p);
		if (obj) {
			if (p->s >= p->e)
				return fail(p, "truncated");
			if (*p->s != '"')
				return fail(p, "expected a key");
			p->s++;
			JVal *k = string(p);
			if (!k)
				return NULL;
			key = k->s;
			blanks(p);
			if (p->s >= p->e || *p->s != ':')
				return fail(p, p->s >= p->e ? "truncated" : "expected ':'");
			p->s++;
		}
		JVal *e = value(p, depth + 1);
		if (!e)
			return NULL;
		e->key = key;
		*tail = e;
		tail = &e->next;
		v->n++;
		blanks(p);
		if (p->s >= p->e)
			return fail(p, "truncated");
		if (*p->s == close) {
			p->s++;
			if (obj && v->n > 8)
				index_members(p->a, v);
			return v;
		}
		if (*p->s != ',')
			return fail(p, "expected ',' or a closing bracket");
		p->s++;
	}
}

static JVal *value(P *p, int depth)
{
	if (depth > JSON_MAX_DEPTH)
		return fail(p, "nested too deep");
	blanks(p);
	if (p->s >= p->e)
		return fail(p, "truncated");
	switch (*p->s) {
	case '{': p->s++; return aggregate(p, depth, 1);
	case '[': p->s++; return aggregate(p, depth, 0);
	case '"': p->s++; return string(p);
	case 't': return word(p, "true", J_BOOL, 1);
	case 'f': return word(p, "false", J_BOOL, 0);
	case 'n': return word(p, "null", J_NULL, 0);
	case 0: return fail(p, "NUL byte");
	default:
		if (*p->s == '-' || (*p->s >= '0' && *p->s <= '9'))
			return number(p);
		return fail(p, "unexpected character");
	}
}

JVal *json_parse(Arena *a, const char *s, size_t n, const char **why)
{
	P p = { a, (const unsigned char *)s, (const unsigned char *)s + n, NULL };
	JVal *v = value(&p, 0);
	if (v) {
		blanks(&p);
		if (p.s < p.e)
			v = fail(&p, *p.s ? "text after the record" : "NUL byte");
	}
	*why = v ? NULL : p.why;
	return v;
}

JVal *json_get(const JVal *o, const char *key)
{
	if (!o || o->k != J_OBJ)
		return NULL;
	if (!o->idx) {
		for (JVal *m = o->kid; m; m = m->next)
			if (!strcmp(m->key, key))
				return m;
		return NULL;
	}
	unsigned i = key_hash(key) & (unsigned)(o->nidx - 1);
	for (; o->idx[i]; i = (i + 1) & (unsigned)(o->nidx - 1))
		if (!strcmp(o->idx[i]->key, key))
			return o->idx[i];
	return NULL;
}
