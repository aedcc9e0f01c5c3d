/* read.c - reader of the textual IR (a subset of LLVM's): blocks, the
 * define line and the function body, and the entry points rd_init and
 * rd_next.  print.c prints the IR.  The reader's other parts: lex.c
 * (errors, tokens, scratch text), operand.c (types, names, values),
 * ins.c (instructions); read.h is their private header.
 *
 * What the reader keeps, and where (doc/ir.md has the user's view):
 *
 *  - Module-level lines are handed back one by one (RD_RAW), untouched.
 *  - Fn.head is the define line verbatim, with T_VAL at each argument
 *    name.  Unnamed arguments get " \001" after their attributes.
 *  - alloca, load, store, phi, br, switch, ret and unreachable are fully
 *    parsed: the printer regenerates the text before the last operand
 *    from the fields ("load" [atomic] [volatile] T ", " PT " " ptr) and
 *    the instruction's text (ins_text) holds only what follows the last
 *    operand, verbatim (", align 4", " seq_cst, align 4", ", !dbg !7"),
 *    or NULL.  That is
 *    the header's contract, so instructions made by other code print
 *    the same way.  The pointer type PT of a load/store and the count
 *    type of an alloca are not in the Ins: they are the Val.type of the
 *    operand as written (see below), so forwarding never loses them.
 *  - Every other instruction is OGEN (or OTERM when it branches) and
 *    its text (ins_text) has T_VAL / T_LAB at local operands.
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
#include "read.h"

#include <string.h>

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

static int new_block(Parser *P, const Tok *t)
{
	Fn *f = P->f;
	int b = fn_blk(f, NULL);
	Blk *bk = &f->blk.v[b];
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
		       tokname(P, t), vpos_of(P, e->val).line, vpos_of(P, e->val).col);
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
	new_block(P, &t);
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
	new_block(P, &t);
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
			ins_settext(f, i, rest);
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
			vpos_set(P, v, nm.line, nm.col);
			if (nm.isnum)
				val_setnum(f, v, (int)nm.num);
			sb_putc(P, T_VAL);
		} else {
			sb_put(P, copied, (size_t)(last - copied));
			sb_puts(P, " \001");
			copied = last;
			val_setnum(f, v, (int)P->nextnum++);
			vpos_set(P, v, P->line, colof(P, last));
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
		VPos xp = vpos_of(P, v);
		if (x->kind == VFWD && (!what || xp.line < line || (xp.line == line && xp.col < col))) {
			char num[32];
			snprintf(num, sizeof num, "%d", val_num(f, v));
			const char *s = x->name ? x->name : num;
			what = "value";
			name = shown(P, "%", s, (int)strlen(s));
			line = xp.line;
			col = xp.col;
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
