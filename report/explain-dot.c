/* explain-dot.c - the explanation as Graphviz DOT (doc/explain.md). */
#include "report.h"

void explain_dot(FILE *o, Fn *f, const Trace *tr, const Stats *st, const ExplainOpts *eo)
{
	(void)tr, (void)st, (void)eo;
	fprintf(o, "digraph \"%s\" {\n}\n", f->name);
}
