/* dump.c - the plugin's dump (dump=): per function the lowered IR, the
 * promoted IR and the comparison table. */
#include "report.h"
#include "text.h" /* fn_print */

void dump_lowered(FILE *d, const char *fn, const char *file, const char *err, Fn *f)
{
	fprintf(d, ";; Function %s (%s)\n", fn, file ? file : "");
	if (err && err[0])
		fprintf(d, ";; lowering: %s\n", err);
	fprintf(d, "\n;; lowered IR, before promotion\n");
	fn_print(f, d);
}

void dump_promoted(FILE *d, int placement, Fn *f)
{
	fprintf(d, "\n;; promoted IR (placement %s)\n", placement_name(placement));
	fn_print(f, d);
}

void dump_table(FILE *d, const RecOpts *ro, int compare, const FnReport *r)
{
	if (ro->mode == RMODE_REWRITE)
		fprintf(d, "\n;; variables (rewrite mode)\n");
	else
		fprintf(d, "\n;; comparison with GCC%s\n", compare ? "" : " (compare=no: ours only)");
	table_fn_header(d, ro);
	table_fn_row(d, r);
	table_var_rows(d, r);
	fputs("\n", d);
}
