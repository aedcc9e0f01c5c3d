/* explain-dot.c - the explanation as Graphviz DOT (doc/explain.md).
 *
 * Per function one digraph named "@f": two clusters, the CFG and the
 * dominator tree, whose nodes carry their dominance frontiers and whose
 * dashed edges b -> y say that y is in DF(b).  Per explained variable
 * one digraph named "@f:%x": the CFG with the variable's definition,
 * live-in, IDF and phi blocks marked, what renaming did in each block,
 * the value each phi receives on each edge, and a legend with the sets.
 * `dot -Tsvg` renders each digraph as an SVG of its own.
 *
 * As in explain.c, every fact is the core's: the CFG is f's, the
 * dominator tree and the frontiers are the trace's Dom, the sets and the
 * renaming are the trace's events.  Nothing here recomputes a set.
 *
 * Names are the IR's and may hold any byte: every one is written quoted
 * and escaped (txt), and a byte that is a control character or not
 * valid UTF-8 (Graphviz reads UTF-8 and warns on anything else) is
 * written as the text \xNN.  Node ids are the block ids (c3, d3, b3):
 * no name is ever an id. */
#include "explain-dot.h"

#include <stdlib.h>
#include <string.h>

/* The length of the UTF-8 sequence at p (at most n bytes), or 0 when
 * it is not a printable character's. */
static int utf8_len(const unsigned char *p, size_t n)
{
	if (p[0] >= 0x20 && p[0] < 0x7f)
		return 1;
	int len = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
	        : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
	if (!len || (size_t)len > n)
		return 0;
	for (int k = 1; k < len; k++)
		if ((p[k] & 0xc0) != 0x80)
			return 0;
	unsigned c1 = p[1]; /* no overlong form, surrogate or code point past U+10FFFF */
	if ((p[0] == 0xe0 && c1 < 0xa0) || (p[0] == 0xed && c1 > 0x9f) ||
	    (p[0] == 0xf0 && c1 < 0x90) || (p[0] == 0xf4 && c1 > 0x8f))
		return 0;
	return len;
}

/* s as the inside of a quoted DOT string (where \" is a quote) or as
 * HTML label text (&amp; and the like).  Both kinds of label read \\
 * as a backslash, and a lone one as an escape (\G: the graph's name). */
void dx_txt(Dx *d, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	size_t n = strlen(s);
	while (n) {
		int len = utf8_len(p, n);
		if (!len)
			fprintf(d->o, "\\\\x%02x", p[0]);
		else if (*p == '\\')
			fputs("\\\\", d->o);
		else if (d->html && (*p == '&' || *p == '<' || *p == '>' || *p == '"'))
			fputs(*p == '&' ? "&amp;" : *p == '<' ? "&lt;" : *p == '>' ? "&gt;" : "&quot;",
			      d->o);
		else if (!d->html && *p == '"')
			fputs("\\\"", d->o);
		else
			fwrite(p, 1, (size_t)len, d->o);
		len = len ? len : 1;
		p += len;
		n -= (size_t)len;
	}
}

/* A line break in a label. */
void dx_nl(Dx *d)
{
	fputs(d->html ? "<br/>" : "\\n", d->o);
}

void dx_blk(Dx *d, int b)
{
	char buf[32];
	dx_txt(d, "%");
	dx_txt(d, blk_label(d->f, b, buf, sizeof buf));
}

/* Value v as printed; a name however long (val_label's buffer is not). */
void dx_val(Dx *d, int v)
{
	char buf[64];
	const Val *x = v >= 0 && v < d->f->val.n ? &d->f->val.v[v] : NULL;
	if (x && (x->kind == VINS || x->kind == VARG) && x->name) {
		dx_txt(d, "%");
		dx_txt(d, x->name);
	} else {
		dx_txt(d, val_label(d->f, v, buf, sizeof buf));
	}
}

void dx_set(Dx *d, const int *s, int n)
{
	dx_txt(d, "{");
	for (int j = 0; j < n; j++) {
		if (j)
			dx_txt(d, ", ");
		dx_blk(d, s[j]);
	}
	dx_txt(d, "}");
}

/* The variable of alloca x, and "#x" after it when another alloca of
 * the function has the same name (the plugin's source names may). */
void dx_var(Dx *d, int x, int unique)
{
	const char *nx = d->f->val.v[d->f->ins.v[x].res].name;
	dx_val(d, d->f->ins.v[x].res);
	for (int k = 0; unique && nx && k < d->st->var.n; k++) {
		int y = d->st->var.v[k].alloca;
		const char *ny = d->f->val.v[d->f->ins.v[y].res].name;
		if (y != x && ny && !strcmp(nx, ny)) {
			fprintf(d->o, "#%d", x);
			return;
		}
	}
}

/* digraph "@f" or "@f:%x" { and the defaults. */
void dx_open_graph(Dx *d, int x)
{
	fputs("digraph \"@", d->o);
	dx_txt(d, d->f->name);
	if (x >= 0) {
		dx_txt(d, ":");
		dx_var(d, x, 1);
	}
	fputs("\" {\n\tgraph [labelloc=b, labeljust=l];\n\tnode [shape=box];\n", d->o);
}

/* The legend is the graph's label, under the drawing (it takes no room
 * among the blocks): a table whose first row is the title, "@f: what". */
void dx_open_legend(Dx *d, const char *what)
{
	d->html = 1;
	fputs("\tlabel=<<table border=\"0\" cellborder=\"1\" cellspacing=\"0\" "
	      "cellpadding=\"4\">\n<tr><td colspan=\"2\"><b>@", d->o);
	dx_txt(d, d->f->name);
	dx_txt(d, ": ");
	dx_txt(d, what);
}

void dx_close_legend(Dx *d)
{
	fputs("</table>>;\n}\n", d->o);
	d->html = 0;
}

/* A legend row: a key cell (colour or words) and a text cell whose
 * content the caller writes, then ends with end_row. */
void dx_row(Dx *d, const char *color, const char *key)
{
	fputs("<tr><td", d->o);
	if (color)
		fprintf(d->o, " bgcolor=\"%s\"", color);
	fprintf(d->o, ">%s</td><td align=\"left\">", key);
}

void dx_end_row(Dx *d)
{
	fputs("</td></tr>\n", d->o);
}

/* ---------- the function: CFG and dominator tree ---------- */

static void cfg_cluster(Dx *d)
{
	Fn *f = d->f;
	const Dom *dm = d->tr->dom;
	fputs("\tsubgraph cluster_cfg {\n\t\tlabelloc=t;\n\t\tlabeljust=c;\n\t\tlabel=\"CFG\";\n", d->o);
	for (int b = 0; b < f->blk.n; b++) {
		fprintf(d->o, "\t\tc%d [label=\"", b);
		dx_blk(d, b);
		if (!b)
			fputs("\\n(entry)", d->o);
		if (!dom_reach(dm, b))
			fputs("\\n(unreachable)\", style=dashed, fontcolor=gray40, color=gray40", d->o);
		else
			fputc('"', d->o);
		fputs("];\n", d->o);
	}
	for (int b = 0; b < f->blk.n; b++)
		for (int j = 0; j < f->blk.v[b].nsucc; j++)
			fprintf(d->o, "\t\tc%d -> c%d;\n", b, f->blk.v[b].succ[j]);
	fputs("\t}\n", d->o);
}

static void dom_cluster(Dx *d)
{
	Fn *f = d->f;
	const Dom *dm = d->tr->dom;
	fputs("\tsubgraph cluster_dom {\n\t\tlabelloc=t;\n\t\tlabeljust=c;\n\t\tlabel=\"dominator tree and dominance frontiers\";\n",
	      d->o);
	for (int b = 0; b < f->blk.n; b++) {
		if (!dom_reach(dm, b))
			continue;
		fprintf(d->o, "\t\td%d [label=\"", b);
		dx_blk(d, b);
		if (dm->dfoff) { /* algorithm=braun makes no frontiers */
			dx_nl(d);
			dx_txt(d, "DF = ");
			dx_set(d, dm->df + dm->dfoff[b], dm->dfoff[b + 1] - dm->dfoff[b]);
		}
		fputs("\"];\n", d->o);
	}
	for (int b = 0; b < f->blk.n; b++)
		if (dom_reach(dm, b) && dm->idom[b] >= 0)
			fprintf(d->o, "\t\td%d -> d%d;\n", dm->idom[b], b);
	for (int b = 0; b < f->blk.n && dm->dfoff; b++)
		if (dom_reach(dm, b))
			for (int k = dm->dfoff[b]; k < dm->dfoff[b + 1]; k++)
				fprintf(d->o, "\t\td%d -> d%d [style=dashed, color=red3, constraint=false];\n",
				        b, dm->df[k]);
	fputs("\t}\n", d->o);
}

static void fn_graph(Dx *d)
{
	dx_open_graph(d, -1);
	cfg_cluster(d);
	dom_cluster(d);
	dx_open_legend(d, "the CFG and its dominator tree");
	fputs("</b></td></tr>\n", d->o);
	dx_row(d, NULL, "CFG");
	dx_txt(d, "an edge per successor label (duplicates kept)");
	dx_end_row(d);
	dx_row(d, NULL, "tree");
	dx_txt(d, "an edge idom(b) -> b; DF = the block's dominance frontier");
	dx_end_row(d);
	dx_row(d, "mistyrose", "dashed");
	dx_txt(d, "b -> y: y is in DF(b) (a loop to itself: b is in its own frontier)");
	dx_end_row(d);
	dx_close_legend(d);
}

void explain_dot(FILE *o, Fn *f, const Trace *tr, const Stats *st, const ExplainOpts *eo)
{
	Dx d = {o, f, tr, st, eo, 0};
	fn_number(f);
	fn_graph(&d);
	for (int k = 0; k < st->var.n; k++) {
		const VarStat *vs = &st->var.v[k];
		if (eo->var == vs->alloca || (eo->var < 0 && vs->path != P_NOT_PROMOTED))
			dx_var_graph(&d, vs);
	}
}
