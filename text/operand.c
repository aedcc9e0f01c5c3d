/* operand.c - the reader's operands: types (kept as interned text),
 * local names (values and labels, defined or forward), and values
 * (locals, constants uniqued per type and text).  read.c's header
 * comment says how a local's type is found. */
#include "read.h"

#include <string.h>

/* ---------- types ---------- */

int is_type_word(const char *s, int n)
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

int parse_type(Parser *P)
{
	int start = P->sb.n;
	ty(P);
	int t = intern_type(P, P->sb.v + start, P->sb.n - start);
	P->sb.n = start;
	return t;
}

/* ---------- names ---------- */

HEnt *name_get(Parser *P, const Tok *t, int *found)
{
	return hash_str(&P->names, t->s, t->n, 0, found);
}

void set_name(Parser *P, const char **dst, const Tok *t)
{
	*dst = t->isnum ? NULL : astrndup(P->f->a, t->s, (size_t)t->n);
}

void vpos_set(Parser *P, int v, int line, int col)
{
	if (v >= P->vpos.n) {
		vreserve(P->sa, P->vpos, v + 1);
		memset(P->vpos.v + P->vpos.n, 0, (size_t)(v + 1 - P->vpos.n) * sizeof(VPos));
		P->vpos.n = v + 1;
	}
	P->vpos.v[v].line = line;
	P->vpos.v[v].col = col;
}

/* A use of local value t with type `type` (-1: not stated). */
int use_val(Parser *P, const Tok *t, int type)
{
	Fn *f = P->f;
	int found;
	HEnt *e = name_get(P, t, &found);
	if (!found) {
		int v = fn_val(f, VFWD, type, NULL);
		Val *x = &f->val.v[v];
		set_name(P, &x->name, t);
		vpos_set(P, v, t->line, t->col);
		if (t->isnum)
			val_setnum(f, v, (int)t->num);
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
int use_lab(Parser *P, const Tok *t, int branch)
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
void def_val(Parser *P, const Tok *t, int ins, int type)
{
	Fn *f = P->f;
	int found;
	HEnt *e = name_get(P, t, &found);
	if (!found) {
		int v = fn_res(f, ins, type, NULL);
		Val *x = &f->val.v[v];
		set_name(P, &x->name, t);
		vpos_set(P, v, t->line, t->col);
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
		       tokname(P, t), fn_typestr(f, type), fn_typestr(f, x->type),
		       vpos_of(P, e->val).line, vpos_of(P, e->val).col);
	x->kind = VINS;
	x->ins = ins;
	if (type >= 0)
		x->type = type;
	f->ins.v[ins].res = e->val;
}

/* LLVM numbers unnamed values and blocks in order: check the input did. */
void check_num(Parser *P, const Tok *t, const char *what)
{
	if (t->num != P->nextnum)
		failat(P, t->line, t->col, "%s expected to be numbered '%%%ld'", what, P->nextnum);
	P->nextnum++;
}

/* ---------- values ---------- */

/* Skip a bracketed constant at p ({...}, [...], <...>, (...)); one line. */
void skip_group(Parser *P)
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

int is_const_word(const char *s, int n)
{
	static const char *const kw[] = {
		"true", "false", "null", "none", "undef", "poison", "zeroinitializer", 0};
	for (int i = 0; kw[i]; i++)
		if (weq(s, n, kw[i]))
			return 1;
	return 0;
}

/* @name, @"name" or @N at p. */
void skip_global(Parser *P)
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
int value(Parser *P, int type, int typed)
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
int label_op(Parser *P, int branch)
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
