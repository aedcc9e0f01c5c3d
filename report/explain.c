/* explain.c - SSA construction step by step, in text: the CFG, the
 * dominator tree, the dominance frontiers edge by edge, each variable's
 * definitions, liveness, iterated frontier and phis under every
 * placement, the renaming walk and phi simplification (doc/explain.md).
 * With algorithm=cytron, the frontier worklist of each variable and the
 * dominator-tree renaming; with algorithm=braun, its own steps instead
 * (braun_walk): blocks filled, readVariable, sealing, trivial phis.
 *
 * Every fact printed is the core's: the dominator tree and frontiers
 * are its Dom, the rest its trace (core/m2r.h, "trace"), in the order
 * the core logged it.  Nothing here recomputes a set. */
#include "report.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
	FILE *o;
	Fn *f;
	const Trace *tr;
	const Stats *st;
	const ExplainOpts *eo;
} Ex;

static void blk(Ex *e, int b)
{
	char buf[32];
	fprintf(e->o, "%%%s", blk_label(e->f, b, buf, sizeof buf));
}

/* Value v as printed; a name however long (val_label's buffer is not). */
static void val(Ex *e, int v)
{
	char buf[64];
	const Val *x = v >= 0 && v < e->f->val.n ? &e->f->val.v[v] : NULL;
	if (x && (x->kind == VINS || x->kind == VARG) && x->name)
		fprintf(e->o, "%%%s", x->name);
	else
		fputs(val_label(e->f, v, buf, sizeof buf), e->o);
}

/* The variable of alloca instruction i, as "%x". */
static void var(Ex *e, int i)
{
	val(e, e->f->ins.v[i].res);
}

/* "{%n4, %n7}": members in the function's block order (ascending ids). */
static void set(Ex *e, const int *s, int n)
{
	fputc('{', e->o);
	for (int j = 0; j < n; j++) {
		if (j)
			fputs(", ", e->o);
		blk(e, s[j]);
	}
	fputc('}', e->o);
}

static int wanted(const Ex *e, int x)
{
	return e->eo->var < 0 || x == e->eo->var;
}

/* ---------- the CFG and the dominator tree ---------- */

static void cfg(Ex *e)
{
	Fn *f = e->f;
	const Dom *d = e->tr->dom;
	fputs("cfg (each block's successors):\n", e->o);
	for (int b = 0; b < f->blk.n; b++) {
		const Blk *bk = &f->blk.v[b];
		fputs("  ", e->o);
		blk(e, b);
		fputs(" ->", e->o);
		for (int j = 0; j < bk->nsucc; j++) {
			fputs(j ? ", " : " ", e->o);
			blk(e, bk->succ[j]);
		}
		if (!bk->nsucc)
			fputs(" (none)", e->o);
		if (!dom_reach(d, b))
			fputs("   [unreachable]", e->o);
		fputc('\n', e->o);
	}
	fputs("immediate dominators:\n", e->o);
	for (int b = 0; b < f->blk.n; b++) {
		if (!dom_reach(d, b) || d->idom[b] < 0)
			continue;
		fputs("  idom(", e->o);
		blk(e, b);
		fputs(") = ", e->o);
		blk(e, d->idom[b]);
		fputc('\n', e->o);
	}
}

static int cmp_desc(const void *a, const void *b)
{
	return cmp_int(b, a);
}

/* Indented, children in block order; iterative (a chain of 100,000
 * blocks is 100,000 deep). */
static void domtree(Ex *e)
{
	Fn *f = e->f;
	const Dom *d = e->tr->dom;
	if (!f->blk.n)
		return;
	fputs("dominator tree:\n", e->o);
	int *stk = xmalloc((size_t)f->blk.n * sizeof(int)), n = 0;
	stk[n++] = 0;
	while (n) {
		int b = stk[--n];
		fprintf(e->o, "%*s", 2 + 2 * d->level[b], "");
		blk(e, b);
		fputc('\n', e->o);
		int k0 = n;
		for (int c = d->kid[b]; c >= 0; c = d->sib[c])
			stk[n++] = c;
		qsort(stk + k0, (size_t)(n - k0), sizeof(int), cmp_desc); /* pop ascending */
	}
	free(stk);
}

/* ---------- the dominance frontiers, edge by edge ---------- */

static void frontiers(Ex *e)
{
	Fn *f = e->f;
	const Dom *d = e->tr->dom;
	fputs("dominance frontiers, edge by edge: for an edge p -> b into a join,\n"
	      "every block from p up the dominator tree to idom(b), idom(b) itself\n"
	      "excluded, has b in its frontier:\n", e->o);
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		switch (v->kind) {
		case TR_DF_EDGE:
			fputs("  edge ", e->o);
			blk(e, v->a);
			fputs(" -> ", e->o);
			blk(e, v->b);
			if (v->c >= 0) {
				fputs(", idom(", e->o);
				blk(e, v->b);
				fputs(") = ", e->o);
				blk(e, v->c);
			}
			fputs(":", e->o);
			break;
		case TR_DF_ADD:
			fputs(" DF(", e->o);
			blk(e, v->c);
			fputs(") gets ", e->o);
			blk(e, v->b);
			if (v->c == v->b) {
				fputs(" (", e->o);
				blk(e, v->b);
				fputs(" dominates ", e->o);
				blk(e, v->a);
				fputs(" but does not strictly dominate itself)", e->o);
			}
			fputc(';', e->o);
			break;
		case TR_DF_STOP:
			if (v->d) {
				fputs(" stop at ", e->o);
				blk(e, v->c);
				fputs(", which has it already\n", e->o);
			} else if (v->c < 0) {
				fputs(" stop above the entry\n", e->o);
			} else {
				fputs(v->a == v->c ? " nothing, " : " stop at ", e->o);
				blk(e, v->c);
				fputs(" = idom(", e->o);
				blk(e, v->b);
				fputs(")\n", e->o);
			}
			break;
		}
	}
	for (int b = 0; b < f->blk.n; b++) {
		if (!dom_reach(d, b))
			continue;
		fputs("  DF(", e->o);
		blk(e, b);
		fputs(") = ", e->o);
		set(e, d->df + d->dfoff[b], d->dfoff[b + 1] - d->dfoff[b]);
		fputc('\n', e->o);
	}
}

/* ---------- the variables ---------- */

static const char *desc(int t, int v)
{
	return m2r_names[t].desc[v - m2r_names[t].first];
}

static const char *const set_name[] = {
	[TR_DEFS] = "defs", [TR_USES] = "uses", [TR_LIVEIN] = "live-in",
	[TR_IDF] = "IDF",
};

/* algorithm=cytron: the placement's worklist over the frontiers. */
static void worklist(Ex *e, int x)
{
	int any = 0;
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		if (v->kind != TR_WORK || v->x != x)
			continue;
		if (!any++)
			fputs("  worklist (Cytron et al.; the def blocks first): each block of\n"
			      "  a frontier taken gets a phi, if not yet, and joins the list\n"
			      "  unless it stores; pruned then keeps the live-in ones:\n", e->o);
		fputs("    take ", e->o);
		blk(e, v->a);
		fputs(": DF = ", e->o);
		set(e, v->set, v->nset);
		fputc('\n', e->o);
	}
}

static void var_facts(Ex *e, const VarStat *vs)
{
	int x = vs->alloca;
	fputs("variable ", e->o);
	var(e, x);
	fputs(" (alloca in ", e->o);
	blk(e, e->f->ins.v[x].blk);
	fputs("):\n", e->o);
	if (vs->path == P_NOT_PROMOTED) {
		fprintf(e->o, "  not promoted: %s (%s)\n", reason_name(vs->reason),
		        desc(NT_REASON, vs->reason));
		return;
	}
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		if (v->x != x || v->kind < TR_DEFS || v->kind > TR_PHIS)
			continue;
		fputs("  ", e->o);
		if (v->kind == TR_PHIS) {
			fputs("phis(", e->o);
			var(e, x);
			fprintf(e->o, ", %s) = ", placement_name(v->a));
		} else {
			fprintf(e->o, "%s(", set_name[v->kind]);
			var(e, x);
			fputs(") = ", e->o);
		}
		set(e, v->set, v->nset);
		if (v->kind == TR_USES)
			fputs("   (blocks that load it before any store)", e->o);
		else if (v->kind == TR_PHIS && v->a == PL_PRUNED)
			fputs("   (IDF and live-in)", e->o);
		fputc('\n', e->o);
		if (v->kind == TR_PHIS && v->a == NPLACEMENT - 1 && e->eo->other) {
			int n;
			const int *s = e->eo->other(e->eo->ctx, x, &n);
			fputs("  phis(", e->o);
			var(e, x);
			fprintf(e->o, ", %s) = ", e->eo->other_name);
			if (s)
				set(e, s, n);
			else
				fprintf(e->o, "(not renamed by %s)", e->eo->other_name);
			fputc('\n', e->o);
		}
	}
	worklist(e, x);
	if (e->tr->algorithm == ALG_BRAUN) { /* no placement: phis as reads need them */
		fputs("  phis built in ", e->o);
		set(e, vs->phiblk, vs->nphi);
		fprintf(e->o, ", %d kept (not trivial, not redundant)\n", vs->nphikept);
		return;
	}
	fprintf(e->o, "  path: %s (%s)", path_name(vs->path), desc(NT_PATH, vs->path));
	if (vs->path == P_GENERAL) {
		fputs(", phis placed in ", e->o);
		set(e, vs->phiblk, vs->nphi);
		fprintf(e->o, ", %d kept after simplification", vs->nphikept);
	}
	fputc('\n', e->o);
}

/* ---------- renaming and simplification ---------- */

/* "a v1 b v2 c": what a step did to two values. */
static void says(Ex *e, const char *a, int v1, const char *b, int v2, const char *c)
{
	fputs(a, e->o);
	val(e, v1);
	fputs(b, e->o);
	val(e, v2);
	fputs(c, e->o);
}

/* Block contents at 4 spaces, edges at 2, as the walk goes. */
static void rename_line(Ex *e, const TraceEv *v)
{
	FILE *o = e->o;
	int cyt = e->tr->algorithm == ALG_CYTRON;
	if (v->kind == TR_VISIT) {
		fputs("  visit ", o);
		blk(e, v->a);
		if (v->b >= 0) {
			fputs(cyt ? ", child of " : " from ", o);
			blk(e, v->b);
		} else {
			fputs(" (the entry: every variable is undef)", o);
		}
		fputc('\n', o);
		return;
	}
	if (v->kind == TR_EDGE) {
		fputs("  edge ", o);
		blk(e, v->a);
		fputs(" -> ", o);
		blk(e, v->b);
		fputs(": ", o);
		blk(e, v->b);
		fputs(" visited already\n", o);
		return;
	}
	if (!wanted(e, v->x))
		return;
	if (v->kind == TR_POP && cyt) {
		fputs("  leave ", o);
		blk(e, v->a);
		fputs(": ", o);
	} else if (v->kind == TR_POP || v->kind == TR_FILL) {
		fputs(v->kind == TR_POP ? "  back to edge " : "  edge ", o);
		blk(e, v->a);
		fputs(" -> ", o);
		blk(e, v->b);
		fputs(": ", o);
	} else {
		fputs("    ", o);
	}
	var(e, v->x);
	fputs(": ", o);
	/* c: the popped value (TR_POP), else the phi, store or load */
	const Ins *in = v->kind == TR_POP ? NULL : &e->f->ins.v[v->c];
	switch (v->kind) {
	case TR_POP:
		says(e, "pop ", v->c, ", ", v->d, " reaches again");
		break;
	case TR_FILL:
		says(e, "phi ", in->res, " gets ", v->d, "");
		break;
	case TR_PUSH:
		fputs(in->op == OPHI ? "phi " : "store of ", o);
		val(e, v->d);
		fputs(": push", o);
		break;
	case TR_LOAD:
		says(e, "load ", in->res, " receives ", v->d, "");
		break;
	}
	fputc('\n', o);
}

static const char *const why_text[] = {
	[SW_SAME] = "every entry is that value or the phi itself",
	[SW_UNDEF_DOM] = "every entry is that value, undef or the phi itself, "
	                 "and the value dominates the phi",
	[SW_ALL_UNDEF] = "every entry is undef or the phi itself",
};

static void walk(Ex *e)
{
	int any = 0, simpl = 0, walks = 0;
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		if (v->kind < TR_VISIT || v->kind > TR_LOAD)
			continue;
		if (!any++ && e->tr->algorithm == ALG_CYTRON)
			fputs("renaming: a walk of the dominator tree from the entry, a stack\n"
			      "per variable (Cytron et al.); in each block a phi or a store\n"
			      "pushes on its variable's stack, a load receives the top; then the\n"
			      "phis of the block's CFG successors get the tops on its edges;\n"
			      "then its children are renamed; leaving it pops what it pushed:\n",
			      e->o);
		else if (any == 1)
			fputs("renaming: one depth-first walk over the CFG from the entry\n"
			      "(LLVM's RenamePass); a store or a phi pushes the variable's\n"
			      "reaching definition, a load receives the one on top, and going\n"
			      "back to an earlier edge pops what was pushed since:\n", e->o);
		/* Each round that promotes on the general path walks again. */
		if (v->kind == TR_VISIT && v->b < 0 && walks++)
			fputs("renaming again, in a later round: the variables that became\n"
			      "promotable once the allocas holding their address were promoted:\n",
			      e->o);
		rename_line(e, v);
	}
	if (!any)
		fputs("renaming: no variable takes the general path\n", e->o);
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		if (v->kind != TR_SIMPLIFY || !wanted(e, v->x))
			continue;
		if (!simpl++)
			fputs("phi simplification:\n", e->o);
		fputs("  ", e->o);
		var(e, v->x);
		fputs(": phi ", e->o);
		val(e, e->f->ins.v[v->c].res);
		fputs(" in ", e->o);
		blk(e, e->f->ins.v[v->c].blk);
		fputs(" goes, replaced by ", e->o);
		val(e, v->d);
		fprintf(e->o, ": %s\n", why_text[v->a]);
	}
	if (any && !simpl)
		fputs("phi simplification: no phi goes\n", e->o);
}

/* ---------- algorithm=braun ---------- */

static const char *const step_text[] = {
	[BS_INCOMPLETE] = "not sealed (a predecessor is not filled yet): an incomplete phi ",
	[BS_ONE_PRED] = "one predecessor: read in ",
	[BS_PHI] = "sealed, several predecessors: read in each",
	[BS_ENTRY] = "no predecessor: undef",
	[BS_CYCLE] = "the reads came back here (a cycle): phi ",
	[BS_DIFFER] = "the predecessors give different values: phi ",
	[BS_SAME] = "every predecessor gives ",
};

static void braun_line(Ex *e, const TraceEv *v)
{
	FILE *o = e->o;
	const Ins *in = v->c >= 0 ? &e->f->ins.v[v->c] : NULL;
	switch (v->kind) {
	case TR_BR_FILL:
		fputs("  fill ", o);
		blk(e, v->a);
		fputc('\n', o);
		return;
	case TR_BR_SEAL:
		fputs("  seal ", o);
		blk(e, v->a);
		fprintf(o, ": every predecessor is filled; %d incomplete phi%s to complete\n",
		        v->c, v->c == 1 ? "" : "s");
		return;
	case TR_BR_SCC:
		break;
	default:
		if (!wanted(e, v->x))
			return;
	}
	fputs("    ", o);
	var(e, v->x);
	fputs(": ", o);
	switch (v->kind) {
	case TR_BR_DEF:
		fputs("store of ", o);
		val(e, v->d);
		fputs(": writeVariable, the def in ", o);
		blk(e, v->a);
		break;
	case TR_LOAD:
		says(e, "load ", in->res, " = readVariable: ", v->d, "");
		break;
	case TR_BR_READ:
		fputs("readVariable in ", o);
		blk(e, v->a);
		fputs(v->b <= BS_ENTRY ? ", no def there; " : ": ", o);
		fputs(step_text[v->b], o);
		if (v->b == BS_ONE_PRED)
			blk(e, v->d);
		else if (v->b == BS_SAME)
			val(e, v->d);
		else if (in)
			val(e, in->res);
		if (v->b == BS_CYCLE)
			fputs(", the block's def from now on", o);
		else if (v->b == BS_SAME)
			fputs(": no phi", o);
		break;
	case TR_BR_GOT:
		fputs("readVariable in ", o);
		blk(e, v->a);
		fputs(" = ", o);
		val(e, v->d);
		fputs(" (remembered for the block)", o);
		break;
	case TR_BR_OP:
		says(e, "phi ", in->res, " gets ", v->d, " from ");
		blk(e, v->b);
		break;
	case TR_BR_TRIVIAL:
		says(e, "phi ", in->res, " is trivial, replaced by ", v->d, ": ");
		fputs(why_text[v->a], o);
		break;
	case TR_BR_SCC:
		fputs("phis {", o);
		for (int j = 0; j < v->nset; j++) {
			fputs(j ? ", " : "", o);
			val(e, e->f->ins.v[v->set[j]].res);
		}
		fputs("} refer only to each other and to ", o);
		val(e, v->d);
		fputs(": all replaced by it (a redundant group)", o);
		break;
	}
	fputc('\n', o);
}

static void braun_walk(Ex *e)
{
	const Dom *d = e->tr->dom;
	fputs("Braun et al.: the blocks are filled in reverse post-order:", e->o);
	for (int k = 0; k < d->nreach; k++) {
		fputc(' ', e->o);
		blk(e, d->rpo[k]);
	}
	fputs("\na store is writeVariable (the block's def of the variable); a\n"
	      "load is readVariable, which takes the block's def or, without one,\n"
	      "recurses into the predecessors (a phi where they give different\n"
	      "values, or where the recursion comes back: a cycle); a block not\n"
	      "sealed gets an incomplete phi instead, completed once every\n"
	      "predecessor is filled; a phi with one value besides itself is\n"
	      "trivial and goes at once:\n", e->o);
	int scc = 0;
	for (int k = 0; k < e->tr->ev.n; k++) {
		const TraceEv *v = &e->tr->ev.v[k];
		if (v->kind == TR_BR_SCC && !scc++)
			fputs("redundant groups of phis (strongly connected components with\n"
			      "one value from outside; Algorithm 5):\n", e->o);
		if ((v->kind >= TR_BR_FILL && v->kind <= TR_BR_SCC) || v->kind == TR_LOAD)
			braun_line(e, v);
	}
	if (!scc)
		fputs("redundant groups of phis: none\n", e->o);
}

int explain_find_var(Fn *f, const char *name)
{
	char buf[64];
	fn_number(f);
	if (name[0] == '%')
		name++;
	for (int i = 0; i < f->ins.n; i++) {
		const Ins *in = &f->ins.v[i];
		if (in->op != OALLOCA || in->res < 0)
			continue;
		const char *s = f->val.v[in->res].name; /* whole, however long */
		if (!strcmp(s ? s : val_label(f, in->res, buf, sizeof buf) + 1, name))
			return i;
	}
	return -1;
}

void explain_fn(FILE *o, Fn *f, const Trace *tr, const Stats *st, const ExplainOpts *eo)
{
	Ex e = {o, f, tr, st, eo};
	invariant(tr->dom); /* promoted with this trace */
	if (eo->format == EX_DOT) {
		explain_dot(o, f, tr, st, eo);
		return;
	}
	fn_number(f);
	fprintf(o, "explain @%s\n\n", f->name);
	cfg(&e);
	if (tr->algorithm != ALG_BRAUN) { /* braun builds neither */
		domtree(&e);
		fputc('\n', o);
		frontiers(&e);
	}
	for (int k = 0; k < st->var.n; k++)
		if (wanted(&e, st->var.v[k].alloca)) {
			fputc('\n', o);
			var_facts(&e, &st->var.v[k]);
		}
	fputc('\n', o);
	if (tr->algorithm == ALG_BRAUN)
		braun_walk(&e);
	else
		walk(&e);
}
