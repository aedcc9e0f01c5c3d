/* load.c - reading m2r-report's inputs into a Run: files, directories
 * (recursively), standard input and build logs; one record per line.
 *
 * A line is a record candidate when it starts with '{' (a record file)
 * or contains RECORD_PREFIX (a build log: the plugin's output=- writes
 * records on stderr behind it, and make, distcc or a shell may put text
 * before it).  Every other line is ignored.  A candidate that does not
 * parse, or is not a record of a schema we read, is skipped and counted
 * per input.  Duplicate records of one compile are folded (fold_key);
 * records the --filter options do not keep are counted and dropped. */
#define _GNU_SOURCE /* memmem, getline */
#include "json.h"
#include "rep.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define RECORD_PREFIX "m2r-record: "

#define REP_KEY_(id, key, gcc) key,
#define REP_GCC_(id, key, gcc) gcc,
const char *const field_key[NFIELD] = { REP_FIELDS(REP_KEY_) };
const char field_gcc[NFIELD] = { REP_FIELDS(REP_GCC_) };

Run *run_new(void)
{
	Run *r = xmalloc(sizeof *r);
	memset(r, 0, sizeof *r);
	r->a = arena_new();
	hash_init(&r->strs, r->a, 1024);
	hash_init(&r->keys, r->a, 1024);
	hash_init(&r->open, r->a, 64);
	hash_init(&r->xopen, r->a, 64);
	return r;
}

void run_free(Run *r)
{
	if (!r)
		return;
	arena_free(r->a);
	free(r);
}

const char *run_intern(Run *r, const char *s)
{
	int n = (int)strlen(s), found;
	HEnt *e = hash_find_str(&r->strs, s, n, 0);
	if (e)
		return e->k;
	e = hash_str(&r->strs, astrndup(r->a, s, (size_t)n), n, 0, &found);
	return e->k;
}

/* ---------- one record ---------- */

static const char *str_of(Run *r, const JVal *o, const char *key)
{
	const JVal *v = json_get(o, key);
	return run_intern(r, v && v->k == J_STR ? v->s : "");
}

/* An integer (or a boolean, for 0/1 keys) into *out; 0 when v is not. */
static int int_of(const JVal *v, long long *out)
{
	if (v->k == J_BOOL || (v->k == J_NUM && v->is_int)) {
		*out = v->i;
		return 1;
	}
	return 0;
}

/* The counts of an object keyed by table t's names, at their enum
 * values (unknown names, from a later version, are left out). */
static const char *counts(const JVal *o, const char *key, int t, long long *arr)
{
	const JVal *v = json_get(o, key);
	if (!v)
		return NULL;
	if (v->k != J_OBJ)
		return "an object of counts is not an object";
	for (const JVal *m = v->kid; m; m = m->next) {
		long long x;
		if (!int_of(m, &x))
			return "a count is not an integer";
		int i = m2r_name_lookup(t, m->key);
		if (i >= 0)
			arr[i] = x;
	}
	return NULL;
}

static int name_of(const JVal *o, const char *key, int t)
{
	const JVal *v = json_get(o, key);
	return v && v->k == J_STR ? m2r_name_lookup(t, v->s) : -1;
}

static int count_of(const JVal *o, const char *key)
{
	const JVal *v = json_get(o, key);
	return v && v->k == J_ARR ? v->n : 0;
}

/* Appends the variables of vars to x's.  x's are r->var.v[var0 ..
 * var0+nvar); when other records' variables came after them (a split
 * record's parts arrive among other compiles' lines), they are first
 * copied to the end: each part costs at most one such copy. */
static void take_vars(Run *r, Rec *x, const JVal *vars)
{
	if (!x->nvar)
		x->var0 = r->var.n;
	else if (x->var0 + x->nvar != r->var.n) {
		vreserve(r->a, r->var, r->var.n + x->nvar);
		memcpy(&r->var.v[r->var.n], &r->var.v[x->var0], (size_t)x->nvar * sizeof *r->var.v);
		x->var0 = r->var.n;
		r->var.n += x->nvar;
	}
	if (!vars || vars->k != J_ARR)
		return;
	for (const JVal *v = vars->kid; v; v = v->next) {
		if (v->k != J_OBJ)
			continue;
		Var w = { 0 };
		long long i = 0;
		const JVal *f;
		w.name = str_of(r, v, "name");
		if ((f = json_get(v, "line")) && int_of(f, &i))
			w.line = (int)i;
		if ((f = json_get(v, "phis_kept")) && int_of(f, &i))
			w.phis_kept = (int)i;
		w.ours = (f = json_get(v, "ours")) && f->k == J_BOOL && f->i;
		w.gcc = !(f = json_get(v, "gcc")) ? -1 : f->k == J_BOOL && f->i;
		w.why = (signed char)name_of(v, "why", NT_WHY);
		w.reason = (signed char)name_of(v, "reason", NT_REASON);
		w.path = (signed char)name_of(v, "path", NT_PATH);
		w.renamed_by = (signed char)name_of(v, "renamed_by", NT_RENAMER);
		w.fallback = (signed char)name_of(v, "fallback", NT_FALLBACK);
		if (w.fallback < 0 && (f = json_get(v, "fallback")) && f->k == J_STR)
			w.fallback = (signed char)name_of(v, "fallback", NT_REASON);
		w.phis = count_of(v, "phi_blocks");
		w.gcc_phis = count_of(v, "gcc_phi_blocks");
		vpush(r->a, r->var, w);
		x->nvar++;
	}
}

/* The record in o, into x; NULL, or why it is not one we read. */
static const char *to_rec(Run *r, const JVal *o, Rec *x)
{
	const JVal *v;
	long long schema;
	if (o->k != J_OBJ)
		return "not a JSON object";
	if (!(v = json_get(o, "schema")) || !int_of(v, &schema))
		return "no schema";
	if (schema < 2 || schema > 6)
		return "unknown schema (2 to 6 are read)";
	if (!(v = json_get(o, "type")) || v->k != J_STR)
		return "no record type";
	if (!strcmp(v->s, "function"))
		x->type = REC_FUNCTION;
	else if (!strcmp(v->s, "unit"))
		x->type = REC_UNIT;
	else if (!strcmp(v->s, "variables"))
		x->type = REC_PART;
	else if (!strcmp(v->s, "explain") && schema >= 4)
		x->type = REC_EXPLAIN;
	else
		return "unknown record type";
	if (!(v = json_get(o, "file")) || v->k != J_STR)
		return "no file";
	if (x->type != REC_UNIT && (!(v = json_get(o, "function")) || v->k != J_STR))
		return "no function";
	long long n;
	if ((v = json_get(o, "parts")) && (!int_of(v, &n) || n < 1 || n > INT_MAX))
		return "parts is not a positive integer";
	x->parts = v ? (int)n : 1;
	if ((v = json_get(o, "part")) && (!int_of(v, &n) || n < 2 || n > x->parts))
		return "part is not a part number";
	x->part = v ? (int)n : 1;
	if ((v = json_get(o, "pid")) && !int_of(v, &x->pid))
		return "pid is not an integer";
	if (x->type == REC_PART && (x->part < 2 || !json_get(o, "pid")))
		return "a variables record without part and pid";
	x->tool = str_of(r, o, "tool");
	x->file = str_of(r, o, "file");
	x->function = str_of(r, o, "function");
	x->mode = str_of(r, o, "mode");
	x->placement = str_of(r, o, "placement");
	/* Schema 6 names the algorithm; every record before it is LLVM's. */
	x->algorithm = str_of(r, o, "algorithm");
	if (!*x->algorithm)
		x->algorithm = run_intern(r, algorithm_name(ALG_LLVM));
	x->clock = str_of(r, o, "clock");
	x->dumpbase = str_of(r, o, "dumpbase");
	x->cwd = str_of(r, o, "cwd");
	x->host = str_of(r, o, "host");
	x->fallback = str_of(r, o, "fallback");
	x->lower_error = str_of(r, o, "lower_error");
	x->gcc_version = str_of(r, o, "gcc_version");
	x->target = str_of(r, o, "target");
	for (int i = 0; i < NFIELD; i++)
		if ((v = json_get(o, field_key[i])) && !int_of(v, &x->f[i]))
			return "a count or time is not an integer";
	if (x->type == REC_FUNCTION)
		x->f[F_FUNCTIONS] = 1;
	for (int c = 0; c < NCOUNTER; c++)
		if ((v = json_get(o, counter_name(c))) && !int_of(v, &x->counter[c]))
			return "a counter is not an integer";
	const char *why;
	if ((why = counts(o, "not_promoted", NT_REASON, x->not_promoted)) ||
	    (why = counts(o, "paths", NT_PATH, x->paths)) ||
	    (why = counts(o, "why", NT_WHY, x->why)) ||
	    (why = counts(o, "renamed_by", NT_RENAMER, x->renamed_by)) ||
	    (why = counts(o, "fallbacks", NT_REASON, x->fallbacks)) ||
	    (why = counts(o, "fallbacks", NT_FALLBACK, x->fallbacks)))
		return why;
	x->whole = x->type == REC_FUNCTION && !strcmp(x->mode, "rewrite") &&
		   x->f[F_REWRITTEN] && !x->renamed_by[RN_GCC];
	if (!x->f[F_COMPARED]) {
		/* GCC's figures are unknown where GCC was not compared: schema
		 * 5 leaves them out, schema 4 wrote zeros (and compare=no the
		 * time of GCC's pass all the same); read both as unknown. */
		for (int i = 0; i < NFIELD; i++)
			if (field_gcc[i])
				x->f[i] = 0;
		memset(x->why, 0, sizeof x->why);
	}
	return NULL;
}

/* ---------- folding ---------- */

/* The fold key: the interned strings that name one compile's record
 * (doc/report.md).  Not host, times or clock: a retry elsewhere or a
 * second build of the same file folds; another GCC or target does not. */
typedef struct FoldKey {
	const char *s[9];
} FoldKey;
/* The first part of a key, by address (the key's bytes are pointers):
 * one object each, so that every use is the same pointer. */
static const char fk_function[] = "f", fk_unit[] = "u", fk_explain[] = "x";

static int same_results(const Rec *a, const Rec *b)
{
	for (int i = 0; i < NFIELD; i++)
		if (i != F_LOWER_NS && i != F_CORE_NS && i != F_GCC_NS && i != F_REWRITE_NS && a->f[i] != b->f[i])
			return 0;
	return !memcmp(a->why, b->why, sizeof a->why) && !memcmp(a->not_promoted, b->not_promoted, sizeof a->not_promoted);
}

/* Adds x (a scratch record) to r unless it folds; returns the new
 * record, or NULL when it folded into an earlier one. */
static Rec *add_rec(Run *r, const Rec *x)
{
	FoldKey k = { { x->type == REC_FUNCTION ? fk_function : fk_unit, x->tool, x->file, x->function, x->mode,
			x->placement, x->algorithm, x->gcc_version, x->target } };
	HEnt *e = hash_find_str(&r->keys, (const char *)&k, (int)sizeof k, 0);
	if (e) {
		Rec *old = x->type == REC_FUNCTION ? r->fn.v[e->val] : r->unit.v[e->val];
		old->folded++;
		*(x->type == REC_FUNCTION ? &r->folded_fn : &r->folded_unit) += 1;
		r->folded_differing += !same_results(old, x);
		return NULL;
	}
	int found;
	FoldKey *kk = aalloc(r->a, sizeof *kk);
	*kk = k;
	e = hash_str(&r->keys, (const char *)kk, (int)sizeof *kk, 0, &found);
	Rec *n = aalloc(r->a, sizeof *n);
	*n = *x;
	if (x->type == REC_FUNCTION) {
		e->val = r->fn.n;
		n->index = r->fn.n;
		vpush(r->a, r->fn, n);
	} else {
		e->val = r->unit.n;
		vpush(r->a, r->unit, n);
	}
	return n;
}

/* ---------- split records (output=-, schema 3) ---------- */

/* A function record of N parts waits for its parts 2..N, which its
 * process writes next, in order (doc/statistics.md): they are joined
 * by (host, pid).  nr is the record kept, NULL when x was folded (its
 * parts are then dropped with it). */
static void open_parts(Run *r, const Rec *x, Rec *nr)
{
	int found;
	HEnt *e = hash_ptr(&r->open, x->host, (int)x->pid, &found);
	e->val = nr ? r->fn.n : 0; /* nr is r->fn.v[r->fn.n - 1] */
	if (nr)
		nr->part = 1;
}

/* Joins a "variables" record to its function record; NULL, or why it
 * cannot be. */
static const char *join_part(Run *r, const Rec *x, const JVal *vars)
{
	HEnt *e = hash_find_ptr(&r->open, x->host, (int)x->pid);
	if (!e)
		return "a variables record without its function record";
	if (!e->val) { /* its function record was folded */
		r->parts_joined++;
		return NULL;
	}
	Rec *f = r->fn.v[e->val - 1];
	if (f->function != x->function || f->file != x->file || x->part != f->part + 1 ||
	    x->parts != f->parts)
		return "a variables record that does not continue its function record";
	take_vars(r, f, vars);
	f->part = x->part;
	r->parts_joined++;
	return NULL;
}

/* ---------- explanations (schema 4) ---------- */

static void append(Run *r, Expl *e, const JVal *text, const JVal *dot)
{
	vreserve(r->a, e->text, e->text.n + text->n + 1);
	memcpy(e->text.v + e->text.n, text->s, (size_t)text->n + 1);
	e->text.n += text->n;
	vreserve(r->a, e->dot, e->dot.n + dot->n + 1);
	memcpy(e->dot.v + e->dot.n, dot->s, (size_t)dot->n + 1);
	e->dot.n += dot->n;
}

int run_fn_of(Run *r, const Expl *e)
{
	FoldKey k = { { fk_function, e->tool, e->file, e->function, e->mode, e->placement, e->algorithm,
			e->gcc_version, e->target } };
	HEnt *h = hash_find_str(&r->keys, (const char *)&k, (int)sizeof k, 0);
	return h ? h->val : -1;
}

/* An "explain" record or part into r->ex; NULL, or why it is not read.
 * Duplicates fold as function records do (the first kept); parts are
 * joined by (host, pid) as "variables" records are. */
static const char *take_explain(Run *r, const Rec *x, const JVal *o)
{
	const JVal *text = json_get(o, "text"), *dot = json_get(o, "dot"), *v;
	if (!text || text->k != J_STR || !dot || dot->k != J_STR)
		return "an explain record without text and dot";
	if (x->part > 1) {
		HEnt *h = hash_find_ptr(&r->xopen, x->host, (int)x->pid);
		if (!h)
			return "an explain part without its first part";
		if (!h->val) /* its first part was folded */
			return NULL;
		Expl *e = &r->ex.v[h->val - 1];
		if (e->function != x->function || e->file != x->file || x->part != e->part + 1 ||
		    x->parts != e->parts)
			return "an explain part that does not continue its explanation";
		append(r, e, text, dot);
		e->part = x->part;
		return NULL;
	}
	FoldKey k = { { fk_explain, x->tool, x->file, x->function, x->mode, x->placement, x->algorithm,
			x->gcc_version, x->target } };
	int found;
	HEnt *h = hash_str(&r->keys, (const char *)&k, (int)sizeof k, 0, &found);
	int folded = found;
	if (folded) {
		r->folded_ex++;
	} else {
		FoldKey *kk = aalloc(r->a, sizeof *kk);
		*kk = k;
		h->k = (const char *)kk;
		Expl e;
		memset(&e, 0, sizeof e);
		e.tool = x->tool, e.file = x->file, e.function = x->function;
		e.mode = x->mode, e.placement = x->placement, e.host = x->host, e.pid = x->pid;
		e.algorithm = x->algorithm;
		e.gcc_version = x->gcc_version, e.target = x->target;
		e.asked = (v = json_get(o, "asked")) && v->k == J_BOOL && v->i;
		e.parts = x->parts;
		e.part = 1;
		e.fn = -1;
		append(r, &e, text, dot);
		vpush(r->a, r->ex, e);
	}
	if (x->parts > 1) {
		HEnt *p = hash_ptr(&r->xopen, x->host, (int)x->pid, &found);
		p->val = folded ? 0 : r->ex.n; /* 1 + index */
	}
	return NULL;
}

/* A record the filters leave out (--filter): counted, and its parts
 * that follow (a split function or explain record) dropped with it. */
static void filter_out(Run *r, const Rec *x)
{
	r->filtered++;
	if (x->parts > 1) {
		int found;
		hash_ptr(x->type == REC_EXPLAIN ? &r->xopen : &r->open, x->host, (int)x->pid, &found)->val = 0;
	}
}

/* ---------- lines, files, directories ---------- */

static void skip(Input *in, const char *file, long line, const char *why)
{
	if (!in->skipped++) {
		in->first_bad_line = line;
		in->first_bad_file = file;
		snprintf(in->first_bad_why, sizeof in->first_bad_why, "%s", why);
	}
}

static void take_line(Run *r, Input *in, const char *file, long lineno, const char *s, size_t n)
{
	const char *p = NULL;
	if (n && s[0] == '{') {
		p = s;
	} else {
		/* memmem: a log line may hold NULs before the prefix */
		const char *q = memmem(s, n, RECORD_PREFIX, sizeof RECORD_PREFIX - 1);
		if (!q)
			return;
		p = q + sizeof RECORD_PREFIX - 1;
	}
	size_t len = n - (size_t)(p - s);
	while (len && (p[len - 1] == '\n' || p[len - 1] == '\r'))
		len--;
	Arena *a = arena_new();
	const char *why;
	JVal *o = json_parse(a, p, len, &why);
	Rec x = { 0 };
	if (o && !(why = to_rec(r, o, &x))) {
		x.input = r->in.n - 1;
		x.line = lineno;
		if (x.type != REC_PART && x.part == 1 && !filter_keeps(r, &x)) {
			filter_out(r, &x);
		} else if (x.type == REC_EXPLAIN) {
			if ((why = take_explain(r, &x, o))) {
				skip(in, file, lineno, why);
				arena_free(a);
				return;
			}
		} else if (x.type == REC_PART) {
			if ((why = join_part(r, &x, json_get(o, "variables")))) {
				skip(in, file, lineno, why);
				arena_free(a);
				return;
			}
		} else {
			Rec *nr = add_rec(r, &x);
			if (nr && nr->type == REC_FUNCTION)
				take_vars(r, nr, json_get(o, "variables"));
			if (x.type == REC_FUNCTION && x.parts > 1)
				open_parts(r, &x, nr);
			const char *c = x.clock; /* explain and variables records have none */
			r->clocks |= !strcmp(c, "wall") ? 1 : !strcmp(c, "cpu") ? 2 : 4;
		}
		in->records++;
	} else {
		skip(in, file, lineno, why);
	}
	arena_free(a);
}

static void read_stream(Run *r, Input *in, FILE *f, const char *file)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	long lineno = 0;
	in->files++;
	while ((n = getline(&line, &cap, f)) > 0) {
		lineno++;
		take_line(r, in, file, lineno, line, (size_t)n);
	}
	in->lines += lineno;
	free(line);
}

static int read_path(Run *r, Input *in, const char *path, int top);

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A directory's entries in name order (the report must not depend on
 * the file system's order); symbolic links to directories are not
 * followed (no loops). */
static int read_dir(Run *r, Input *in, const char *path)
{
	DIR *d = opendir(path);
	if (!d) {
		fprintf(stderr, "m2r-report: %s: cannot read: %s\n", path, strerror(errno));
		return -1;
	}
	VEC(char *) names = { 0 };
	Arena *a = arena_new();
	struct dirent *de;
	while ((de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
			size_t n = strlen(path) + strlen(de->d_name) + 2;
			char *p = aalloc(a, n);
			snprintf(p, n, "%s/%s", path, de->d_name);
			vpush(a, names, p);
		}
	closedir(d);
	if (names.n)
		qsort(names.v, (size_t)names.n, sizeof *names.v, cmp_str);
	int rc = 0;
	for (int i = 0; i < names.n; i++)
		rc |= read_path(r, in, names.v[i], 0);
	arena_free(a);
	return rc;
}

static int read_path(Run *r, Input *in, const char *path, int top)
{
	struct stat st, lst;
	if (stat(path, &st) != 0) {
		if (!top && lstat(path, &lst) == 0)
			return 0; /* a dangling link inside a directory */
		fprintf(stderr, "m2r-report: %s: cannot read: %s\n", path, strerror(errno));
		return -1;
	}
	if (S_ISDIR(st.st_mode)) {
		if (!top && lstat(path, &lst) == 0 && S_ISLNK(lst.st_mode))
			return 0;
		return read_dir(r, in, path);
	}
	if (!top && !S_ISREG(st.st_mode))
		return 0;
	FILE *f = fopen(path, "rb");
	if (!f) {
		fprintf(stderr, "m2r-report: %s: cannot read: %s\n", path, strerror(errno));
		return -1;
	}
	const char *file = run_intern(r, path);
	read_stream(r, in, f, file);
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		fprintf(stderr, "m2r-report: %s: read error\n", path);
		return -1;
	}
	return 0;
}

int run_read(Run *r, const char *input)
{
	Input in0 = { 0 };
	in0.name = run_intern(r, strcmp(input, "-") ? input : "<stdin>");
	vpush(r->a, r->in, in0);
	Input *in = &r->in.v[r->in.n - 1];
	int rc = 0;
	if (!strcmp(input, "-")) {
		read_stream(r, in, stdin, in->name);
		if (ferror(stdin)) {
			fprintf(stderr, "m2r-report: <stdin>: read error\n");
			rc = -1;
		}
	} else {
		rc = read_path(r, in, input, 1);
	}
	in->unreadable = rc != 0;
	if (in->skipped) {
		fprintf(stderr, "m2r-report: %s: %ld broken or unknown line%s skipped (first at ", in->name,
			in->skipped, in->skipped == 1 ? "" : "s");
		if (in->first_bad_file != in->name)
			fprintf(stderr, "%s:", in->first_bad_file);
		else
			fprintf(stderr, "line ");
		fprintf(stderr, "%ld: %s)\n", in->first_bad_line, in->first_bad_why);
	}
	return rc;
}
