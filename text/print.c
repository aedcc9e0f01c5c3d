/* print.c - printer of the textual IR (the reader is read.c, whose
 * header comment says which parts of an instruction are fields and
 * which are kept as text).  Unnamed values and blocks are renumbered in
 * order (fn_number, core/ir.c), as LLVM requires; operands print
 * through the forwarding table.  The plugin links this file (its IR
 * dump), but none of the reader. */
#include "text.h"

#include <string.h>

/* Value v itself (a definition prints its own name, forwarded or not). */
static void pself(Fn *f, int v, FILE *out)
{
	const Val *x = &f->val.v[v];
	switch (x->kind) {
	case VUNDEF:
		fputs("undef", out);
		break;
	case VPOISON:
		fputs("poison", out);
		break;
	case VCONST:
	case VOPAQUE:
	case VDEF:
		fputs(x->name ? x->name : "?", out);
		break;
	default:
		if (x->name)
			fprintf(out, "%%%s", x->name);
		else
			fprintf(out, "%%%d", val_num(f, v));
	}
}

/* An operand: through the forwarding table. */
static void pval(Fn *f, int v, FILE *out)
{
	if (v < 0)
		fputs("poison", out); /* an entry nobody filled */
	else
		pself(f, val_res(f, v), out);
}

static void plab(Fn *f, int b, FILE *out)
{
	if (b < 0 || b >= f->blk.n) {
		fputs("%?", out);
		return;
	}
	const Blk *bk = &f->blk.v[b];
	if (bk->name)
		fprintf(out, "%%%s", bk->name);
	else
		fprintf(out, "%%%d", bk->num);
}

/* The type of operand v as written: the original value's, else the
 * value it was forwarded to, else "ptr". */
static const char *optype(Fn *f, int v, const char *dflt)
{
	if (v < 0)
		return dflt;
	int t = f->val.v[v].type;
	if (t < 0)
		t = f->val.v[val_res(f, v)].type;
	return t >= 0 ? fn_typestr(f, t) : dflt;
}

static void ptyped(Fn *f, const char *tname, int v, FILE *out)
{
	fprintf(out, "%s ", tname);
	pval(f, v, out);
}

static void pmem(const Ins *in, FILE *out)
{
	if (in->flags & IATOMIC)
		fputs("atomic ", out);
	if (in->flags & IVOLATILE)
		fputs("volatile ", out);
}

static void ptemplate(Fn *f, const Ins *in, const char *text, FILE *out)
{
	int k = 0, l = 0;
	for (const char *s = text; *s; s++) {
		if (*s == T_VAL)
			pval(f, k < in->nop ? in->ops[k++] : -1, out);
		else if (*s == T_LAB)
			plab(f, l < in->nlab ? in->lab[l++] : -1, out);
		else
			fputc(*s, out);
	}
}

static void pins(Fn *f, const Ins *in, FILE *out)
{
	const char *tname = fn_typestr(f, in->type), *text = ins_text(f, in);
	fputs("  ", out);
	if (in->res >= 0) {
		pself(f, in->res, out);
		fputs(" = ", out);
	}
	switch (in->op) {
	case OALLOCA:
		fprintf(out, "alloca %s", tname);
		if (in->nop) {
			fputs(", ", out);
			ptyped(f, optype(f, in->ops[0], "i32"), in->ops[0], out);
		}
		break;
	case OLOAD:
		fputs("load ", out);
		pmem(in, out);
		fprintf(out, "%s, ", tname);
		ptyped(f, optype(f, in->nop ? in->ops[0] : -1, "ptr"), in->nop ? in->ops[0] : -1, out);
		break;
	case OSTORE:
		fputs("store ", out);
		pmem(in, out);
		ptyped(f, tname, in->nop > 0 ? in->ops[0] : -1, out);
		fputs(", ", out);
		ptyped(f, optype(f, in->nop > 1 ? in->ops[1] : -1, "ptr"), in->nop > 1 ? in->ops[1] : -1,
		       out);
		break;
	case OPHI:
		fprintf(out, "phi %s ", tname);
		for (int k = 0; k < in->nop; k++) {
			fputs(k ? ", [ " : "[ ", out);
			pval(f, in->ops[k], out);
			fputs(", ", out);
			plab(f, k < in->nlab ? in->lab[k] : -1, out);
			fputs(" ]", out);
		}
		break;
	case OBR:
		fputs("br label ", out);
		plab(f, in->nlab ? in->lab[0] : -1, out);
		break;
	case OCBR:
		fputs("br i1 ", out);
		pval(f, in->nop ? in->ops[0] : -1, out);
		fputs(", label ", out);
		plab(f, in->nlab > 0 ? in->lab[0] : -1, out);
		fputs(", label ", out);
		plab(f, in->nlab > 1 ? in->lab[1] : -1, out);
		break;
	case OSWITCH:
		fprintf(out, "switch %s ", tname);
		pval(f, in->nop ? in->ops[0] : -1, out);
		fputs(", label ", out);
		plab(f, in->nlab ? in->lab[0] : -1, out);
		fputs(" [", out);
		for (int k = 1; k < in->nop && k < in->nlab; k++) {
			fprintf(out, "\n    %s ", tname);
			pval(f, in->ops[k], out);
			fputs(", label ", out);
			plab(f, in->lab[k], out);
		}
		fputs("\n  ]", out);
		break;
	case ORET:
		fputs("ret ", out);
		if (in->nop)
			ptyped(f, tname, in->ops[0], out);
		else
			fputs("void", out);
		break;
	case OUNREACH:
		fputs("unreachable", out);
		break;
	default:
		if (text)
			ptemplate(f, in, text, out);
		else
			fprintf(out, "; generic operation %d without text", in->op);
		fputc('\n', out);
		return;
	}
	if (text)
		fputs(text, out);
	fputc('\n', out);
}

void fn_print(Fn *f, FILE *out)
{
	fn_number(f);
	int k = 0;
	for (const char *s = f->head ? f->head : ""; *s; s++) {
		if (*s == T_VAL && k < f->arg.n)
			pself(f, f->arg.v[k++], out);
		else
			fputc(*s, out);
	}
	if (!f->head) {
		fprintf(out, "define %s @%s(", f->ret < 0 ? "void" : fn_typestr(f, f->ret), f->name);
		for (k = 0; k < f->arg.n; k++) {
			fprintf(out, "%s%s ", k ? ", " : "", fn_typestr(f, f->val.v[f->arg.v[k]].type));
			pself(f, f->arg.v[k], out);
		}
		fputs(") {", out);
	}
	fputc('\n', out);
	for (int b = 0; b < f->blk.n; b++) {
		const Blk *bk = &f->blk.v[b];
		if (b > 0)
			fputc('\n', out);
		if (bk->name)
			fprintf(out, "%s:\n", bk->name);
		else if (b > 0)
			fprintf(out, "%d:\n", bk->num);
		for (int j = 0; j < bk->ins.n; j++) {
			const Ins *in = &f->ins.v[bk->ins.v[j]];
			if (!(in->flags & IDEAD))
				pins(f, in, out);
		}
	}
	fputs("}\n", out);
}
