/* explain-dot.h - what the two files of the Graphviz explanation share
 * (explain-dot.c: the writers and the function's picture;
 * explain-dotvar.c: a variable's picture).  Private to them. */
#ifndef M2R_EXPLAIN_DOT_H
#define M2R_EXPLAIN_DOT_H

#include "report.h"

typedef struct Dx {
	FILE *o;
	Fn *f;
	const Trace *tr;
	const Stats *st;
	const ExplainOpts *eo;
	int html; /* dx_txt escapes for an HTML label, else for a "quoted" string */
} Dx;

/* Text inside a quoted string or an HTML label, escaped (any name). */
void dx_txt(Dx *d, const char *s);
void dx_nl(Dx *d);                       /* a line break in a label */
void dx_blk(Dx *d, int b);               /* "%n4" */
void dx_val(Dx *d, int v);               /* "%x.0", "undef", "42" */
void dx_set(Dx *d, const int *s, int n); /* "{%n4, %n7}" */
/* The variable of alloca x ("%x"); unique: "%x#12" when another alloca
 * of the function has the same name. */
void dx_var(Dx *d, int x, int unique);
/* 'digraph "@f" {' or 'digraph "@f:%x" {' and the defaults. */
void dx_open_graph(Dx *d, int x);
/* The legend (the graph's label): a table titled "@f: " what ..., to be
 * ended by "</b></td></tr>" then rows; dx_close_legend ends the graph. */
void dx_open_legend(Dx *d, const char *what);
void dx_close_legend(Dx *d);
/* A legend row: key cell (a colour or NULL, its words), then the text
 * cell, which the caller writes and dx_end_row ends. */
void dx_row(Dx *d, const char *color, const char *key);
void dx_end_row(Dx *d);

/* The picture "@f:%x" of the variable of vs. */
void dx_var_graph(Dx *d, const VarStat *vs);

#endif
