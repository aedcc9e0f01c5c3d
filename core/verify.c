/* verify.c - the SSA verifier.
 *
 * Run on the input (malformed SSA is bad input, not a reason to emit
 * garbage) and, on request, on the promoted result.  Uses in
 * unreachable blocks are exempt from dominance, as in LLVM.
 */
#include "m2r.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
	Fn *f;
	Dom d;
	int *pos; /* instruction -> index in its block */
	char *msg;
	size_t len;
	int *where;
} V;

static int fail(V *v, int b, int i, const char *fmt, ...)
{
	char lab[64], body[400];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(body, sizeof body, fmt, ap);
	va_end(ap);
	snprintf(v->msg, v->len, "block %%%s: %s",
	         blk_label(v->f, b, lab, sizeof lab), body);
	*v->where = i;
	return 1;
}

static const char *vname(V *v, int x, char *buf, size_t n)
{
	const Val *val = &v->f->val.v[x];
	if (val->name)
		snprintf(buf, n, "%s%s", val->kind == VARG || val->kind == VINS ? "%" : "", val->name);
	else
		snprintf(buf, n, "%%%d", val_num(v->f, x));
	return buf;
}

/* Block structure: non-empty, phis first, one terminator at the end,
 * labels in range (cfg_build, which runs next, relies on all of it). */
static int check_shape(V *v, int b)
{
	Fn *f = v->f;
	Blk *bk = &f->blk.v[b];
	int n = 0, nonphi = 0, last = -1;
	for (int j = 0; j < bk->ins.n; j++) {
		int i = bk->ins.v[j];
		Ins *in = &f->ins.v[i];
		if (in->flags & IDEAD)
			continue;
		if (last >= 0)
			return fail(v, b, i, "instruction after the terminator");
		if (in->blk != b)
			return fail(v, b, i, "instruction claims block %d", in->blk);
		if (in->op == OPHI && nonphi)
			return fail(v, b, i, "phi after a non-phi instruction");
		nonphi |= in->op != OPHI;
		if (op_is_term(in->op))
			last = i;
		for (int l = 0; l < in->nlab; l++)
			if (in->lab[l] < 0 || in->lab[l] >= f->blk.n)
				return fail(v, b, i, "label out of range");
		v->pos[i] = n++;
	}
	if (last < 0)
		return fail(v, b, -1, "no terminator");
	return 0;
}

/* A phi has one entry per incoming edge. */
static int check_phi(V *v, int b, int i)
{
	Fn *f = v->f;
	Blk *bk = &f->blk.v[b];
	Ins *in = &f->ins.v[i];
	if (in->nop != in->nlab || in->nlab != bk->npred)
		return fail(v, b, i, "phi has %d entries for %d incoming edges",
		            in->nlab, bk->npred);
	int *l = aalloc(f->a, (size_t)(in->nlab + 1) * sizeof(int));
	memcpy(l, in->lab, (size_t)in->nlab * sizeof(int));
	qsort(l, (size_t)in->nlab, sizeof(int), cmp_int);
	for (int j = 0; j < in->nlab; j++)
		if (l[j] != bk->pred[j])
			return fail(v, b, i, "phi entries do not match the predecessors");
	return 0;
}

/* Operand x of instruction i (at block ub, or for a phi: along the
 * edge from ub) is defined and its definition dominates the use. */
static int check_use(V *v, int b, int i, int x, int ub, int phi)
{
	Fn *f = v->f;
	char nb[64];
	if (x < 0 || x >= f->val.n)
		return fail(v, b, i, "missing operand");
	x = val_res(f, x);
	const Val *val = &f->val.v[x];
	if (val->kind == VFWD)
		return fail(v, b, i, "use of undefined value %s", vname(v, x, nb, sizeof nb));
	if (val->kind != VINS && val->kind != VDEF)
		return 0;
	const Ins *def = &f->ins.v[val->ins];
	/* A VDEF outlives its store: the store is deleted by promotion. */
	if (((def->flags & IDEAD) && val->kind == VINS) || def->blk < 0)
		return fail(v, b, i, "use of deleted value %s", vname(v, x, nb, sizeof nb));
	if (!dom_reach(&v->d, ub))
		return 0;
	int db = def->blk, ok;
	if (op_is_term(def->op)) {
		/* invoke/callbr results exist on the normal edge only: a phi in
		 * the normal destination may take it from the defining block,
		 * any other use must be dominated by that edge */
		int n = def->nlab > 0 ? def->lab[0] : -1;
		if (phi && ub == db)
			ok = n == b;
		else
			ok = n >= 0 && edge_dominates(f, &v->d, db, n, ub);
	} else if (phi) { /* available at the end of the incoming block */
		ok = dominates(&v->d, db, ub);
	} else if (db == ub && val->kind == VDEF) {
		/* the store may be deleted (no position left): the bridge
		 * lowers a block's statements in the order of their ids; the
		 * store itself (not promoted) stores its definition */
		ok = val->ins <= i;
	} else if (db == ub) {
		ok = v->pos[val->ins] < v->pos[i];
	} else {
		ok = dominates(&v->d, db, ub);
	}
	if (!ok)
		return fail(v, b, i, "%s does not dominate its use", vname(v, x, nb, sizeof nb));
	return 0;
}

static int check_block(V *v, int b)
{
	Fn *f = v->f;
	Blk *bk = &f->blk.v[b];
	for (int j = 0; j < bk->ins.n; j++) {
		int i = bk->ins.v[j];
		Ins *in = &f->ins.v[i];
		if (in->flags & IDEAD)
			continue;
		if (in->op == OPHI && check_phi(v, b, i))
			return 1;
		for (int o = 0; o < in->nop; o++)
			if (check_use(v, b, i, in->ops[o], in->op == OPHI ? in->lab[o] : b,
			              in->op == OPHI))
				return 1;
	}
	return 0;
}

int m2r_verify(Fn *f, char *msg, size_t len, int *where)
{
	V v;
	memset(&v, 0, sizeof v);
	int dummy;
	v.f = f;
	v.msg = msg;
	v.len = len;
	v.where = where ? where : &dummy;
	*v.where = -1;
	if (len)
		msg[0] = 0;
	fn_number(f);
	v.pos = aalloc(f->a, (size_t)(f->ins.n + 1) * sizeof(int));
	for (int b = 0; b < f->blk.n; b++)
		if (check_shape(&v, b))
			return 1;
	cfg_build(f);
	if (f->blk.n && f->blk.v[0].npred)
		return fail(&v, 0, -1, "the entry block has predecessors");
	dom_build(f, &v.d);
	for (int b = 0; b < f->blk.n; b++)
		if (check_block(&v, b))
			return 1;
	return 0;
}
