/* text.c - reader of the textual IR (a subset of LLVM's); print.c prints it.
 *
 * What the reader keeps, and where (doc/ir.md has the user's view):
 *
 *  - Module-level lines are handed back one by one (RD_RAW), untouched.
 *  - Fn.head is the define line verbatim, with T_VAL at each argument
 *    name.  Unnamed arguments get " \001" after their attributes.
 *  - alloca, load, store, phi, br, switch, ret and unreachable are fully
 *    parsed: the printer regenerates the text before the last operand
 *    from the fields ("load" [atomic] [volatile] T ", " PT " " ptr) and
 *    Ins.text holds only what follows the last operand, verbatim
 *    (", align 4", " seq_cst, align 4", ", !dbg !7"), or NULL.  That is
 *    the header's contract, so instructions made by other code print
 *    the same way.  The pointer type PT of a load/store and the count
 *    type of an alloca are not in the Ins: they are the Val.type of the
 *    operand as written (see below), so forwarding never loses them.
 *  - Every other instruction is OGEN (or OTERM when it branches) and
 *    Ins.text is its text with T_VAL / T_LAB at local operands.
 *  - Comments and blank lines inside bodies are dropped; the printer
 *    puts one blank line between blocks, as LLVM does.  Whitespace in
 *    the fully parsed instructions is normalized to LLVM's; generic
 *    instructions and the define line keep theirs.
 *
 * Val.type of a local is its definition's type when the definition
 * says it (argument, load, phi), else the type of its first typed use
 * (a pointer operand of load/store, a stored value, ...).  Two uses with
 * different types are an error, as in LLVM.  undef/poison are shared
 * values without a type; where the printer needs the operand's type
 * (load/store pointer, alloca count) they are read as an ordinary typed
 * constant instead.  Constants are uniqued per (type, text), like
 * LLVM's, so that "phi [0, %a], [0, %b]" has equal operands.
 *
 * Errors longjmp back to read_fn(), which frees the half-built Fn and
 * the scratch arena.  Everything the parser allocates lives in one of
 * the two arenas, so there is nothing else to free.  Nesting of
 * brackets is bounded by MAXDEPTH, so recursion is bounded too.
 */
#include "m2r.h"

#include <setjmp.h>
#include <stdarg.h>
#include <string.h>

enum { MAXDEPTH = 256 };

/* Name table entry kinds: a value, a defined block, a label used but
 * not defined yet (id indexes Parser.pend). */
enum { N_VAL, N_BLK, N_FLAB };

typedef struct Tok {
	const char *s;  /* name without sigil; quotes kept; numbers canonical */
	int n;
	int line, col;
	int isnum;
	long num;       /* numbered names: the number */
} Tok;

typedef struct Pend {
	int blk;        /* -1 until the label is defined */
	Tok t;          /* first use */
} Pend;

typedef struct Parser {
	Reader *r;
	Fn *f;
	Arena *sa;          /* scratch, freed by read_fn() */
	jmp_buf jb;
	const char *p, *end, *bol; /* cursor, end, start of current line */
	int line, depth;
	Hash names, types, consts; /* in the scratch arena */
	VEC(char) sb;       /* text being built: types, templates */
	VEC(int) ops, labs;
	VEC(Pend) pend;
	long nextnum;       /* next number for an unnamed value or block */
	int cur;            /* current block, -1 before the first */
	int term, nonphi;   /* current block: terminated, has a non-phi */
	char show[3][96];   /* names quoted in error messages */
	int nshow;
} Parser;

/* ---------- errors ---------- */

static _Noreturn void failat(Parser *P, int line, int col, const char *fmt, ...)
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

static int colof(Parser *P, const char *at)
{
	return (int)(at - P->bol) + 1;
}

/* Line and column of at, which may lie on an earlier line than the
 * parser (a newline inside brackets is already consumed): walk back
 * line by line.  Only errors pay for it. */
static _Noreturn void failpos(Parser *P, const char *at, const char *msg)
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

/* Error at position at. */
#define fail(P, at, ...) do { \
		char m_[400]; \
		snprintf(m_, sizeof m_, __VA_ARGS__); \
		failpos((P), (at), m_); \
	} while (0)

/* Printable copy of s[0..n) for a message: at most 64 bytes, control
 * and non-ASCII bytes as '?'. */
static const char *shown(Parser *P, const char *pre, const char *s, int n)
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

static const char *tokname(Parser *P, const Tok *t)
{
	return shown(P, "%", t->s, t->n);
}

static int isname(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '-' || c == '$' || c == '.' || c == '_';
}

static int isword(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '_' || c == '.';
}

static int isdig(int c)
{
	return c >= '0' && c <= '9';
}

/* The token at `at`, for "got 'X'" messages. */
static const char *tokat(Parser *P, const char *at)
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

static int peek(Parser *P)
{
	return P->p < P->end ? (unsigned char)*P->p : -1;
}

static int peekat(Parser *P, const char *q)
{
	return q < P->end ? (unsigned char)*q : -1;
}

static void newline(Parser *P)
{
	P->p++;
	P->line++;
	P->bol = P->p;
}

/* Skip blanks; inside brackets also newlines and comments, which is
 * what lets a switch span lines. */
static void ws(Parser *P)
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

static int at_eol(Parser *P)
{
	int c = peek(P);
	return c < 0 || c == '\n' || c == ';';
}

/* Skip a comment to (not past) the newline. */
static void skip_comment(Parser *P)
{
	while (P->p < P->end && *P->p != '\n')
		P->p++;
}

/* The end of the logical line: only blanks or a comment may remain. */
static void expect_eol(Parser *P, const char *what)
{
	ws(P);
	if (!at_eol(P))
		fail(P, P->p, "unexpected text %s %s", tokat(P, P->p), what);
	skip_comment(P);
}

static void open_br(Parser *P)
{
	if (P->depth >= MAXDEPTH)
		fail(P, P->p, "brackets nested too deeply (more than %d)", MAXDEPTH);
	P->depth++;
	P->p++;
}

static void expect_ch(Parser *P, int c, const char *what)
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
static void skip_string(Parser *P)
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
static int word(Parser *P, const char **s)
{
	*s = P->p;
	while (P->p < P->end && isword((unsigned char)*P->p))
		P->p++;
	return (int)(P->p - *s);
}

static int weq(const char *s, int n, const char *w)
{
	return (int)strlen(w) == n && memcmp(s, w, (size_t)n) == 0;
}

/* The word at p, not consumed; 1 if it is w (a whole word). */
static int at_word(Parser *P, const char *w)
{
	size_t n = strlen(w);
	return (size_t)(P->end - P->p) >= n && memcmp(P->p, w, n) == 0 &&
	       !isword(peekat(P, P->p + n));
}

/* All digits: a numbered name, keyed without leading zeros (LLVM reads
 * %007 as %7). */
static void numbered(Parser *P, Tok *t)
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
static void lex_local(Parser *P, Tok *t)
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

static void sb_put(Parser *P, const char *s, size_t n)
{
	vreserve(P->sa, P->sb, P->sb.n + (int)n + 1);
	memcpy(P->sb.v + P->sb.n, s, n);
	P->sb.n += (int)n;
}

static void sb_puts(Parser *P, const char *s)
{
	sb_put(P, s, strlen(s));
}

static void sb_putc(Parser *P, int c)
{
	char ch = (char)c;
	sb_put(P, &ch, 1);
}

static void sb_trim(Parser *P, int from)
{
	while (P->sb.n > from && (P->sb.v[P->sb.n - 1] == ' ' || P->sb.v[P->sb.n - 1] == '\t' ||
	                          P->sb.v[P->sb.n - 1] == '\r'))
		P->sb.n--;
}

/* ---------- types ---------- */

static int is_type_word(const char *s, int n)
{
	static const char *const kw[] = {
		"void", "half", "bfloat", "float", "double", "x86_fp80", "fp128", "ppc_fp128",
		"ptr", "label", "metadata", "token", "x86_mmx", "x86_amx", "opaque", 0};
	if (n >= 2 && s[0] == 'i') {
		int i = 1;
		while (i < n && isdig((unsigned char)s[i]))
			i++;
		if (i == n)
			return 1;
	}
	for (int i = 0; kw[i]; i++)
		if (weq(s, n, kw[i]))
			return 1;
	return 0;
}

static void ty(Parser *P);

/* A decimal number (array/vector length, address space), kept as text. */
static void ty_num(Parser *P, const char *what)
{
	ws(P);
	const char *s = P->p;
	while (P->p < P->end && isdig((unsigned char)*P->p))
		P->p++;
	if (P->p == s)
		fail(P, s, "expected %s, got %s", what, tokat(P, s));
	sb_put(P, s, (size_t)(P->p - s));
}

static void ty_addrspace(Parser *P)
{
	P->p += 9; /* "addrspace" */
	expect_ch(P, '(', "after 'addrspace'");
	sb_puts(P, " addrspace(");
	ty_num(P, "an address space");
	sb_putc(P, ')');
	expect_ch(P, ')', "after the address space");
}

/* [N x T] and <N x T> (<vscale x N x T>) after the opening bracket. */
static void ty_seq(Parser *P, int close)
{
	ws(P);
	if (close == '>' && at_word(P, "vscale")) {
		P->p += 6;
		sb_puts(P, "vscale x ");
		ws(P);
		if (!at_word(P, "x"))
			fail(P, P->p, "expected 'x' after 'vscale'");
		P->p++;
	}
	ty_num(P, "a length");
	ws(P);
	if (!at_word(P, "x"))
		fail(P, P->p, "expected 'x' in array or vector type, got %s", tokat(P, P->p));
	P->p++;
	sb_puts(P, " x ");
	ty(P);
	sb_putc(P, close);
	expect_ch(P, close, "to close the type");
}

/* { T, ... } after the '{'. */
static void ty_struct(Parser *P)
{
	ws(P);
	if (peek(P) == '}') {
		sb_puts(P, "{}");
		P->depth--;
		P->p++;
		return;
	}
	sb_puts(P, "{ ");
	for (;;) {
		ty(P);
		ws(P);
		if (peek(P) != ',')
			break;
		P->p++;
		sb_puts(P, ", ");
	}
	sb_puts(P, " }");
	expect_ch(P, '}', "to close the struct type");
}

/* Function type parameters after "(". */
static void ty_params(Parser *P)
{
	sb_puts(P, " (");
	ws(P);
	for (int first = 1; peek(P) != ')'; first = 0) {
		if (!first) {
			expect_ch(P, ',', "between parameter types");
			sb_puts(P, ", ");
			ws(P);
		}
		if (P->end - P->p >= 3 && !memcmp(P->p, "...", 3)) {
			P->p += 3;
			sb_puts(P, "...");
			ws(P);
			break;
		}
		ty(P);
		ws(P);
	}
	sb_putc(P, ')');
	expect_ch(P, ')', "after the parameter types");
}

/* Append the normalized text of the type at p to sb. */
static void ty(Parser *P)
{
	ws(P);
	int c = peek(P);
	const char *at = P->p;
	if (c == '%') {
		Tok t;
		lex_local(P, &t);
		sb_putc(P, '%');
		sb_put(P, t.s, (size_t)t.n);
	} else if (c == '{') {
		open_br(P);
		ty_struct(P);
	} else if (c == '[') {
		open_br(P);
		sb_putc(P, '[');
		ty_seq(P, ']');
	} else if (c == '<') {
		open_br(P);
		ws(P);
		if (peek(P) == '{') {
			open_br(P);
			sb_putc(P, '<');
			ty_struct(P);
			sb_putc(P, '>');
			expect_ch(P, '>', "to close the packed struct type");
		} else {
			sb_putc(P, '<');
			ty_seq(P, '>');
		}
	} else {
		const char *s;
		int n = word(P, &s);
		if (n && weq(s, n, "target") && peek(P) == '(') {
			/* target("name", T..., N...): kept as written */
			int d = 0;
			do {
				if (peek(P) == '"') {
					skip_string(P);
					continue;
				}
				if (at_eol(P))
					fail(P, P->p, "unterminated target type");
				d += *P->p == '(' ? 1 : *P->p == ')' ? -1 : 0;
				if (d > MAXDEPTH)
					fail(P, P->p, "brackets nested too deeply (more than %d)", MAXDEPTH);
				P->p++;
			} while (d > 0);
			sb_put(P, s, (size_t)(P->p - s));
		} else if (n && is_type_word(s, n)) {
			sb_put(P, s, (size_t)n);
			if (weq(s, n, "ptr")) {
				ws(P);
				if (at_word(P, "addrspace"))
					ty_addrspace(P);
				return;
			}
		} else {
			fail(P, at, "expected a type, got %s", tokat(P, at));
		}
	}
	/* pointer and function suffixes */
	for (;;) {
		ws(P);
		if (peek(P) == '*') {
			P->p++;
			sb_putc(P, '*');
		} else if (at_word(P, "addrspace")) {
			ty_addrspace(P);
			ws(P);
			if (peek(P) != '*')
				fail(P, P->p, "expected '*' after 'addrspace(N)'");
			P->p++;
			sb_putc(P, '*');
		} else if (peek(P) == '(') {
			open_br(P);
			ty_params(P);
		} else {
			return;
		}
	}
}

/* Intern text as a type: the reader's own map keeps this O(1), and a
 * new text is appended to Fn.type directly (fn_type() would scan). */
static int intern_type(Parser *P, const char *s, int n)
{
	int found;
	HEnt *e = hash_str(&P->types, s, n, 0, &found);
	if (!found) {
		Fn *f = P->f;
		const char *c = astrndup(f->a, s, (size_t)n);
		vpush(f->a, f->type, c);
		e->k = c; /* s may be scratch that moves */
		e->val = f->type.n - 1;
	}
	return e->val;
}

static int parse_type(Parser *P)
{
	int start = P->sb.n;
	ty(P);
	int t = intern_type(P, P->sb.v + start, P->sb.n - start);
	P->sb.n = start;
	return t;
}

/* ---------- names ---------- */

static HEnt *name_get(Parser *P, const Tok *t, int *found)
{
	return hash_str(&P->names, t->s, t->n, 0, found);
}

static void set_name(Parser *P, const char **dst, const Tok *t)
{
	*dst = t->isnum ? NULL : astrndup(P->f->a, t->s, (size_t)t->n);
}

/* A use of local value t with type `type` (-1: not stated). */
static int use_val(Parser *P, const Tok *t, int type)
{
	Fn *f = P->f;
	int found;
	HEnt *e = name_get(P, t, &found);
	if (!found) {
		int v = fn_val(f, VFWD, type, NULL);
		Val *x = &f->val.v[v];
		set_name(P, &x->name, t);
		x->line = t->line;
		x->col = t->col;
		x->num = t->isnum ? (int)t->num : -1;
		e->kind = N_VAL;
		e->val = v;
		return v;
	}
	if (e->kind != N_VAL)
		failat(P, t->line, t->col, "'%s' is a label, not a value", tokname(P, t));
	Val *x = &f->val.v[e->val];
	if (type >= 0 && x->type < 0)
		x->type = type;
	else if (type >= 0 && x->type != type)
		failat(P, t->line, t->col, "'%s' used with type '%s' but its type is '%s'",
		       tokname(P, t), fn_typestr(f, type), fn_typestr(f, x->type));
	return e->val;
}

/* A use of label t: a block id, or -(k+2) for pending label k (patched
 * when the function ends). */
static int use_lab(Parser *P, const Tok *t, int branch)
{
	int found;
	HEnt *e = name_get(P, t, &found);
	if (!found) {
		Pend pd = {-1, *t};
		e->kind = N_FLAB;
		e->val = P->pend.n;
		vpush(P->sa, P->pend, pd);
		return -(e->val + 2);
	}
	if (e->kind == N_VAL)
		failat(P, t->line, t->col, "'%s' is a value, not a label", tokname(P, t));
	if (e->kind == N_FLAB)
		return -(e->val + 2);
	if (branch && e->val == 0)
		failat(P, t->line, t->col, "branch to the entry block '%s' (the entry block "
		       "cannot have predecessors)", tokname(P, t));
	return e->val;
}

/* Instruction ins defines local t, of type `type` (-1: unknown).  A
 * forward placeholder becomes the definition itself, so the operand ids
 * that point at it stay valid. */
static void def_val(Parser *P, const Tok *t, int ins, int type)
{
	Fn *f = P->f;
	int found;
	HEnt *e = name_get(P, t, &found);
	if (!found) {
		int v = fn_res(f, ins, type, NULL);
		Val *x = &f->val.v[v];
		set_name(P, &x->name, t);
		x->line = t->line;
		x->col = t->col;
		e->kind = N_VAL;
		e->val = v;
		return;
	}
	if (e->kind == N_FLAB) {
		const Tok *u = &P->pend.v[e->val].t;
		failat(P, t->line, t->col, "'%s' defined as a value but used as a label at %d:%d",
		       tokname(P, t), u->line, u->col);
	}
	Val *x = &f->val.v[e->val];
	if (e->kind == N_BLK || x->kind != VFWD)
		failat(P, t->line, t->col, "redefinition of '%s'", tokname(P, t));
	if (type >= 0 && x->type >= 0 && x->type != type)
		failat(P, t->line, t->col, "'%s' defined with type '%s' but used with type '%s' at %d:%d",
		       tokname(P, t), fn_typestr(f, type), fn_typestr(f, x->type), x->line, x->col);
	x->kind = VINS;
	x->ins = ins;
	if (type >= 0)
		x->type = type;
	f->ins.v[ins].res = e->val;
}

/* LLVM numbers unnamed values and blocks in order: check the input did. */
static void check_num(Parser *P, const Tok *t, const char *what)
{
	if (t->num != P->nextnum)
		failat(P, t->line, t->col, "%s expected to be numbered '%%%ld'", what, P->nextnum);
	P->nextnum++;
}

/* ---------- values ---------- */

/* Skip a bracketed constant at p ({...}, [...], <...>, (...)); one line. */
static void skip_group(Parser *P)
{
	char stk[MAXDEPTH];
	int d = 0;
	do {
		int c = peek(P);
		if (c == '"') {
			skip_string(P);
			continue;
		}
		if (c < 0 || c == '\n' || c == ';')
			fail(P, P->p, "unterminated constant (constants must fit on one line)");
		if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (d >= MAXDEPTH)
				fail(P, P->p, "brackets nested too deeply (more than %d)", MAXDEPTH);
			stk[d++] = (char)(c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : '>');
		} else if (c == ')' || c == ']' || c == '}' || c == '>') {
			if (c != stk[d - 1])
				fail(P, P->p, "unbalanced '%c'", c);
			d--;
		}
		P->p++;
	} while (d > 0);
}

static int is_const_word(const char *s, int n)
{
	static const char *const kw[] = {
		"true", "false", "null", "none", "undef", "poison", "zeroinitializer", 0};
	for (int i = 0; kw[i]; i++)
		if (weq(s, n, kw[i]))
			return 1;
	return 0;
}

/* @name, @"name" or @N at p. */
static void skip_global(Parser *P)
{
	const char *at = P->p++;
	if (peek(P) == '"') {
		skip_string(P);
		return;
	}
	const char *s = P->p;
	while (P->p < P->end && isname((unsigned char)*P->p))
		P->p++;
	if (P->p == s)
		fail(P, at, "expected a name after '@'");
}

/* Skip the constant at p: a literal, @global, aggregate or constant
 * expression.  Its text is kept as written. */
static void skip_const(Parser *P)
{
	const char *at = P->p;
	int c = peek(P);
	if (c == '@') {
		skip_global(P);
	} else if (c == 'c' && peekat(P, P->p + 1) == '"') {
		P->p++;
		skip_string(P);
	} else if (c == '{' || c == '[' || c == '<' || c == '(') {
		skip_group(P);
	} else if (isdig(c) || ((c == '-' || c == '+') && isdig(peekat(P, P->p + 1)))) {
		for (P->p++; P->p < P->end; P->p++) {
			int d = (unsigned char)*P->p;
			int e = (unsigned char)P->p[-1];
			if (!(isword(d) || ((d == '+' || d == '-') && (e == 'e' || e == 'E'))))
				break;
		}
	} else if (isword(c) && !isdig(c)) {
		const char *s;
		int n = word(P, &s);
		if (is_const_word(s, n))
			return;
		int special = weq(s, n, "dso_local_equivalent") || weq(s, n, "no_cfi");
		/* constant expression: words (opcode, flags), then (...) groups */
		for (;;) {
			while (peek(P) == ' ' || peek(P) == '\t')
				P->p++;
			c = peek(P);
			if (special && c == '@') {
				skip_global(P);
				return;
			}
			if (c == '(') {
				skip_group(P);
				const char *q = P->p;
				while (peekat(P, q) == ' ')
					q++;
				if (peekat(P, q) != '(')
					return;
				P->p = q;
				continue;
			}
			if (!isword(c) || isdig(c))
				fail(P, at, "expected a value, got %s", tokat(P, at));
			word(P, &s);
		}
	} else {
		fail(P, at, "expected a value, got %s", tokat(P, at));
	}
}

static int intern_const(Parser *P, int type, const char *s, int n)
{
	int found;
	HEnt *e = hash_str(&P->consts, s, n, type, &found);
	if (!found) {
		Fn *f = P->f;
		int v = fn_const(f, type, NULL);
		f->val.v[v].name = astrndup(f->a, s, (size_t)n);
		e->val = v;
	}
	return e->val;
}

/* A value of type `type` at p.  typed: the printer needs this operand's
 * type (pointer, count), so undef/poison become typed constants. */
static int value(Parser *P, int type, int typed)
{
	ws(P);
	if (peek(P) == '%') {
		Tok t;
		lex_local(P, &t);
		return use_val(P, &t, type);
	}
	const char *s = P->p;
	skip_const(P);
	int n = (int)(P->p - s);
	if (!typed && weq(s, n, "undef"))
		return P->f->undef;
	if (!typed && weq(s, n, "poison"))
		return P->f->poison;
	return intern_const(P, type, s, n);
}

/* label %x */
static int label_op(Parser *P, int branch)
{
	ws(P);
	if (!at_word(P, "label"))
		fail(P, P->p, "expected 'label', got %s", tokat(P, P->p));
	P->p += 5;
	ws(P);
	if (peek(P) != '%')
		fail(P, P->p, "expected a label name, got %s", tokat(P, P->p));
	Tok t;
	lex_local(P, &t);
	return use_lab(P, &t, branch);
}

/* ---------- instructions ---------- */

/* Skip blanks on this line. */
static void blanks(Parser *P)
{
	while (peek(P) == ' ' || peek(P) == '\t' || peek(P) == '\r')
		P->p++;
}

/* !name or !N */
static int skip_md(Parser *P)
{
	if (peek(P) != '!')
		return 0;
	const char *s = ++P->p;
	while (P->p < P->end && isname((unsigned char)*P->p))
		P->p++;
	return P->p > s;
}

/* The text after the last operand of a parsed instruction, verbatim up
 * to the comment, or NULL.  Only what LLVM allows there is accepted:
 * for atomics syncscope("...") and orderings, then ", align N",
 * ", addrspace(N)" and metadata attachments ", !name !N". */
static const char *trailing(Parser *P, int atomic)
{
	const char *s = P->p; /* with its blanks: " seq_cst, align 4" */
	blanks(P);
	while (atomic && isword(peek(P)) && !isdig(peek(P))) {
		const char *w;
		int n = word(P, &w);
		if (weq(w, n, "syncscope") && peek(P) == '(') {
			P->p++;
			if (peek(P) != '"')
				fail(P, P->p, "expected a string in syncscope");
			skip_string(P);
			if (peek(P) != ')')
				fail(P, P->p, "expected ')' after the sync scope");
			P->p++;
		} else if (!(weq(w, n, "unordered") || weq(w, n, "monotonic") ||
		             weq(w, n, "acquire") || weq(w, n, "release") || weq(w, n, "acq_rel") ||
		             weq(w, n, "seq_cst"))) {
			fail(P, w, "unexpected text %s after the instruction", tokat(P, w));
		}
		blanks(P);
	}
	while (peek(P) == ',') {
		P->p++;
		blanks(P);
		const char *w = P->p;
		if (at_eol(P)) {
			fail(P, w, "expected 'align' or an attachment after ','");
		} else if (at_word(P, "align")) {
			P->p += 5;
			blanks(P);
			if (!isdig(peek(P)))
				fail(P, P->p, "expected an alignment, got %s", tokat(P, P->p));
			while (isdig(peek(P)))
				P->p++;
		} else if (at_word(P, "addrspace")) {
			P->p += 9;
			if (peek(P) != '(')
				fail(P, P->p, "expected '(' after 'addrspace'");
			for (P->p++; isdig(peek(P)); P->p++)
				;
			if (peek(P) != ')')
				fail(P, P->p, "expected ')' after the address space");
			P->p++;
		} else if (skip_md(P)) {
			blanks(P);
			if (!skip_md(P))
				fail(P, P->p, "expected a metadata node after %s, got %s",
				     shown(P, "", w, (int)(P->p - w)), tokat(P, P->p));
		} else {
			fail(P, w, "unexpected text %s after the instruction", tokat(P, w));
		}
		blanks(P);
	}
	if (!at_eol(P))
		fail(P, P->p, "unexpected text %s after the instruction", tokat(P, P->p));
	const char *e = P->p;
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		e--;
	skip_comment(P);
	return e > s ? astrndup(P->f->a, s, (size_t)(e - s)) : NULL;
}

static int mkins(Parser *P, int op, int type, int line, int col)
{
	Fn *f = P->f;
	int i = fn_ins(f, P->cur, op, type, P->ops.n, P->labs.n);
	Ins *in = &f->ins.v[i];
	if (P->ops.n)
		memcpy(in->ops, P->ops.v, (size_t)P->ops.n * sizeof(int));
	if (P->labs.n)
		memcpy(in->lab, P->labs.v, (size_t)P->labs.n * sizeof(int));
	in->line = line;
	in->col = col;
	return i;
}

static void push_op(Parser *P, int v)
{
	vpush(P->sa, P->ops, v);
}

static void push_lab(Parser *P, int b)
{
	vpush(P->sa, P->labs, b);
}

/* [atomic] [volatile] */
static int mem_flags(Parser *P)
{
	int fl = 0;
	ws(P);
	if (at_word(P, "atomic")) {
		P->p += 6;
		fl |= IATOMIC;
		ws(P);
	}
	if (at_word(P, "volatile")) {
		P->p += 8;
		fl |= IVOLATILE;
	}
	return fl;
}

static int ins_load(Parser *P, int line, int col)
{
	int fl = mem_flags(P);
	int t = parse_type(P);
	expect_ch(P, ',', "after the loaded type");
	int pt = parse_type(P);
	push_op(P, value(P, pt, 1));
	const char *rest = trailing(P, fl & IATOMIC);
	int i = mkins(P, OLOAD, t, line, col);
	P->f->ins.v[i].flags = (uint8_t)fl;
	P->f->ins.v[i].text = rest;
	return i;
}

static int ins_store(Parser *P, int line, int col)
{
	int fl = mem_flags(P);
	int t = parse_type(P);
	push_op(P, value(P, t, 0));
	expect_ch(P, ',', "after the stored value");
	int pt = parse_type(P);
	push_op(P, value(P, pt, 1));
	const char *rest = trailing(P, fl & IATOMIC);
	int i = mkins(P, OSTORE, t, line, col);
	P->f->ins.v[i].flags = (uint8_t)fl;
	P->f->ins.v[i].text = rest;
	return i;
}

static int ins_alloca(Parser *P, int line, int col)
{
	int t = parse_type(P);
	ws(P);
	if (peek(P) == ',') {
		/* ", TY N" is a count; ", align" / ", addrspace" / ", !md" are not */
		const char *q = P->p + 1;
		while (peekat(P, q) == ' ' || peekat(P, q) == '\t')
			q++;
		const char *save = P->p;
		P->p = q;
		int rest = at_word(P, "align") || at_word(P, "addrspace") || peek(P) == '!';
		P->p = rest ? save : q;
		if (!rest) {
			int ct = parse_type(P);
			push_op(P, value(P, ct, 1));
		}
	}
	const char *rest = trailing(P, 0);
	int i = mkins(P, OALLOCA, t, line, col);
	P->f->ins.v[i].text = rest;
	return i;
}

static int ins_phi(Parser *P, int line, int col)
{
	static const char *const fmf[] = {
		"fast", "nnan", "ninf", "nsz", "arcp", "contract", "afn", "reassoc", 0};
	ws(P);
	for (int k = 0; fmf[k]; k++)
		if (at_word(P, fmf[k]))
			fail(P, P->p, "fast-math flags on phi are not supported");
	int t = parse_type(P);
	for (;;) {
		expect_ch(P, '[', "to open a phi entry");
		push_op(P, value(P, t, 0));
		expect_ch(P, ',', "after the phi value");
		ws(P);
		if (peek(P) != '%')
			fail(P, P->p, "expected a block name, got %s", tokat(P, P->p));
		Tok b;
		lex_local(P, &b);
		push_lab(P, use_lab(P, &b, 0));
		expect_ch(P, ']', "to close a phi entry");
		ws(P);
		if (peek(P) != ',')
			break;
		const char *q = P->p + 1;
		while (peekat(P, q) == ' ' || peekat(P, q) == '\t')
			q++;
		if (peekat(P, q) != '[')
			break;
		P->p = q;
	}
	int i = mkins(P, OPHI, t, line, col);
	P->f->ins.v[i].text = trailing(P, 0);
	return i;
}

static int ins_br(Parser *P, int line, int col)
{
	ws(P);
	int op = OBR;
	if (at_word(P, "label")) {
		push_lab(P, label_op(P, 1));
	} else {
		const char *at = P->p;
		int t = parse_type(P);
		if (strcmp(fn_typestr(P->f, t), "i1") != 0)
			fail(P, at, "expected 'label' or 'i1' after 'br'");
		push_op(P, value(P, t, 0));
		expect_ch(P, ',', "after the branch condition");
		push_lab(P, label_op(P, 1));
		expect_ch(P, ',', "between the branch targets");
		push_lab(P, label_op(P, 1));
		op = OCBR;
	}
	const char *rest = trailing(P, 0);
	int i = mkins(P, op, -1, line, col);
	P->f->ins.v[i].text = rest;
	return i;
}

static int ins_switch(Parser *P, int line, int col)
{
	int t = parse_type(P);
	push_op(P, value(P, t, 0));
	expect_ch(P, ',', "after the switch value");
	push_lab(P, label_op(P, 1));
	expect_ch(P, '[', "to open the switch cases");
	for (;;) {
		ws(P);
		if (peek(P) == ']')
			break;
		const char *at = P->p;
		if (parse_type(P) != t)
			fail(P, at, "case type must be '%s'", fn_typestr(P->f, t));
		ws(P);
		if (peek(P) == '%')
			fail(P, P->p, "case value must be a constant");
		push_op(P, value(P, t, 0));
		expect_ch(P, ',', "after the case value");
		push_lab(P, label_op(P, 1));
	}
	expect_ch(P, ']', "to close the switch cases");
	const char *rest = trailing(P, 0);
	int i = mkins(P, OSWITCH, t, line, col);
	P->f->ins.v[i].text = rest;
	return i;
}

static int ins_ret(Parser *P, int line, int col)
{
	int t = parse_type(P);
	int op = strcmp(P->f->type.v[t], "void") != 0;
	if (op)
		push_op(P, value(P, t, 0));
	const char *rest = trailing(P, 0);
	int i = mkins(P, ORET, op ? t : -1, line, col);
	P->f->ins.v[i].text = rest;
	return i;
}

/* ---------- generic instructions ---------- */

/* What the previous token says about a following %name. */
enum { PV_NONE, PV_TYPE, PV_LABEL, PV_VALUE, PV_WANT, PV_X, PV_OPEN };

static const char *const term_ops[] = {
	"invoke", "callbr", "indirectbr", "resume", "catchswitch", "catchret", "cleanupret", 0};

static const char *const gen_ops[] = {
	"fneg", "add", "fadd", "sub", "fsub", "mul", "fmul", "udiv", "sdiv", "fdiv", "urem",
	"srem", "frem", "shl", "lshr", "ashr", "and", "or", "xor", "extractelement",
	"insertelement", "shufflevector", "extractvalue", "insertvalue", "alloca", "fence",
	"cmpxchg", "atomicrmw", "getelementptr", "trunc", "zext", "sext", "fptrunc", "fpext",
	"fptoui", "fptosi", "uitofp", "sitofp", "ptrtoint", "ptrtoaddr", "inttoptr", "bitcast",
	"addrspacecast", "icmp", "fcmp", "select", "freeze", "call", "tail", "musttail",
	"notail", "va_arg", "landingpad", "catchpad", "cleanuppad", "#dbg_value",
	"#dbg_declare", "#dbg_assign", "#dbg_label", 0};

/* Words after which the next %name is a type. */
static const char *const want_type[] = {
	"getelementptr", "alloca", "inalloca", "swifterror", "landingpad", 0};
static const char *const gep_flags[] = {"inbounds", "nuw", "nusw", 0};

/* Words that start a constant: a %name before one is its type. */
static const char *const const_start[] = {
	"true", "false", "null", "none", "undef", "poison", "zeroinitializer", "blockaddress",
	"dso_local_equivalent", "no_cfi", "splat", "getelementptr", "bitcast", "ptrtoint",
	"inttoptr", "addrspacecast", "trunc", "add", "sub", "mul", "shl", "xor", "icmp",
	"fcmp", "select", "extractelement", "insertelement", "shufflevector", "asm", 0};

/* Continuation lines LLVM prints for invoke, callbr and landingpad. */
static const char *const cont_words[] = {"to", "unwind", "catch", "filter", "cleanup", 0};

static int in_list(const char *const *l, const char *s, int n)
{
	for (int i = 0; l[i]; i++)
		if (weq(s, n, l[i]))
			return 1;
	return 0;
}

/* Is the %name that ends at q a type, judged by what follows it? */
static int type_by_next(Parser *P, const char *q)
{
	while (peekat(P, q) == ' ' || peekat(P, q) == '\t')
		q++;
	int c = peekat(P, q);
	if (c == '*' || c == '(' || c == '%' || c == '@' || c == '{' || c == '[' || c == '<' ||
	    isdig(c) || c == '-' || (c == 'c' && peekat(P, q + 1) == '"'))
		return 1;
	const char *s = q;
	while (q < P->end && isword((unsigned char)*q))
		q++;
	int n = (int)(q - s);
	return n && (weq(s, n, "addrspace") || in_list(const_start, s, n));
}

/* Does the next physical line continue the instruction? */
static int continues(Parser *P)
{
	const char *q = P->p + 1;
	while (peekat(P, q) == ' ' || peekat(P, q) == '\t')
		q++;
	const char *s = q;
	while (q < P->end && isword((unsigned char)*q))
		q++;
	return q > s && peekat(P, q) != ':' && in_list(cont_words, s, (int)(q - s));
}

/* Template of a generic instruction, from p (at its opcode) to the end
 * of the logical line.  %names become T_VAL operands, or T_LAB after
 * "label"; a %name in a type position (%struct.S) stays text.  Which
 * is which follows LLVM's grammar: a value follows a type (with
 * parameter attributes in between), a type follows an opening bracket,
 * "x", or getelementptr/alloca/landingpad, and otherwise a %name
 * followed by something that starts a value or by '*' is a type. */
static int ins_gen(Parser *P, const char *op, int nop, int line, int col)
{
	char stk[MAXDEPTH]; /* expected closers */
	int d = 0, prev = PV_NONE, term = in_list(term_ops, op, nop);
	P->sb.n = 0;
	for (;;) {
		int c = peek(P);
		if (c < 0) {
			if (d > 0)
				fail(P, P->p, "unexpected end of file inside brackets");
			break;
		}
		if (c == '\n') {
			if (d == 0 && !continues(P))
				break;
			sb_trim(P, 0);
			sb_putc(P, '\n');
			newline(P);
			continue;
		}
		if (c == ';') {
			skip_comment(P);
			continue;
		}
		if (c == '"' || (c == 'c' && peekat(P, P->p + 1) == '"')) {
			const char *s = P->p;
			if (c == 'c')
				P->p++;
			skip_string(P);
			sb_put(P, s, (size_t)(P->p - s));
			if (prev != PV_TYPE)
				prev = PV_NONE;
			continue;
		}
		if (c == '%') {
			Tok t;
			const char *s = P->p;
			lex_local(P, &t);
			int cls; /* 0 type, 1 value, 2 label */
			const char *q = P->p;
			while (peekat(P, q) == ' ')
				q++;
			if (peekat(P, q) == '*') /* never after a value */
				cls = 0;
			else if (prev == PV_LABEL)
				cls = 2;
			else if (prev == PV_TYPE || prev == PV_VALUE)
				cls = 1;
			else if (d > 0)
				cls = 0; /* bracket lists start with a type; constants hold no locals */
			else if (prev == PV_WANT || prev == PV_X || prev == PV_OPEN)
				cls = 0;
			else
				cls = !type_by_next(P, P->p);
			if (cls == 0) {
				sb_put(P, s, (size_t)(P->p - s));
				prev = PV_TYPE;
			} else if (cls == 1) {
				sb_putc(P, T_VAL);
				push_op(P, use_val(P, &t, -1));
				prev = PV_NONE;
			} else {
				sb_putc(P, T_LAB);
				push_lab(P, use_lab(P, &t, 1));
				prev = PV_NONE;
			}
			continue;
		}
		if (c == '@') {
			const char *s = P->p;
			skip_global(P);
			sb_put(P, s, (size_t)(P->p - s));
			prev = PV_NONE;
			continue;
		}
		if (c == '!') {
			const char *s = P->p++;
			while (P->p < P->end && isname((unsigned char)*P->p))
				P->p++;
			sb_put(P, s, (size_t)(P->p - s));
			prev = PV_NONE;
			continue;
		}
		if (isword(c) || c == '#') {
			const char *s = P->p;
			if (c == '#')
				P->p++;
			while (P->p < P->end && isword((unsigned char)*P->p))
				P->p++;
			int n = (int)(P->p - s);
			sb_put(P, s, (size_t)n);
			if (isdig(c)) {
				if (prev != PV_TYPE)
					prev = PV_NONE; /* "align 4" keeps the type pending */
			} else if (weq(s, n, "blockaddress")) {
				/* blockaddress(@f, %bb): a constant naming a block, kept as text */
				while (peek(P) == ' ')
					sb_putc(P, *P->p++);
				if (peek(P) == '(') {
					const char *g = P->p;
					skip_group(P);
					sb_put(P, g, (size_t)(P->p - g));
				}
				prev = PV_NONE;
			} else if (weq(s, n, "metadata")) {
				prev = PV_OPEN; /* "metadata T V": a type follows */
			} else if (is_type_word(s, n)) {
				prev = weq(s, n, "label") ? PV_LABEL : PV_TYPE;
			} else if (weq(s, n, "x") && d > 0) {
				prev = PV_X;
			} else if (weq(s, n, "within") || weq(s, n, "from")) {
				prev = PV_VALUE;
			} else if (in_list(want_type, s, n)) {
				prev = PV_WANT;
			} else if (prev == PV_WANT && in_list(gep_flags, s, n)) {
				/* stays PV_WANT */
			} else if (is_const_word(s, n)) {
				prev = PV_NONE;
			} else if (prev != PV_TYPE) {
				prev = PV_NONE; /* parameter attributes keep a type pending */
			}
			continue;
		}
		if (c == '(' || c == '[' || c == '{' || c == '<') {
			if (d >= MAXDEPTH || P->depth + d >= MAXDEPTH)
				fail(P, P->p, "brackets nested too deeply (more than %d)", MAXDEPTH);
			stk[d] = (char)(c == '(' ? ')' : c == '[' ? ']' : c == '{' ? '}' : '>');
			d++;
			sb_putc(P, c);
			P->p++;
			prev = PV_OPEN;
			continue;
		}
		if (c == ')' || c == ']' || c == '}' || c == '>') {
			if (d == 0 || stk[d - 1] != c)
				fail(P, P->p, "unbalanced '%c'", c);
			d--;
			sb_putc(P, c);
			P->p++;
			prev = PV_TYPE;
			continue;
		}
		if (c == ' ' || c == '\t' || c == '\r') {
			sb_putc(P, c);
			P->p++;
			continue;
		}
		if (c < 0x20 || c >= 0x7f)
			fail(P, P->p, "unexpected character 0x%02x", c);
		sb_putc(P, c);
		P->p++;
		prev = c == '*' ? PV_TYPE : c == '=' ? prev : PV_NONE;
	}
	sb_trim(P, 0);
	if (P->labs.n)
		term = 1;
	int i = mkins(P, term ? OTERM : OGEN, -1, line, col);
	P->f->ins.v[i].text = astrndup(P->f->a, P->sb.v ? P->sb.v : "", (size_t)P->sb.n);
	P->sb.n = 0;
	return i;
}

/* ---------- blocks and the body ---------- */

static const char *blkname(Parser *P, int b)
{
	Blk *bk = &P->f->blk.v[b];
	if (bk->name)
		return shown(P, "%", bk->name, (int)strlen(bk->name));
	char num[32];
	snprintf(num, sizeof num, "%d", bk->num);
	return shown(P, "%", num, (int)strlen(num));
}

/* The current block must be complete before another starts. */
static void end_block(Parser *P, int line, int col)
{
	if (P->cur >= 0 && !P->term)
		failat(P, line, col, "block %s has no terminator", blkname(P, P->cur));
}

static int new_block(Parser *P, const Tok *t, int line)
{
	Fn *f = P->f;
	int b = fn_blk(f, NULL);
	Blk *bk = &f->blk.v[b];
	bk->line = line;
	if (t->isnum)
		bk->num = bk->inum = (int)t->num;
	else
		bk->name = astrndup(f->a, t->s, (size_t)t->n);
	int found;
	HEnt *e = name_get(P, t, &found);
	if (found && e->kind == N_VAL) {
		Val *x = &f->val.v[e->val];
		if (x->kind != VFWD)
			failat(P, t->line, t->col, "redefinition of '%s'", tokname(P, t));
		failat(P, t->line, t->col, "'%s' defined as a label but used as a value at %d:%d",
		       tokname(P, t), x->line, x->col);
	}
	if (found && e->kind == N_BLK)
		failat(P, t->line, t->col, "redefinition of '%s'", tokname(P, t));
	if (found)
		P->pend.v[e->val].blk = b;
	e->kind = N_BLK;
	e->val = b;
	P->cur = b;
	P->term = P->nonphi = 0;
	return b;
}

/* The unlabeled entry block takes the next number. */
static void implicit_entry(Parser *P)
{
	char *num = aalloc(P->sa, 24);
	snprintf(num, 24, "%ld", P->nextnum);
	Tok t = {num, (int)strlen(num), P->line, 1, 1, P->nextnum};
	P->nextnum++;
	new_block(P, &t, P->line);
}

/* "name:" at p?  Returns the length of the label name, or 0. */
static int label_len(Parser *P)
{
	const char *q = P->p;
	if (peek(P) == '"') {
		for (q++; q < P->end && *q != '"' && *q != '\n'; q++)
			;
		if (q >= P->end || *q != '"')
			return 0;
		q++;
	} else {
		while (q < P->end && isname((unsigned char)*q))
			q++;
	}
	return q > P->p && peekat(P, q) == ':' ? (int)(q - P->p) : 0;
}

static void label_line(Parser *P, int n)
{
	Tok t;
	memset(&t, 0, sizeof t);
	t.s = P->p;
	t.n = n;
	t.line = P->line;
	t.col = colof(P, P->p);
	end_block(P, t.line, t.col);
	if (*t.s == '"' && n == 2)
		fail(P, P->p, "empty label name");
	numbered(P, &t);
	if (t.isnum)
		check_num(P, &t, "label");
	P->p += n + 1;
	new_block(P, &t, t.line);
	expect_eol(P, "after the label");
}

static int require_res(Parser *P, const Tok *res, const char *op, int n, int want,
                       const char *at)
{
	if (want && !res->s)
		fail(P, at, "expected '%%name =' before '%s'", shown(P, "", op, n));
	if (!want && res->s)
		failat(P, res->line, res->col, "instruction '%s' does not produce a value",
		       shown(P, "", op, n));
	return want;
}

static void instruction(Parser *P)
{
	Fn *f = P->f;
	int line = P->line, col = colof(P, P->p);
	Tok res;
	memset(&res, 0, sizeof res);
	if (P->cur < 0)
		implicit_entry(P);
	if (peek(P) == '%') {
		lex_local(P, &res);
		ws(P);
		if (peek(P) != '=')
			fail(P, P->p, "expected '=' after '%s', got %s", tokname(P, &res),
			     tokat(P, P->p));
		P->p++;
		ws(P);
	}
	const char *op = P->p;
	if (peek(P) == '#')
		P->p++;
	int nop = (int)(P->p - op);
	nop += word(P, &(const char *){0});
	if (!nop || (nop == 1 && *op == '#'))
		fail(P, op, "expected an instruction, got %s", tokat(P, op));
	if (weq(op, nop, "define") || weq(op, nop, "declare"))
		fail(P, op, "expected '}' to end function @%s before '%s'",
		     shown(P, "", f->name, (int)strlen(f->name)), shown(P, "", op, nop));
	if (P->term)
		failat(P, line, col, "instruction after the terminator of block %s (a new block "
		       "needs a label)", blkname(P, P->cur));
	if (res.s && res.isnum)
		check_num(P, &res, "instruction");
	P->ops.n = P->labs.n = 0;
	int i, type = -1, hasres = 1;
	ws(P);
	if (weq(op, nop, "alloca") && !at_word(P, "inalloca") && !at_word(P, "swifterror")) {
		require_res(P, &res, op, nop, 1, op);
		i = ins_alloca(P, line, col);
	} else if (weq(op, nop, "load")) {
		require_res(P, &res, op, nop, 1, op);
		i = ins_load(P, line, col);
		type = f->ins.v[i].type;
	} else if (weq(op, nop, "phi")) {
		require_res(P, &res, op, nop, 1, op);
		if (P->nonphi)
			fail(P, op, "phi after a non-phi instruction in block %s", blkname(P, P->cur));
		i = ins_phi(P, line, col);
		type = f->ins.v[i].type;
	} else if (weq(op, nop, "store") || weq(op, nop, "br") || weq(op, nop, "switch") ||
	           weq(op, nop, "ret") || weq(op, nop, "unreachable")) {
		hasres = require_res(P, &res, op, nop, 0, op);
		if (*op == 's' && op[1] == 't')
			i = ins_store(P, line, col);
		else if (*op == 'b')
			i = ins_br(P, line, col);
		else if (*op == 's')
			i = ins_switch(P, line, col);
		else if (*op == 'r')
			i = ins_ret(P, line, col);
		else {
			const char *rest = trailing(P, 0);
			i = mkins(P, OUNREACH, -1, line, col);
			f->ins.v[i].text = rest;
		}
	} else if (in_list(gen_ops, op, nop) || in_list(term_ops, op, nop)) {
		P->p = op;
		i = ins_gen(P, op, nop, line, col);
		hasres = res.s != NULL;
	} else {
		fail(P, op, "unknown instruction '%s'", shown(P, "", op, nop));
	}
	if (f->ins.v[i].op != OPHI)
		P->nonphi = 1;
	if (op_is_term(f->ins.v[i].op))
		P->term = 1;
	if (hasres)
		def_val(P, &res, i, type);
}

/* define ... @name(args) ... {  -> Fn.name, Fn.head, Fn.arg */
static void header(Parser *P)
{
	Fn *f = P->f;
	const char *copied = P->bol; /* template text before here is in sb */
	f->line = P->line;
	P->sb.n = 0;
	/* the name is the first @ outside strings: linkage, attributes and
	 * the return type before it are kept as text */
	while (peek(P) != '@') {
		if (at_eol(P))
			fail(P, P->p, "expected '@name' in the define line");
		if (peek(P) == '"')
			skip_string(P);
		else
			P->p++;
	}
	const char *at = P->p;
	skip_global(P);
	f->name = astrndup(f->a, at + 1, (size_t)(P->p - at - 1));
	if (peek(P) != '(')
		fail(P, P->p, "expected '(' after the function name, got %s", tokat(P, P->p));
	open_br(P);
	for (int first = 1;; first = 0) {
		ws(P);
		if (peek(P) == ')')
			break;
		if (!first) {
			expect_ch(P, ',', "between arguments");
			ws(P);
		}
		if (P->end - P->p >= 3 && !memcmp(P->p, "...", 3)) {
			P->p += 3;
			ws(P);
			break;
		}
		int t = parse_type(P);
		const char *last = P->p; /* end of the last token of the argument */
		Tok nm;
		memset(&nm, 0, sizeof nm);
		for (;;) {
			ws(P);
			int c = peek(P);
			if (c == ',' || c == ')' || c == '%')
				break;
			if (c == '"') {
				skip_string(P);
			} else if (c == '(' || c == '[' || c == '{' || c == '<') {
				skip_group(P);
			} else if (isword(c) || c == '=' || c == '-') {
				P->p++;
				while (P->p < P->end && isword((unsigned char)*P->p))
					P->p++;
			} else {
				fail(P, P->p, "unexpected %s in the argument list", tokat(P, P->p));
			}
			last = P->p;
		}
		int v = fn_val(f, VARG, t, NULL);
		f->val.v[v].ins = f->arg.n;
		vpush(f->a, f->arg, v);
		if (peek(P) == '%') {
			const char *s = P->p;
			lex_local(P, &nm);
			sb_put(P, copied, (size_t)(s - copied));
			copied = P->p;
			if (nm.isnum)
				check_num(P, &nm, "argument");
			int found;
			HEnt *e = name_get(P, &nm, &found);
			if (found)
				failat(P, nm.line, nm.col, "redefinition of '%s'", tokname(P, &nm));
			e->kind = N_VAL;
			e->val = v;
			set_name(P, &f->val.v[v].name, &nm);
			f->val.v[v].line = nm.line;
			f->val.v[v].col = nm.col;
			f->val.v[v].num = nm.isnum ? (int)nm.num : -1;
			sb_putc(P, T_VAL);
		} else {
			sb_put(P, copied, (size_t)(last - copied));
			sb_puts(P, " \001");
			copied = last;
			f->val.v[v].num = (int)P->nextnum++;
			f->val.v[v].line = P->line;
			f->val.v[v].col = colof(P, last);
		}
	}
	P->depth--;
	P->p++; /* ')' */
	/* the body opens with the last '{' of the line */
	const char *brace = NULL;
	while (!at_eol(P)) {
		if (peek(P) == '"') {
			skip_string(P);
			brace = NULL;
			continue;
		}
		if (*P->p == '{')
			brace = P->p;
		else if (*P->p != ' ' && *P->p != '\t' && *P->p != '\r')
			brace = NULL;
		P->p++;
	}
	if (!brace)
		fail(P, P->p, "expected '{' at the end of the define line");
	sb_put(P, copied, (size_t)(brace + 1 - copied));
	f->head = astrndup(f->a, P->sb.v, (size_t)P->sb.n);
	P->sb.n = 0;
	skip_comment(P);
}

/* Earliest use of an undefined value or label, reported as an error. */
static void check_undefined(Parser *P)
{
	Fn *f = P->f;
	const char *what = NULL, *name = NULL;
	int line = 0, col = 0;
	for (int k = 0; k < P->pend.n; k++) {
		const Tok *t = &P->pend.v[k].t;
		if (P->pend.v[k].blk < 0 && (!what || t->line < line ||
		                             (t->line == line && t->col < col))) {
			what = "label";
			name = tokname(P, t);
			line = t->line;
			col = t->col;
		}
	}
	for (int v = 0; v < f->val.n; v++) {
		Val *x = &f->val.v[v];
		if (x->kind == VFWD && (!what || x->line < line || (x->line == line && x->col < col))) {
			char num[32];
			snprintf(num, sizeof num, "%d", x->num);
			const char *s = x->name ? x->name : num;
			what = "value";
			name = shown(P, "%", s, (int)strlen(s));
			line = x->line;
			col = x->col;
		}
	}
	if (what)
		failat(P, line, col, "use of undefined %s '%s'", what, name);
}

static void parse_fn(Parser *P)
{
	Fn *f = P->f;
	header(P);
	for (;;) {
		if (P->p >= P->end)
			fail(P, P->p, "expected '}' at the end of function @%s (defined at line %d)",
			     shown(P, "", f->name, (int)strlen(f->name)), f->line);
		if (*P->p == '\n') {
			newline(P);
			continue;
		}
		ws(P);
		if (at_eol(P)) {
			skip_comment(P);
			continue;
		}
		if (*P->p == '}') {
			int col = colof(P, P->p);
			if (f->blk.n == 0)
				fail(P, P->p, "function body has no blocks");
			end_block(P, P->line, col);
			P->p++;
			expect_eol(P, "after '}'");
			break;
		}
		int n = label_len(P);
		if (n)
			label_line(P, n);
		else
			instruction(P);
	}
	check_undefined(P);
	/* forward labels are known now */
	for (int i = 0; i < f->ins.n; i++) {
		Ins *in = &f->ins.v[i];
		for (int k = 0; k < in->nlab; k++)
			if (in->lab[k] < 0)
				in->lab[k] = P->pend.v[-in->lab[k] - 2].blk;
	}
	if (P->p < P->end)
		newline(P);
}

static int guarded(Parser *P)
{
	if (setjmp(P->jb))
		return 0;
	parse_fn(P);
	return 1;
}

static int read_fn(Reader *r)
{
	Parser ps;
	memset(&ps, 0, sizeof ps);
	ps.r = r;
	ps.sa = arena_new();
	hash_init(&ps.names, ps.sa, 0);
	hash_init(&ps.types, ps.sa, 0);
	hash_init(&ps.consts, ps.sa, 0);
	ps.f = fn_new("");
	ps.f->file = astrndup(ps.f->a, r->file, strlen(r->file));
	ps.p = ps.bol = r->p;
	ps.end = r->end;
	ps.line = r->line;
	ps.cur = -1;
	/* skip the blanks before "define" */
	while (*ps.p == ' ' || *ps.p == '\t')
		ps.p++;
	int ok = guarded(&ps);
	arena_free(ps.sa);
	if (!ok) {
		fn_free(ps.f);
		r->p = r->end;
		return RD_ERR;
	}
	r->fn = ps.f;
	r->p = ps.p;
	r->line = ps.line;
	return RD_FN;
}

void rd_init(Reader *r, const char *file, const char *buf, size_t len)
{
	memset(r, 0, sizeof *r);
	r->file = file ? file : "<input>";
	r->buf = r->p = buf;
	r->end = buf + len;
	r->line = 1;
	/* The input is text.  A NUL byte would cut the text kept from it
	 * short (names, constants, the define line) and \001, \002 are the
	 * templates' operand markers: refuse control bytes up front, with
	 * their place, as LLVM's lexer refuses them too. */
	int line = 1;
	const char *bol = buf;
	for (const char *q = buf; q < buf + len; q++) {
		unsigned char ch = (unsigned char)*q;
		if (ch == '\n') {
			line++;
			bol = q + 1;
		} else if (ch < 0x20 && ch != '\t' && ch != '\r' && ch != '\f' && ch != '\v') {
			snprintf(r->err, sizeof r->err, "%s:%d:%d: error: %s in the input",
			         r->file, line, (int)(q - bol) + 1,
			         ch ? "control character" : "NUL byte");
			break;
		}
	}
}

/* After RD_ERR the reader stays failed: every later call says RD_ERR. */
int rd_next(Reader *r)
{
	r->fn = NULL;
	r->raw = NULL;
	r->nraw = 0;
	if (r->err[0])
		return RD_ERR;
	if (!r->p || r->p >= r->end)
		return RD_END;
	const char *nl = memchr(r->p, '\n', (size_t)(r->end - r->p));
	const char *le = nl ? nl : r->end;
	const char *q = r->p;
	while (q < le && (*q == ' ' || *q == '\t'))
		q++;
	if (le - q >= 6 && !memcmp(q, "define", 6) && (le - q == 6 || !isname((unsigned char)q[6])))
		return read_fn(r);
	r->raw = r->p;
	r->nraw = (size_t)(le - r->p);
	r->p = nl ? nl + 1 : r->end;
	r->line++;
	return RD_RAW;
}
