/* m2r-opt - promote allocas in a textual IR file, like opt -passes=mem2reg.
 *
 * Output is built in memory and written only when the whole input was
 * read and promoted: bad input leaves nothing half-written.
 *
 * blockaddress(@F, %N) names F's block by its number in the input, and
 * printing F renumbers its blocks.  The constant may stand before F (a
 * global's table of addresses), in F, or after it, so the new numbers
 * are put in on that final write, through ba_write: only then is every
 * function's numbering known, and the output is held until then anyway.
 * (Buffering the lines before F would hold everything after them too, to
 * keep the order; reading the input twice would promote every function
 * twice.)  What it costs: nothing for a module without a blockaddress of
 * a numbered block (ba_mentions on the input says so); else 8 bytes per
 * block whose number changed, and a scan of the output lines that hold
 * the word.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "m2r.h"
#include "report.h"
#include "text.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* The algorithms, placements and prune methods (%s) are core/names.h's. */
static const char usage[] =
	"usage: m2r-opt [--algorithm=%s] [--braun-limit=N|none]\n"
	"               [--placement=%s] [--no-simplify]\n"
	"               [--prune-method=%s]\n"
	"               [--stats[=text|json]] [--verify] [--time] [--disable-output]\n"
	"               [--explain[=@FUNC[:%%VAR]]] [--explain-format=text|dot]\n"
	"               [-o OUT] [FILE|-]\n";

static const char help[] =
	"Promote allocas to SSA values (LLVM's mem2reg) in a textual IR file.\n"
	"\n"
	"  --algorithm=A     SSA construction algorithm: %s\n"
	"                    (doc/algorithms.md)\n"
	"  --braun-limit=N   braun gives up past N memo entries and phis\n"
	"                    (default: 16 per instruction and block, and a\n"
	"                    million; none: no limit)\n"
	"  --placement=P     phi placement: %s\n"
	"  --no-simplify     keep the phis that simplification would remove\n"
	"  --prune-method=M  how pruned placement finds live phis (same result,\n"
	"                    different cost; llvm only): %s\n"
	"  --stats[=FORMAT]  per-function counters on stderr: text (default) or json\n"
	"  --verify          verify the promoted IR (the input is always verified)\n"
	"  --time            per function on stderr: read, promote and print times\n"
	"  --disable-output  promote (and verify, count, time) but print no IR\n"
	"  --explain[=@FUNC[:%%VAR]]\n"
	"                    explain SSA construction step by step on standard\n"
	"                    output (every function and variable by default; the\n"
	"                    IR goes to -o OUT only): CFG, dominator tree, dominance\n"
	"                    frontiers, each variable's IDF, live-in blocks and\n"
	"                    phis per placement, renaming (doc/explain.md)\n"
	"  --explain-format=F  text (default) or dot (Graphviz: dot -Tsvg)\n"
	"  -o OUT            write the IR to OUT instead of standard output\n"
	"  -h, --help        this text\n"
	"\n"
	"FILE is a subset of LLVM IR (see doc/ir.md); - or no FILE reads stdin.\n";

/* "pruned (default), semipruned, minimal": the first is the default. */
static const char *with_default(int t, char *buf, size_t n)
{
	char names[256];
	m2r_name_join(t, ", ", names, sizeof names);
	size_t k = strlen(m2r_name(t, 0));
	snprintf(buf, n, "%.*s (default)%s", (int)k, names, names + k);
	return buf;
}

static void put_usage(FILE *o, int with_help)
{
	char b0[256], b1[256], b2[256];
	fprintf(o, usage, m2r_name_join(NT_ALGORITHM, "|", b0, sizeof b0),
		m2r_name_join(NT_PLACEMENT, "|", b1, sizeof b1),
		m2r_name_join(NT_PRUNE_METHOD, "|", b2, sizeof b2));
	if (with_help)
		fprintf(o, help, with_default(NT_ALGORITHM, b0, sizeof b0),
			with_default(NT_PLACEMENT, b1, sizeof b1),
			with_default(NT_PRUNE_METHOD, b2, sizeof b2));
}

enum { ST_NONE, ST_TEXT, ST_JSON };

typedef struct {
	PromoteOpts po;
	int stats, verify, time, noout;
	const char *out, *in;
	int explain;             /* --explain given */
	int exformat;            /* EX_TEXT, EX_DOT */
	const char *exformat_arg; /* the --explain-format= given, or NULL */
	/* the options as written, for the messages about combinations */
	const char *alg_arg, *placement_arg, *prune_arg, *nosimp_arg, *limit_arg;
	const char *exfn, *exvar; /* its @FUNC and %VAR, or NULL */
	int exfound;             /* functions explained */
} Opts;

static void die_usage(const char *fmt, const char *arg)
{
	fputs("m2r-opt: error: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	put_usage(stderr, 0);
	exit(2);
}

/* A bad value: the option as written and the values it takes. */
static void die_usage2(const char *opt, const char *expect)
{
	fprintf(stderr, "m2r-opt: error: bad value in '%s': expected %s\n", opt, expect);
	put_usage(stderr, 0);
	exit(2);
}

/* --explain=@FUNC or --explain=@FUNC:%VAR (the sigils may be left out;
 * a quoted name, @"a:b", may hold a colon).  The last one counts. */
static void parse_explain(Opts *o, const char *a)
{
	const char *v = a + 10;
	if (*v == '@')
		v++;
	const char *q = *v == '"' ? strchr(v + 1, '"') : NULL;
	const char *colon = strchr(q ? q : v, ':');
	size_t n = colon ? (size_t)(colon - v) : strlen(v);
	if (!n)
		die_usage("'%s' names no function: expected --explain=@FUNC[:%%VAR]", a);
	char *fn = malloc(n + 1);
	if (!fn)
		die_usage("%s: out of memory", a);
	memcpy(fn, v, n);
	fn[n] = 0;
	free((char *)o->exfn);
	o->exfn = fn;
	o->exvar = NULL;
	if (colon) {
		o->exvar = colon[1] == '%' ? colon + 2 : colon + 1;
		if (!*o->exvar)
			die_usage("'%s' names no variable: expected --explain=@FUNC:%%VAR", a);
	}
}

/* The options each algorithm takes: the prune methods are the llvm
 * placement's; braun places its own phis (pruned by construction) and
 * removes trivial ones as it builds them. */
static void check_algorithm(const Opts *o)
{
	const char *no = NULL;
	if (o->po.algorithm != ALG_BRAUN && o->limit_arg) {
		fprintf(stderr, "m2r-opt: error: '%s' needs '--algorithm=braun'\n", o->limit_arg);
		put_usage(stderr, 0);
		exit(2);
	}
	if (o->po.algorithm != ALG_LLVM && o->prune_arg)
		no = o->prune_arg;
	else if (o->po.algorithm == ALG_BRAUN && o->po.placement != PL_PRUNED)
		no = o->placement_arg;
	else if (o->po.algorithm == ALG_BRAUN && o->nosimp_arg)
		no = o->nosimp_arg;
	if (!no)
		return;
	fprintf(stderr, "m2r-opt: error: '%s' cannot be used with '%s'%s\n", no, o->alg_arg,
		o->po.algorithm == ALG_BRAUN ? ": braun places its own phis (pruned by "
		"construction) and removes trivial ones as it goes"
		: ": the prune methods are the llvm placement's");
	put_usage(stderr, 0);
	exit(2);
}

static void parse_args(int argc, char **argv, Opts *o)
{
	o->po.placement = PL_PRUNED;
	o->po.simplify = 1;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			put_usage(stdout, 1);
			exit(0);
		} else if (!strncmp(a, "--algorithm=", 12)) {
			o->po.algorithm = m2r_name_lookup(NT_ALGORITHM, a + 12);
			if (o->po.algorithm < 0)
				die_usage2(a, m2r_name_list(NT_ALGORITHM));
			o->alg_arg = a;
		} else if (!strncmp(a, "--braun-limit=", 14)) {
			char *end;
			errno = 0;
			long n = strtol(a + 14, &end, 10);
			if (!strcmp(a + 14, "none"))
				n = -1;
			else if (!a[14] || *end || errno || n < 1)
				die_usage2(a, "a number of entries (1 or more) or none");
			o->po.braun_limit = n;
			o->limit_arg = a;
		} else if (!strncmp(a, "--placement=", 12)) {
			o->po.placement = placement_parse(a + 12);
			if (o->po.placement < 0)
				die_usage2(a, m2r_name_list(NT_PLACEMENT));
			o->placement_arg = a;
		} else if (!strncmp(a, "--prune-method=", 15)) {
			o->po.prune = m2r_name_lookup(NT_PRUNE_METHOD, a + 15);
			if (o->po.prune < 0)
				die_usage2(a, m2r_name_list(NT_PRUNE_METHOD));
			o->prune_arg = a;
		} else if (!strcmp(a, "--no-simplify")) {
			o->po.simplify = 0;
			o->nosimp_arg = a;
		} else if (!strcmp(a, "--stats") || !strcmp(a, "--stats=text")) {
			o->stats = ST_TEXT;
		} else if (!strcmp(a, "--stats=json")) {
			o->stats = ST_JSON;
		} else if (!strncmp(a, "--stats=", 8)) {
			die_usage("bad value in '%s': expected text or json", a);
		} else if (!strcmp(a, "--verify")) {
			o->verify = 1;
		} else if (!strcmp(a, "--disable-output")) {
			o->noout = 1;
		} else if (!strcmp(a, "--explain")) {
			o->explain = 1;
			free((char *)o->exfn); /* the last one counts: all of them */
			o->exfn = o->exvar = NULL;
		} else if (!strncmp(a, "--explain=", 10)) {
			o->explain = 1;
			parse_explain(o, a);
		} else if (!strncmp(a, "--explain-format=", 17)) {
			if (!strcmp(a + 17, "text"))
				o->exformat = EX_TEXT;
			else if (!strcmp(a + 17, "dot"))
				o->exformat = EX_DOT;
			else
				die_usage("bad value in '%s': expected text or dot", a);
			o->exformat_arg = a;
		} else if (!strcmp(a, "--time")) {
			o->time = 1;
		} else if (!strcmp(a, "-o")) {
			if (++i == argc)
				die_usage("'%s' needs a file name", a);
			o->out = argv[i];
		} else if (a[0] == '-' && a[1]) {
			die_usage("unknown option '%s'", a);
		} else if (o->in) {
			die_usage("more than one input file ('%s')", a);
		} else {
			o->in = a;
		}
	}
	if (o->noout && o->out)
		die_usage("%s: -o and --disable-output contradict each other", "m2r-opt");
	check_algorithm(o);
	if (o->exformat_arg && !o->explain)
		die_usage("'%s' needs --explain", o->exformat_arg);
	if (o->explain && !o->out)
		o->noout = 1; /* standard output is the explanation's */
	if (!o->in)
		o->in = "-";
}

static char *slurp(const char *path, size_t *len)
{
	FILE *fp = strcmp(path, "-") ? fopen(path, "rb") : stdin;
	if (!fp)
		return NULL;
	size_t cap = 1 << 16, n = 0;
	char *buf = malloc(cap);
	for (size_t got; buf && (got = fread(buf + n, 1, cap - n, fp)) > 0;) {
		n += got;
		if (n == cap) {
			char *nb = realloc(buf, cap *= 2);
			if (!nb)
				free(buf);
			buf = nb;
		}
	}
	int bad = !buf || ferror(fp);
	if (fp != stdin)
		fclose(fp);
	if (bad) {
		free(buf);
		errno = errno ? errno : ENOMEM;
		return NULL;
	}
	*len = n;
	return buf;
}

/* Where the verifier's finding is: the instruction's line, else the
 * function's. */
static void verify_error(const char *file, Fn *f, int where, const char *what,
                         const char *msg)
{
	int line = f->line, col = 1, l, c;
	if (where >= 0 && fn_pos(f, where, &l, &c) && l > 0) {
		line = l;
		col = c > 0 ? c : 1;
	}
	fprintf(stderr, "%s:%d:%d: error: %s @%s: %s\n", file, line, col, what, f->name, msg);
}

static void phi_counts(Fn *f, long *phis, long *args)
{
	*phis = *args = 0;
	for (int b = 0; b < f->blk.n; b++)
		for (int j = 0; j < f->blk.v[b].ins.n; j++) {
			Ins *in = &f->ins.v[f->blk.v[b].ins.v[j]];
			if (in->op == OPHI && (in->flags & (INEW | IDEAD)) == INEW) {
				(*phis)++;
				*args += in->nop;
			}
		}
}

static int run_fns(Opts *o, const char *buf, size_t len, FILE *out, FILE *st, FILE *ex,
		   BaMap *ba, Totals *unit);

/* Returns 0, or 1 after printing an error.  ba (may be NULL) learns
 * the new block numbers of every function printed. */
/* --stats=json: the function's record (report/record.c, the plugin's
 * schema), summed into the unit's. */
static void json_fn(const Opts *o, const char *file, Fn *f, const Stats *s, long long read_ns,
		    long long core_ns, FILE *st, Totals *unit)
{
	/* no compiler: no gcc_version, target */
	RecOpts ro = { .tool = TOOL_OPT, .placement = o->po.placement, .algorithm = o->po.algorithm };
	FnReport r;
	Totals t;
	report_from_stats(f, s, file, &r);
	r.lower_ns = read_ns;
	r.core_ns = core_ns;
	totals_of(&r, &t);
	totals_add(unit, &t);
	rec_json(st, &ro, file, &r, &t, 1);
}

static int run(Opts *o, const char *buf, size_t len, FILE *out, FILE *st, FILE *ex, BaMap *ba)
{
	Totals unit;
	memset(&unit, 0, sizeof unit);
	int rc = run_fns(o, buf, len, out, st, ex, ba, &unit);
	if (rc == 0 && o->exfn && !o->exfound) {
		fprintf(stderr, "m2r-opt: error: --explain: no function @%s in %s\n", o->exfn,
		        strcmp(o->in, "-") ? o->in : "<stdin>");
		rc = 1;
	}
	if (rc == 0 && o->stats == ST_JSON) {
		RecOpts ro = { .tool = TOOL_OPT, .placement = o->po.placement, .algorithm = o->po.algorithm };
		rec_json(st, &ro, strcmp(o->in, "-") ? o->in : "<stdin>", NULL, &unit, 0);
	}
	return rc;
}

static int run_fns(Opts *o, const char *buf, size_t len, FILE *out, FILE *st, FILE *ex,
		   BaMap *ba, Totals *unit)
{
	const char *file = strcmp(o->in, "-") ? o->in : "<stdin>";
	Reader r;
	char msg[512];
	rd_init(&r, file, buf, len);
	for (;;) {
		long long t0 = m2r_now();
		int k = rd_next(&r);
		long long t1 = m2r_now();
		if (k == RD_END)
			return 0;
		if (k == RD_ERR) {
			fprintf(stderr, "%s\n", r.err);
			return 1;
		}
		if (k == RD_RAW) {
			if (!o->noout) {
				fwrite(r.raw, 1, r.nraw, out);
				fputc('\n', out);
			}
			continue;
		}
		Fn *f = r.fn;
		int where;
		if (m2r_verify(f, msg, sizeof msg, &where)) {
			verify_error(file, f, where, "invalid input in", msg);
			fn_free(f);
			return 1;
		}
		Stats s;
		memset(&s, 0, sizeof s);
		PromoteOpts po = o->po;
		Trace tr;
		memset(&tr, 0, sizeof tr);
		ExplainOpts eo = {o->exformat, -1, NULL, NULL, NULL};
		if (o->explain && (!o->exfn || !strcmp(o->exfn, f->name))) {
			o->exfound++;
			po.trace = &tr;
			if (o->exvar && (eo.var = explain_find_var(f, o->exvar)) < 0) {
				fprintf(stderr, "%s:%d: error: --explain: @%s has no alloca %%%s\n", file,
				        f->line, f->name, o->exvar);
				fn_free(f);
				return 1;
			}
		}
		long long t2 = m2r_now();
		m2r_promote(f, &po, &s);
		long long t3 = m2r_now();
		if (s.over_limit) {
			fprintf(stderr, "%s:%d: error: @%s: %s\n", file, f->line, f->name,
			        m2r_over_limit_msg(&s, msg, sizeof msg));
			fn_free(f);
			return 1;
		}
		if (po.trace)
			explain_fn(ex, f, &tr, &s, &eo);
		if (o->verify && m2r_verify(f, msg, sizeof msg, &where)) {
			verify_error(file, f, where, "internal error: promoted IR fails verification in", msg);
			fn_free(f);
			return 1;
		}
		long long t4 = m2r_now();
		if (!o->noout)
			fn_print(f, out);
		if (ba)
			ba_add(ba, f);
		long long t5 = m2r_now();
		if (o->stats == ST_TEXT)
			stats_print_text(f, &s, st);
		else if (o->stats == ST_JSON)
			json_fn(o, file, f, &s, t1 - t0, t3 - t2, st, unit);
		if (o->time) {
			long phis, args;
			phi_counts(f, &phis, &args);
			fprintf(st, "time @%s lower_ns=%lld core_ns=%lld print_ns=%lld "
			        "blocks=%d insts=%d phis=%ld phiargs=%ld arena_bytes=%zu",
			        f->name, t1 - t0, t3 - t2, t5 - t4, f->blk.n, f->ins.n,
			        phis, args, arena_bytes(f->a));
			if (po.algorithm == ALG_BRAUN)
				fprintf(st, " braun_cells=%ld", s.braun_cells);
			fputc('\n', st);
		}
		fn_free(f);
	}
}

/* Write all of data to fp, with the blockaddresses renumbered when ba
 * is not NULL; 0 on success. */
static int put(FILE *fp, const char *data, size_t n, BaMap *ba)
{
	if (ba)
		return ba_write(ba, data, n, fp);
	return fwrite(data, 1, n, fp) == n ? 0 : -1;
}

/* put() and close fp; 0 on success. */
static int put_all(FILE *fp, const char *data, size_t n, BaMap *ba)
{
	int bad = put(fp, data, n, ba) != 0;
	bad |= fclose(fp) != 0;
	return bad ? -1 : 0;
}

/* Write data to path.  A regular file (new or existing, through a
 * symbolic link too) is written to a temporary file beside it and
 * renamed into place, so a reader never sees a partial file and an
 * error leaves the old one; it keeps an existing file's mode, and a new
 * one gets 0666 less the umask, as with any other tool.  Anything else
 * (/dev/null, a pipe, a terminal) is written to directly: renaming over
 * it would replace the device with a file. */
static int write_file(const char *path, const char *data, size_t n, BaMap *ba)
{
	struct stat sb;
	int exists = stat(path, &sb) == 0;
	if (exists && !S_ISREG(sb.st_mode)) {
		FILE *fp = fopen(path, "wb");
		return fp ? put_all(fp, data, n, ba) : -1;
	}
	mode_t mode;
	if (exists)
		mode = sb.st_mode & 07777;
	else {
		mode_t um = umask(0);
		umask(um);
		mode = 0666 & ~um;
	}
	char *real = exists ? realpath(path, NULL) : NULL; /* the link's target */
	const char *dst = real ? real : path;
	size_t plen = strlen(dst);
	char *tmp = malloc(plen + 16);
	if (!tmp) {
		free(real);
		return -1;
	}
	snprintf(tmp, plen + 16, "%s.tmpXXXXXX", dst);
	int fd = mkstemp(tmp);
	if (fd < 0) {
		int e = errno;
		free(tmp);
		free(real);
		errno = e;
		return -1;
	}
	int bad = fchmod(fd, mode) != 0;
	FILE *fp = fdopen(fd, "wb");
	if (fp)
		bad |= put_all(fp, data, n, ba) != 0;
	else {
		close(fd);
		bad = 1;
	}
	if (bad || rename(tmp, dst) != 0) {
		int e = errno;
		unlink(tmp);
		free(tmp);
		free(real);
		errno = e;
		return -1;
	}
	free(tmp);
	free(real);
	return 0;
}

int main(int argc, char **argv)
{
	Opts o;
	memset(&o, 0, sizeof o);
	parse_args(argc, argv, &o);
	size_t len = 0;
	char *buf = slurp(o.in, &len);
	if (!buf) {
		fprintf(stderr, "m2r-opt: error: cannot read '%s': %s\n", o.in, strerror(errno));
		free((char *)o.exfn);
		return 1;
	}
	char *obuf = NULL, *sbuf = NULL;
	size_t olen = 0, slen = 0;
	char *ebuf = NULL;
	size_t elen = 0;
	FILE *out = open_memstream(&obuf, &olen);
	FILE *st = open_memstream(&sbuf, &slen);
	FILE *ex = open_memstream(&ebuf, &elen);
	if (!out || !st || !ex) {
		fputs("m2r-opt: error: out of memory\n", stderr);
		return 1;
	}
	BaMap *ba = !o.noout && ba_mentions(buf, len) ? ba_new() : NULL;
	int rc = run(&o, buf, len, out, st, ex, ba);
	fclose(out);
	fclose(st);
	fclose(ex);
	free(buf);
	if (rc == 0 && !o.noout) {
		if (o.out && strcmp(o.out, "-")) {
			if (write_file(o.out, obuf, olen, ba) != 0) {
				fprintf(stderr, "m2r-opt: error: cannot write '%s': %s\n", o.out,
				        strerror(errno));
				rc = 1;
			}
		} else if (put(stdout, obuf, olen, ba) != 0 || fflush(stdout) != 0) {
			fputs("m2r-opt: error: cannot write standard output\n", stderr);
			rc = 1;
		}
	}
	if (rc == 0 && o.explain && (fwrite(ebuf, 1, elen, stdout) != elen || fflush(stdout))) {
		fputs("m2r-opt: error: cannot write standard output\n", stderr);
		rc = 1;
	}
	if (rc == 0)
		fwrite(sbuf, 1, slen, stderr);
	free(ebuf);
	ba_free(ba);
	free(obuf);
	free(sbuf);
	free((char *)o.exfn);
	return rc;
}
