/* remark.c - the text of the plugin's remark at a variable (remarks);
 * plugin.cc emits it at the declaration with GCC's inform(). */
#include "report.h"

int remark_text(const FnReport *r, const VarReport *v, int artificial, char *buf, size_t size)
{
	if (artificial)
		return 0;
	int sz = (int)size, n;
	if (v->ours) {
		n = snprintf(buf, size, "'%s' promoted (%s)", v->name, path_name(v->path));
		for (int k = 0; k < v->nphi && n < sz - 64; k++)
			n += snprintf(buf + n, size - (size_t)n, "%s bb %d", k ? "," : ", phis in",
				      v->phibb[k]);
	} else {
		n = snprintf(buf, size, "'%s' not promoted: %s", v->name, reason_name(v->reason));
	}
	if (r->rewrite && n < sz - 96) {
		if (v->renamed == RN_GCC)
			n += snprintf(buf + n, size - (size_t)n, "; renamed by gcc (fallback: %s)",
				      fallback_name(v->fallback));
		else if (v->renamed == RN_CORE)
			n += snprintf(buf + n, size - (size_t)n, "; renamed by core");
		else
			n += snprintf(buf + n, size - (size_t)n, "; stays in memory");
	}
	if (r->compared && n < sz - 64) {
		if (v->why == W_AGREE)
			snprintf(buf + n, size - (size_t)n, "; gcc: agrees");
		else
			snprintf(buf + n, size - (size_t)n, "; gcc: differs: %s", why_name(v->why));
	}
	return 1;
}
