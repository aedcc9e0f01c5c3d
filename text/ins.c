/* ins.c - the reader's instructions: the fully parsed ones (alloca,
 * load, store, phi, br, switch, ret) and the generic ones, kept as a
 * template with their local operands marked (read.c's header comment
 * says which is which). */
#include "read.h"

#include <string.h>

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
const char *trailing(Parser *P, int atomic)
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

int mkins(Parser *P, int op, int type, int line, int col)
{
	Fn *f = P->f;
	int i = fn_ins(f, P->cur, op, type, P->ops.n, P->labs.n);
	Ins *in = &f->ins.v[i];
	if (P->ops.n)
		memcpy(in->ops, P->ops.v, (size_t)P->ops.n * sizeof(int));
	if (P->labs.n)
		memcpy(in->lab, P->labs.v, (size_t)P->labs.n * sizeof(int));
	fn_setpos(f, i, line, col);
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

int ins_load(Parser *P, int line, int col)
{
	int fl = mem_flags(P);
	int t = parse_type(P);
	expect_ch(P, ',', "after the loaded type");
	int pt = parse_type(P);
	push_op(P, value(P, pt, 1));
	const char *rest = trailing(P, fl & IATOMIC);
	int i = mkins(P, OLOAD, t, line, col);
	P->f->ins.v[i].flags = (uint8_t)fl;
	ins_settext(P->f, i, rest);
	return i;
}

int ins_store(Parser *P, int line, int col)
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
	ins_settext(P->f, i, rest);
	return i;
}

int ins_alloca(Parser *P, int line, int col)
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
	ins_settext(P->f, i, rest);
	return i;
}

int ins_phi(Parser *P, int line, int col)
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
	ins_settext(P->f, i, trailing(P, 0));
	return i;
}

int ins_br(Parser *P, int line, int col)
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
	ins_settext(P->f, i, rest);
	return i;
}

int ins_switch(Parser *P, int line, int col)
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
	ins_settext(P->f, i, rest);
	return i;
}

int ins_ret(Parser *P, int line, int col)
{
	int t = parse_type(P);
	int op = strcmp(P->f->type.v[t], "void") != 0;
	if (op)
		push_op(P, value(P, t, 0));
	const char *rest = trailing(P, 0);
	int i = mkins(P, ORET, op ? t : -1, line, col);
	ins_settext(P->f, i, rest);
	return i;
}

/* ---------- generic instructions ---------- */

/* What the previous token says about a following %name. */
enum { PV_NONE, PV_TYPE, PV_LABEL, PV_VALUE, PV_WANT, PV_X, PV_OPEN };

const char *const term_ops[] = {
	"invoke", "callbr", "indirectbr", "resume", "catchswitch", "catchret", "cleanupret", 0};

const char *const gen_ops[] = {
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

int in_list(const char *const *l, const char *s, int n)
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

/* A %local in a generic instruction, after token class prev at bracket
 * depth d: a type, an operand (T_VAL) or a label (T_LAB).  Returns the
 * class the next token sees. */
static int gen_local(Parser *P, int d, int prev)
{
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
		return PV_TYPE;
	}
	if (cls == 1) {
		sb_putc(P, T_VAL);
		push_op(P, use_val(P, &t, -1));
	} else {
		sb_putc(P, T_LAB);
		push_lab(P, use_lab(P, &t, 1));
	}
	return PV_NONE;
}

/* A word (keyword, type, number, attribute, #attrs) starting with c in
 * a generic instruction; returns the class the next token sees. */
static int gen_word(Parser *P, int c, int d, int prev)
{
	const char *s = P->p;
	if (c == '#')
		P->p++;
	while (P->p < P->end && isword((unsigned char)*P->p))
		P->p++;
	int n = (int)(P->p - s);
	sb_put(P, s, (size_t)n);
	if (isdig(c))
		return prev == PV_TYPE ? prev : PV_NONE; /* "align 4" keeps the type pending */
	if (weq(s, n, "blockaddress")) {
		/* blockaddress(@f, %bb): a constant naming a block, kept as text */
		while (peek(P) == ' ')
			sb_putc(P, *P->p++);
		if (peek(P) == '(') {
			const char *g = P->p;
			skip_group(P);
			sb_put(P, g, (size_t)(P->p - g));
		}
		return PV_NONE;
	}
	if (weq(s, n, "metadata"))
		return PV_OPEN; /* "metadata T V": a type follows */
	if (is_type_word(s, n))
		return weq(s, n, "label") ? PV_LABEL : PV_TYPE;
	if (weq(s, n, "x") && d > 0)
		return PV_X;
	if (weq(s, n, "within") || weq(s, n, "from"))
		return PV_VALUE;
	if (in_list(want_type, s, n))
		return PV_WANT;
	if (prev == PV_WANT && in_list(gep_flags, s, n))
		return PV_WANT;
	if (is_const_word(s, n))
		return PV_NONE;
	return prev == PV_TYPE ? prev : PV_NONE; /* parameter attributes keep a type pending */
}

/* Template of a generic instruction, from p (at its opcode) to the end
 * of the logical line.  %names become T_VAL operands, or T_LAB after
 * "label"; a %name in a type position (%struct.S) stays text.  Which
 * is which follows LLVM's grammar: a value follows a type (with
 * parameter attributes in between), a type follows an opening bracket,
 * "x", or getelementptr/alloca/landingpad, and otherwise a %name
 * followed by something that starts a value or by '*' is a type. */
int ins_gen(Parser *P, const char *op, int nop, int line, int col)
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
			prev = gen_local(P, d, prev);
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
			prev = gen_word(P, c, d, prev);
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
	ins_settext(P->f, i, astrndup(P->f->a, P->sb.v ? P->sb.v : "", (size_t)P->sb.n));
	P->sb.n = 0;
	return i;
}
