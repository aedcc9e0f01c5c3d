/* lex.c - the reader's lexer: errors with their place (failat longjmps
 * back to read_fn), tokens of a line, and the scratch text in which
 * types and templates are built (read.h). */
#include "read.h"

#include <stdarg.h>
#include <string.h>

/* ---------- errors ---------- */

_Noreturn void failat(Parser *P, int line, int col, const char *fmt, ...)
{
	char *e = P->r->err;
	size_t cap = sizeof P->r->err;
	int k = snprintf(e, cap, "%s:%d:%d: error: ", P->r->file, line, col);
	if (k >= 0 && (size_t)k < cap) {
		va_list ap;
		va_start(ap, fmt);
		vsnprintf(e + k, cap - (size_t)k, fmt, ap);
		va_end(ap);
	}
	if (!e[0]) /* keep the error sticky even with an odd file name */
		snprintf(e, cap, "error");
	longjmp(P->jb, 1);
}

int colof(Parser *P, const char *at)
{
	return (int)(at - P->bol) + 1;
}

/* Line and column of at, which may lie on an earlier line than the
 * parser (a newline inside brackets is already consumed): walk back
 * line by line.  Only errors pay for it. */
_Noreturn void failpos(Parser *P, const char *at, const char *msg)
{
	int line = P->line;
	const char *bol = P->bol;
	while (at < bol && bol > P->r->buf) {
		const char *q = bol - 1; /* the '\n' ending the line before */
		while (q > P->r->buf && q[-1] != '\n')
			q--;
		bol = q;
		line--;
	}
	failat(P, line, (int)(at - bol) + 1, "%s", msg);
}

/* Printable copy of s[0..n) for a message: at most 64 bytes, control
 * and non-ASCII bytes as '?'. */
const char *shown(Parser *P, const char *pre, const char *s, int n)
{
	char *b = P->show[P->nshow++ % 3];
	int k = snprintf(b, 80, "%s", pre);
	for (int i = 0; i < n && k < 72; i++) {
		unsigned char c = (unsigned char)s[i];
		b[k++] = c >= 0x20 && c < 0x7f ? (char)c : '?';
	}
	if (n > 0 && k >= 72)
		k += snprintf(b + k, 8, "...");
	b[k] = 0;
	return b;
}

const char *tokname(Parser *P, const Tok *t)
{
	return shown(P, "%", t->s, t->n);
}

/* The token at `at`, for "got 'X'" messages. */
const char *tokat(Parser *P, const char *at)
{
	const char *q = at;
	if (at >= P->end)
		return "end of file";
	if (*at == '\n' || *at == ';')
		return "end of line";
	if (*q == '%' || *q == '@' || *q == '#' || *q == '!')
		q++;
	while (q < P->end && q - at < 64 && isname((unsigned char)*q))
		q++;
	if (q == at)
		q++;
	char *b = (char *)shown(P, "'", at, (int)(q - at));
	size_t k = strlen(b);
	b[k] = '\'';
	b[k + 1] = 0;
	return b;
}

/* ---------- lexing ---------- */

void newline(Parser *P)
{
	P->p++;
	P->line++;
	P->bol = P->p;
}

/* Skip blanks; inside brackets also newlines and comments, which is
 * what lets a switch span lines. */
void ws(Parser *P)
{
	for (;;) {
		while (P->p < P->end && (*P->p == ' ' || *P->p == '\t' || *P->p == '\r'))
			P->p++;
		if (P->p >= P->end || P->depth == 0)
			return;
		if (*P->p == ';') {
			while (P->p < P->end && *P->p != '\n')
				P->p++;
		} else if (*P->p == '\n') {
			newline(P);
		} else {
			return;
		}
	}
}

/* Skip a comment to (not past) the newline. */
void skip_comment(Parser *P)
{
	while (P->p < P->end && *P->p != '\n')
		P->p++;
}

/* The end of the logical line: only blanks or a comment may remain. */
void expect_eol(Parser *P, const char *what)
{
	ws(P);
	if (!at_eol(P))
		fail(P, P->p, "unexpected text %s %s", tokat(P, P->p), what);
	skip_comment(P);
}

void open_br(Parser *P)
{
	if (P->depth >= MAXDEPTH)
		fail(P, P->p, "brackets nested too deeply (more than %d)", MAXDEPTH);
	P->depth++;
	P->p++;
}

void expect_ch(Parser *P, int c, const char *what)
{
	ws(P);
	if (peek(P) != c)
		fail(P, P->p, "expected '%c' %s, got %s", c, what, tokat(P, P->p));
	if (c == '(' || c == '[' || c == '{' || c == '<')
		open_br(P);
	else {
		if (c == ')' || c == ']' || c == '}' || c == '>')
			P->depth--;
		P->p++;
	}
}

/* A quoted string at p, on one line; p ends after the closing quote. */
void skip_string(Parser *P)
{
	const char *q = P->p;
	for (P->p++; P->p < P->end && *P->p != '"'; P->p++)
		if (*P->p == '\n')
			break;
	if (P->p >= P->end || *P->p != '"')
		fail(P, q, "unterminated string");
	P->p++;
}

/* A word ([A-Za-z0-9_.]) at p, or n = 0. */
int word(Parser *P, const char **s)
{
	*s = P->p;
	while (P->p < P->end && isword((unsigned char)*P->p))
		P->p++;
	return (int)(P->p - *s);
}

/* All digits: a numbered name, keyed without leading zeros (LLVM reads
 * %007 as %7). */
void numbered(Parser *P, Tok *t)
{
	for (int i = 0; i < t->n; i++)
		if (!isdig((unsigned char)t->s[i]))
			return;
	t->isnum = 1;
	while (t->n > 1 && t->s[0] == '0')
		t->s++, t->n--;
	t->num = 0;
	for (int i = 0; i < t->n && i < 10; i++)
		t->num = t->num * 10 + (t->s[i] - '0');
	if (t->n > 9)
		failat(P, t->line, t->col, "number too large in '%s'", shown(P, "%", t->s, t->n));
}

/* %name, %"name" or %N at p (p points at '%'). */
void lex_local(Parser *P, Tok *t)
{
	memset(t, 0, sizeof *t);
	t->line = P->line;
	t->col = colof(P, P->p);
	const char *at = P->p++;
	if (peek(P) == '"') {
		t->s = P->p;
		skip_string(P);
		t->n = (int)(P->p - t->s);
		if (t->n == 2)
			fail(P, at, "empty name");
		return;
	}
	t->s = P->p;
	while (P->p < P->end && isname((unsigned char)*P->p))
		P->p++;
	t->n = (int)(P->p - t->s);
	if (!t->n)
		fail(P, at, "expected a name after '%%'");
	numbered(P, t);
}

/* ---------- scratch text ---------- */

void sb_put(Parser *P, const char *s, size_t n)
{
	vreserve(P->sa, P->sb, P->sb.n + (int)n + 1);
	memcpy(P->sb.v + P->sb.n, s, n);
	P->sb.n += (int)n;
}

void sb_puts(Parser *P, const char *s)
{
	sb_put(P, s, strlen(s));
}

void sb_putc(Parser *P, int c)
{
	char ch = (char)c;
	sb_put(P, &ch, 1);
}

void sb_trim(Parser *P, int from)
{
	while (P->sb.n > from && (P->sb.v[P->sb.n - 1] == ' ' || P->sb.v[P->sb.n - 1] == '\t' ||
	                          P->sb.v[P->sb.n - 1] == '\r'))
		P->sb.n--;
}
