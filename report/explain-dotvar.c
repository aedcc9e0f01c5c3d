/* explain-dotvar.c - a variable's picture in the Graphviz explanation
 * (explain-dot.c says what each picture holds). */
#include "explain-dot.h"

#include <stdlib.h>
#include <string.h>

/* ---------- a variable ---------- */

/* The marks of a block in a variable's picture. */
enum {
	M_DEF = 1, M_USE = 2, M_LIVE = 4, M_IDF = 8,
	M_PL = 16,               /* M_PL << p: placement p puts a phi here */
	M_PLACED = M_PL << NPLACEMENT, /* the run placed a phi here */
	M_GONE = M_PLACED << 1,  /* ... which simplification removed */
	M_OTHER = M_GONE << 1,   /* the other side (the plugin: GCC) has a phi */
};

typedef struct {
	int x;
	const VarStat *vs;
	int *mark;           /* per block */
	const TraceEv *ev[TR_PHIS + NPLACEMENT]; /* the set events; TR_PHIS + p */
	int *first, *next;   /* per block: its renaming events, in order */
	int *fill;           /* per block: its TR_FILL events (as pred), by next */
	int *last, *lastfill; /* the lists' ends */
	const int *other;    /* the other side's phi blocks */
	int nother;
} Var;

static void mark_set(Var *v, const int *s, int n, int m)
{
	for (int j = 0; j < n; j++)
		v->mark[s[j]] |= m;
}

/* Chain event k at the end of block b's list (head, tail). */
static void chain(Var *v, int *head, int *tail, int b, int k)
{
	if (tail[b] >= 0)
		v->next[tail[b]] = k;
	else
		head[b] = k;
	tail[b] = k;
}

static void gather(Dx *d, Var *v)
{
	Fn *f = d->f;
	static const int set_mark[] = {[TR_DEFS] = M_DEF, [TR_USES] = M_USE,
	                               [TR_LIVEIN] = M_LIVE, [TR_IDF] = M_IDF};
	for (int k = 0; k < d->tr->ev.n; k++) {
		const TraceEv *e = &d->tr->ev.v[k];
		if (e->x != v->x)
			continue;
		switch (e->kind) {
		case TR_DEFS: case TR_USES: case TR_LIVEIN: case TR_IDF:
			v->ev[e->kind] = e;
			mark_set(v, e->set, e->nset, set_mark[e->kind]);
			break;
		case TR_PHIS:
			v->ev[TR_PHIS + e->a] = e;
			mark_set(v, e->set, e->nset, M_PL << e->a);
			break;
		case TR_PUSH: case TR_LOAD: case TR_SIMPLIFY:
			chain(v, v->first, v->last, f->ins.v[e->c].blk, k);
			break;
		case TR_FILL:
			chain(v, v->fill, v->lastfill, e->a, k);
			break;
		}
		if (e->kind == TR_SIMPLIFY)
			v->mark[f->ins.v[e->c].blk] |= M_GONE;
	}
	mark_set(v, v->vs->phiblk, v->vs->path == P_GENERAL ? v->vs->nphi : 0, M_PLACED);
	mark_set(v, v->other, v->nother, M_OTHER);
}

/* The lines of block b's node after its name: marks, phis, renaming. */
static void node_text(Dx *d, Var *v, int b)
{
	Fn *f = d->f;
	int m = v->mark[b], any = 0;
	static const char *const word[] = {"def", "use", "live-in", "IDF"};
	for (int j = 0; j < 4; j++)
		if (m & (1 << j)) {
			if (any++)
				dx_txt(d, ", ");
			else
				dx_nl(d);
			dx_txt(d, word[j]);
		}
	any = 0;
	for (int p = 0; p < NPLACEMENT; p++)
		if (m & (M_PL << p)) {
			if (any++) {
				dx_txt(d, ", ");
			} else {
				dx_nl(d);
				dx_txt(d, "phi (");
			}
			dx_txt(d, placement_name(p));
		}
	if (any)
		dx_txt(d, ")");
	if (m & M_OTHER) {
		dx_nl(d);
		dx_txt(d, "phi of ");
		dx_txt(d, d->eo->other_name);
	}
	for (int k = v->first[b]; k >= 0; k = v->next[k]) {
		const TraceEv *e = &d->tr->ev.v[k];
		const Ins *in = &f->ins.v[e->c];
		dx_nl(d);
		if (e->kind == TR_PUSH && in->op == OPHI) {
			dx_val(d, e->d);
			dx_txt(d, " = phi: push");
		} else if (e->kind == TR_PUSH) {
			dx_txt(d, "store ");
			dx_val(d, e->d);
			dx_txt(d, ": push");
		} else if (e->kind == TR_LOAD) {
			dx_txt(d, "load ");
			dx_val(d, in->res);
			dx_txt(d, " receives ");
			dx_val(d, e->d);
		} else {
			dx_txt(d, "phi ");
			dx_val(d, in->res);
			dx_txt(d, " goes, replaced by ");
			dx_val(d, e->d);
		}
	}
}

static void var_nodes(Dx *d, Var *v)
{
	Fn *f = d->f;
	static const char *const fill[] = {"palegreen", "lightblue", "gold"};
	for (int b = 0; b < f->blk.n; b++) {
		int m = v->mark[b], nc = 0;
		const char *c[3];
		if (m & M_DEF)
			c[nc++] = fill[0];
		if (m & M_LIVE)
			c[nc++] = fill[1];
		if (m & M_PLACED)
			c[nc++] = fill[2];
		fprintf(d->o, "\tb%d [label=\"", b);
		dx_blk(d, b);
		node_text(d, v, b);
		fputc('"', d->o);
		if (nc == 1)
			fprintf(d->o, ", style=filled, fillcolor=%s", c[0]);
		else if (nc > 1)
			fprintf(d->o, ", style=striped, fillcolor=\"%s:%s%s%s\"", c[0], c[1],
			        nc > 2 ? ":" : "", nc > 2 ? c[2] : "");
		if (m & M_IDF)
			fputs(", peripheries=2", d->o);
		if (m & M_GONE)
			fputs(", color=gray40", d->o);
		if (!dom_reach(d->tr->dom, b))
			fputs(", style=dashed, fontcolor=gray40, color=gray40", d->o);
		fputs("];\n", d->o);
	}
}

/* The CFG's edges; the first of each pair a -> b carries what the phis
 * of b received along it (one TR_FILL per distinct edge). */
static void var_edges(Dx *d, Var *v)
{
	Fn *f = d->f;
	for (int a = 0; a < f->blk.n; a++) {
		const Blk *bk = &f->blk.v[a];
		for (int j = 0; j < bk->nsucc; j++) {
			int b = bk->succ[j], dup = 0;
			for (int i = 0; i < j; i++)
				dup |= bk->succ[i] == b;
			fprintf(d->o, "\tb%d -> b%d", a, b);
			int any = 0;
			for (int k = dup ? -1 : v->fill[a]; k >= 0; k = v->next[k]) {
				const TraceEv *e = &d->tr->ev.v[k];
				if (e->b != b)
					continue;
				fputs(any++ ? "\\n" : " [fontcolor=darkgoldenrod4, label=\"", d->o);
				dx_val(d, f->ins.v[e->c].res);
				dx_txt(d, " gets ");
				dx_val(d, e->d);
			}
			fputs(any ? "\"];\n" : ";\n", d->o);
		}
	}
}

/* "defs(%x) = {%n3, %n4}" from set event e (absent: a fast path or a
 * variable not promoted logs none). */
static void set_line(Dx *d, Var *v, const char *name, const TraceEv *e)
{
	dx_txt(d, name);
	dx_txt(d, "(");
	dx_var(d, v->x, 0);
	dx_txt(d, ") = ");
	if (e)
		dx_set(d, e->set, e->nset);
	else
		dx_txt(d, "(not traced)");
}

static void legend_sets(Dx *d, Var *v)
{
	static const struct { int kind; const char *color, *key, *name, *what; } r[] = {
		{TR_DEFS, "palegreen", "green", "defs", ": the blocks that store it"},
		{TR_USES, NULL, "use", "uses", ": the blocks that load it before any store"},
		{TR_LIVEIN, "lightblue", "blue", "live-in", ": live on entry"},
		{TR_IDF, NULL, "double border", "IDF",
		 ": the iterated dominance frontier of its defs"},
	};
	for (size_t j = 0; j < sizeof r / sizeof r[0]; j++) {
		dx_row(d, r[j].color, r[j].key);
		set_line(d, v, r[j].name, v->ev[r[j].kind]);
		dx_txt(d, r[j].what);
		dx_end_row(d);
	}
	for (int p = 0; p < NPLACEMENT; p++) {
		fprintf(d->o, "<tr><td>phi (%s)</td><td align=\"left\">", placement_name(p));
		dx_txt(d, "phis(");
		dx_var(d, v->x, 0);
		fprintf(d->o, ", %s) = ", placement_name(p));
		const TraceEv *e = v->ev[TR_PHIS + p];
		if (e)
			dx_set(d, e->set, e->nset);
		else
			dx_txt(d, "(not traced)");
		if (p == PL_PRUNED)
			dx_txt(d, ": IDF and live-in");
		dx_end_row(d);
	}
	if (d->eo->other) {
		fputs("<tr><td>phi of ", d->o);
		dx_txt(d, d->eo->other_name);
		fputs("</td><td align=\"left\">", d->o);
		dx_txt(d, "phis(");
		dx_var(d, v->x, 0);
		fprintf(d->o, ", %s) = ", d->eo->other_name);
		if (v->other)
			dx_set(d, v->other, v->nother);
		else
			fprintf(d->o, "(not renamed by %s)", d->eo->other_name);
		dx_end_row(d);
	}
}

static const char *desc(int t, int v)
{
	return m2r_names[t].desc[v - m2r_names[t].first];
}

static void legend(Dx *d, Var *v)
{
	const VarStat *vs = v->vs;
	dx_open_legend(d, "variable ");
	dx_var(d, v->x, 0);
	dx_txt(d, " (alloca in ");
	dx_blk(d, d->f->ins.v[v->x].blk);
	fputs(")</b></td></tr>\n", d->o);
	if (vs->path == P_NOT_PROMOTED) {
		dx_row(d, NULL, "");
		fprintf(d->o, "not promoted: %s (", reason_name(vs->reason));
		dx_txt(d, desc(NT_REASON, vs->reason));
		dx_txt(d, ")");
		dx_end_row(d);
		return;
	}
	legend_sets(d, v);
	dx_row(d, "gold", "gold");
	if (vs->path == P_GENERAL) {
		dx_txt(d, "phis placed in ");
		dx_set(d, vs->phiblk, vs->nphi);
		fprintf(d->o, ", %d kept after simplification (gray border: removed)", vs->nphikept);
	} else {
		dx_txt(d, "no phi placed");
	}
	dx_end_row(d);
	dx_row(d, NULL, "path");
	fprintf(d->o, "%s (", path_name(vs->path));
	dx_txt(d, desc(NT_PATH, vs->path));
	dx_txt(d, ")");
	dx_end_row(d);
	dx_row(d, NULL, "edge label");
	dx_txt(d, "renaming: the value the phi gets along that edge");
	dx_end_row(d);
}

void dx_var_graph(Dx *d, const VarStat *vs)
{
	int nb = d->f->blk.n, ne = d->tr->ev.n;
	Var v;
	memset(&v, 0, sizeof v);
	v.x = vs->alloca;
	v.vs = vs;
	int *buf = xmalloc(((size_t)nb * 5 + (size_t)ne + 1) * sizeof(int));
	v.mark = buf;
	v.first = buf + nb;
	v.fill = buf + 2 * nb;
	v.last = buf + 3 * nb;
	v.lastfill = buf + 4 * nb;
	v.next = buf + 5 * nb;
	memset(v.mark, 0, (size_t)nb * sizeof(int));
	for (int j = nb; j < 5 * nb + ne; j++)
		buf[j] = -1;
	if (d->eo->other && !(v.other = d->eo->other(d->eo->ctx, v.x, &v.nother)))
		v.nother = 0; /* not renamed by the other side */
	gather(d, &v);
	dx_open_graph(d, v.x);
	var_nodes(d, &v);
	var_edges(d, &v);
	legend(d, &v);
	dx_close_legend(d);
	free(buf);
}

