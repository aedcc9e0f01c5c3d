/* args.cc - the plugin's arguments, -fplugin-arg-mem2reg-KEY[=VALUE].
 *
 * Every argument is checked before the plugin registers anything: an
 * unknown key, a missing or bad value, or a value given to a flag is an
 * error naming the whole flag as written, with the valid values. */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

Args m2r_args = { ST_SUMMARY, FMT_TEXT, NULL, 0, NULL, MODE_ANALYZE, PL_PRUNED, ALG_LLVM, 0, 1, 0, 0,
		   0, 0, NULL, 0, EX_TEXT, 0 };

/* The help text; each %s is the values of a name table of
 * core/names.h, "a|b|c" (help_init). */
static const char help_fmt[] =
	"mem2reg: LLVM's mem2reg on GCC's functions, compared with GCC's into-SSA.\n"
	"Arguments (-fplugin-arg-mem2reg-KEY[=VALUE]):\n"
	"  stats=none|summary|functions|variables  what to print on stderr at the end\n"
	"                                           of the unit (default summary)\n"
	"  format=text|json|csv    format of what stats= prints (default text)\n"
	"  output=PATH|-           append JSON Lines records to PATH (one per function,\n"
	"                          one per unit); -: on stderr, each line prefixed\n"
	"                          'm2r-record: ' (what distcc and icecc bring back)\n"
	"  dump[=PATH]             IR before and after promotion and the comparison, per\n"
	"                          function (default PATH: <dumpbase>.mem2reg)\n"
	"  mode=analyze|rewrite    analyze: compare with GCC's into-SSA, change\n"
	"                          nothing (default); rewrite: GCC compiles from the\n"
	"                          SSA form the core built\n"
	"  placement=%s  phi placement (default pruned; in\n"
	"                          rewrite mode semipruned and minimal are the\n"
	"                          textbook forms: no fast paths, no simplification)\n"
	"  algorithm=%s  SSA construction algorithm (default llvm;\n"
	"                          doc/algorithms.md); braun places its own phis:\n"
	"                          placement pruned only, compare=no\n"
	"  braun-limit=N|none      algorithm=braun gives up (an error) past N memo\n"
	"                          entries and phis in a function (default 16 per\n"
	"                          instruction and block, and a million)\n"
	"  compare=yes|no          read GCC's own into-SSA result (default yes; no\n"
	"                          in rewrite mode, where GCC's does not run, and\n"
	"                          with algorithm=braun)\n"
	"  remarks                 a note at each variable: promoted or not, and why\n"
	"  verify                  verify the SSA form the core produced\n"
	"  explain=FUNC[:VAR]      explain SSA construction of function FUNC (its name\n"
	"                          as the records give it; every function of that name)\n"
	"                          step by step in the dump (without dump=, a dump of\n"
	"                          the explanations only), with GCC's phis beside\n"
	"                          ours; VAR: one variable only\n"
	"  explain-format=text|dot the dump's explanations in text (default) or DOT\n"
	"  explain-differences     also explain every function that differs from GCC,\n"
	"                          into the records (output=) and the dump (dump=)\n"
	"  help                    print this help\n"
	"  version                 print the plugin's version\n";

char m2r_help[sizeof help_fmt + 512];

/* Table t's JSON names, "a|b|c". */
static const char *alternatives(int t, char *buf, size_t size)
{
	const NameTable *nt = &m2r_names[t];
	size_t n = 0;
	buf[0] = 0;
	for (int i = 0; i < nt->n && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s", i ? "|" : "", nt->json[i]);
	return buf;
}

static void help_init(void)
{
	char pl[128], alg[128];
	snprintf(m2r_help, sizeof m2r_help, help_fmt, alternatives(NT_PLACEMENT, pl, sizeof pl),
		 alternatives(NT_ALGORITHM, alg, sizeof alg));
}

/* Each key's valid values; NULL: a flag; "": any non-empty text. */
struct Key {
	const char *key;
	const char *const *vals; /* NULL-terminated */
	const char *expect;      /* for messages */
	int optional;            /* the value may be omitted (dump) */
};

static const char *const stats_vals[] = { "none", "summary", "functions", "variables", NULL };
static const char *const format_vals[] = { "text", "json", "csv", NULL };
static const char *const mode_vals[] = { "analyze", "rewrite", NULL };
static const char *const placement_vals[] = { M2R_PLACEMENTS(M2R_JSON_) NULL }; /* core/names.h */
static const char *const algorithm_vals[] = { M2R_ALGORITHMS(M2R_JSON_) NULL };
static const char *const yesno_vals[] = { "yes", "no", NULL };
static const char *const path_vals[] = { NULL };
static const char *const exformat_vals[] = { "text", "dot", NULL }; /* EX_TEXT, EX_DOT */

static const Key keys[] = {
	{ "stats", stats_vals, "none, summary, functions or variables", 0 },
	{ "format", format_vals, "text, json or csv", 0 },
	{ "output", path_vals, "a file name, or - for stderr", 0 },
	{ "dump", path_vals, "a file name, or no value for <dumpbase>.mem2reg", 1 },
	{ "mode", mode_vals, "analyze or rewrite", 0 },
	{ "placement", placement_vals, m2r_name_list(NT_PLACEMENT), 0 },
	{ "algorithm", algorithm_vals, m2r_name_list(NT_ALGORITHM), 0 },
	{ "braun-limit", path_vals, "a number (1 or more) or none", 0 },
	{ "compare", yesno_vals, "yes or no", 0 },
	{ "remarks", NULL, NULL, 0 },
	{ "verify", NULL, NULL, 0 },
	{ "help", NULL, NULL, 0 },
	{ "version", NULL, NULL, 0 },
	{ "explain", path_vals, "FUNC or FUNC:VAR, a function's name as the records give it", 0 },
	{ "explain-format", exformat_vals, "text or dot", 0 },
	{ "explain-differences", NULL, NULL, 0 },
};
enum { NKEYS = sizeof keys / sizeof keys[0] };

/* explain=FUNC[:VAR]: VAR follows the last ':' that is not part of a
 * "::" (C++ names: "ns::A::f:x").  NULL, or what is wrong. */
static const char *explain_target(const char *v, const char *flag, Args *a)
{
	const char *colon = NULL;
	for (const char *p = v; *p; p++)
		if (*p == ':' && p[1] != ':' && (p == v || p[-1] != ':'))
			colon = p;
	size_t n = colon ? (size_t)(colon - v) : strlen(v);
	if (!n)
		return "names no function: expected FUNC or FUNC:VAR";
	if (colon && (!colon[1] || strchr(colon + 1, ':')))
		return "names no variable after ':': expected FUNC:VAR";
	a->explain = XRESIZEVEC(ExTarget, a->explain, a->nexplain + 1);
	ExTarget *t = &a->explain[a->nexplain++];
	t->fn = xstrndup(v, n);
	t->var = colon ? xstrdup(colon + 1) : NULL;
	t->flag = xstrdup(flag);
	t->seen = 0;
	return NULL;
}

/* Index of v in vals, or -1. */
static int lookup(const char *const *vals, const char *v)
{
	for (int i = 0; vals[i]; i++)
		if (!strcmp(vals[i], v))
			return i;
	return -1;
}

/* Flags as written, for the messages about combinations ("" when
 * the key was not given). */
typedef struct {
	char compare[512], exformat[512], placement[512], algorithm[512], limit[512];
} Given;

/* The combinations refused, once every argument is read: each error
 * names the flags as written (g). */
static int check_combinations(const char *name, const Given *g, Args *a)
{
	int nerr = 0;
	/* GCC's own into-SSA does not run in rewrite mode: nothing to
	 * compare with. */
	if (a->mode == MODE_REWRITE) {
		if (a->compare && g->compare[0]) {
			error("%qs cannot be used with %<-fplugin-arg-%s-mode=rewrite%>: the "
			      "into-SSA of GCC does not run in rewrite mode (use mode=analyze to compare)",
			      g->compare, name);
			nerr++;
		}
		a->compare = 0;
	}
	if (g->limit[0] && a->algorithm != ALG_BRAUN) {
		error("%qs needs %<-fplugin-arg-%s-algorithm=braun%>", g->limit, name);
		nerr++;
	}
	/* Braun et al. place no phis by a frontier: theirs are pruned by
	 * construction, and trivial ones removed as they are built, so
	 * there is no placement to choose, nor one to compare with GCC's. */
	if (a->algorithm == ALG_BRAUN) {
		if (a->placement != PL_PRUNED) {
			error("%qs cannot be used with %qs: braun places its own phis (pruned by "
			      "construction)", g->placement, g->algorithm);
			nerr++;
		}
		if (a->compare && g->compare[0]) {
			error("%qs cannot be used with %qs: the phis of braun are not a placement to "
			      "compare with those of GCC (use algorithm=llvm or algorithm=cytron to compare)",
			      g->compare, g->algorithm);
			nerr++;
		}
		a->compare = 0;
	}
	/* Explanations go into the dump (explain= turns it on) and the
	 * records: one of them must be there. */
	if (g->exformat[0] && !a->nexplain && !a->explain_diff) {
		error("%qs needs %<-fplugin-arg-%s-explain=FUNC%> or "
		      "%<-fplugin-arg-%s-explain-differences%>", g->exformat, name, name);
		nerr++;
	}
	if (a->explain_diff && !a->output && !a->dump && !a->nexplain) {
		error("%<-fplugin-arg-%s-explain-differences%> writes into the records or the dump: "
		      "give %<-fplugin-arg-%s-output=PATH%> or %<-fplugin-arg-%s-dump%>", name, name, name);
		nerr++;
	}
	if (a->nexplain && !a->dump)
		a->dump = DUMP_EXPLAIN;
	return nerr;
}

int args_parse(const char *name, int argc, const struct plugin_argument *argv, Args *a)
{
	int nerr = 0;
	char flag[512];
	Given g;
	memset(&g, 0, sizeof g);
	help_init();
	for (int i = 0; i < argc; i++) {
		const char *k = argv[i].key, *v = argv[i].value;
		snprintf(flag, sizeof flag, "-fplugin-arg-%s-%s%s%s", name, k, v ? "=" : "", v ? v : "");
		const Key *key = NULL;
		for (int j = 0; j < NKEYS; j++)
			if (!strcmp(keys[j].key, k))
				key = &keys[j];
		if (!key) {
			error("unknown argument %qs: valid keys are stats, format, output, dump, "
			      "mode, placement, algorithm, braun-limit, compare, remarks, verify, explain, "
			      "explain-format, "
			      "explain-differences, help and version", flag);
			nerr++;
			continue;
		}
		if (!key->vals) { /* a flag */
			if (v) {
				error("%qs takes no value: write %<-fplugin-arg-%s-%s%>", flag, name, k);
				nerr++;
				continue;
			}
			if (!strcmp(k, "remarks"))
				a->remarks = 1;
			else if (!strcmp(k, "verify"))
				a->verify = 1;
			else if (!strcmp(k, "help"))
				a->help = 1;
			else if (!strcmp(k, "explain-differences"))
				a->explain_diff = 1;
			else
				a->version = 1;
			continue;
		}
		if (!v && key->optional) { /* dump */
			a->dump = DUMP_ALL;
			a->dump_path = NULL;
			continue;
		}
		if (!v || !*v) {
			error("missing value in %qs: expected %s", flag, key->expect);
			nerr++;
			continue;
		}
		if (key->vals[0] == NULL) { /* a path */
			const char *bad;
			if (!strcmp(k, "output")) {
				a->output = v;
			} else if (!strcmp(k, "braun-limit")) {
				char *end;
				errno = 0;
				long n = strtol(v, &end, 10);
				if (!strcmp(v, "none"))
					n = -1;
				else if (*end || errno || n < 1) {
					error("bad value in %qs: expected %s", flag, key->expect);
					nerr++;
				}
				a->braun_limit = n;
				snprintf(g.limit, sizeof g.limit, "%s", flag);
			} else if (!strcmp(k, "explain")) {
				if ((bad = explain_target(v, flag, a))) {
					error("bad value in %qs: %s", flag, bad);
					nerr++;
				}
			} else
				a->dump = DUMP_ALL, a->dump_path = v;
			continue;
		}
		int n = lookup(key->vals, v);
		if (n < 0) {
			error("bad value in %qs: expected %s", flag, key->expect);
			nerr++;
			continue;
		}
		if (!strcmp(k, "stats"))
			a->stats = n; /* same order as ST_* */
		else if (!strcmp(k, "format"))
			a->format = n;
		else if (!strcmp(k, "mode"))
			a->mode = n; /* same order as MODE_* */
		else if (!strcmp(k, "placement")) {
			a->placement = placement_parse(v);
			snprintf(g.placement, sizeof g.placement, "%s", flag);
		} else if (!strcmp(k, "algorithm")) {
			a->algorithm = m2r_name_lookup(NT_ALGORITHM, v);
			snprintf(g.algorithm, sizeof g.algorithm, "%s", flag);
		} else if (!strcmp(k, "explain-format")) {
			a->explain_format = n; /* same order as EX_* */
			snprintf(g.exformat, sizeof g.exformat, "%s", flag);
		} else {
			a->compare = n == 0;
			snprintf(g.compare, sizeof g.compare, "%s", flag);
		}
	}
	return nerr + check_combinations(name, &g, a);
}
