/* record.c - the one JSON Lines record writer of both tools (schema
 * M2R_SCHEMA_VERSION: doc/statistics.md, doc/record.schema.json).
 *
 * Every key has one type wherever it appears: counts are integers, a
 * list of blocks is "phi_blocks" (strings: m2r-opt's labels, the
 * plugin's "bb N"), every per-name object lists every name of its table
 * (zeros included), and "reason" is always there ("none" when promoted).
 * Keys only one tool has are left out by the other (the schema says
 * which), and GCC's figures are left out where GCC was not compared
 * ("compared" 0): there they are unknown, not zero. */
#define _POSIX_C_SOURCE 200809L /* gethostname, getcwd, open_memstream */
#include "report.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The n bytes at s as the inside of a JSON string. */
static void json_chars(FILE *out, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (ch == '"' || ch == '\\')
			fprintf(out, "\\%c", ch);
		else if (ch == '\n') /* explanations: many lines */
			fputs("\\n", out);
		else if (ch < 0x20)
			fprintf(out, "\\u%04x", ch);
		else
			fputc(ch, out);
	}
}

/* Names are LLVM identifiers or GCC's, possibly with quotes: escape. */
void json_str(FILE *out, const char *s)
{
	fputc('"', out);
	if (s)
		json_chars(out, s, strlen(s));
	fputc('"', out);
}

static const char *jbool(long b) { return b ? "true" : "false"; }

/* "key":{"name":n,...} over table t's names from..NAMES, counts c[]. */
static void json_counts(FILE *o, const char *key, int t, int from, const long *c)
{
	const NameTable *nt = &m2r_names[t];
	fprintf(o, ",\"%s\":{", key);
	for (int k = from; k < nt->first + nt->n; k++)
		fprintf(o, "%s\"%s\":%ld", k > from ? "," : "", m2r_name(t, k), c[k]);
	fputc('}', o);
}

static void json_blocks(FILE *o, const char *key, const int *bb, const char **lab, int n)
{
	fprintf(o, ",\"%s\":[", key);
	for (int i = 0; i < n; i++) {
		if (i)
			fputc(',', o);
		if (lab)
			json_str(o, lab[i]);
		else
			fprintf(o, "\"bb %d\"", bb[i]);
	}
	fputc(']', o);
}

static void json_var(FILE *o, const RecOpts *ro, const FnReport *r, const VarReport *v)
{
	fputs("{\"name\":", o);
	json_str(o, v->name);
	fprintf(o, ",\"line\":%d,\"ours\":%s,\"reason\":\"%s\",\"path\":\"%s\"", v->line,
		jbool(v->ours), reason_name(v->reason), path_name(v->path));
	json_blocks(o, "phi_blocks", v->phibb, v->philab, v->nphi);
	fprintf(o, ",\"phis_kept\":%d", v->nphikept);
	if (ro->tool == TOOL_PLUGIN && r->compared) {
		fprintf(o, ",\"gcc\":%s", jbool(v->gcc));
		json_blocks(o, "gcc_phi_blocks", v->gcc_phibb, NULL, v->gcc_nphi);
	}
	if (ro->tool == TOOL_PLUGIN)
		fprintf(o, ",\"why\":\"%s\"", r->compared ? why_name(v->why) : "not-compared");
	if (r->rewrite)
		fprintf(o, ",\"renamed_by\":\"%s\",\"fallback\":\"%s\"", renamer_name(v->renamed),
			v->renamed == RN_GCC ? fallback_name(v->fallback) : "none");
	fputc('}', o);
}

/* The rewrite mode's keys. */
static void json_rewrite(FILE *o, const FnReport *r, const Totals *t)
{
	if (r)
		fprintf(o, ",\"rewritten\":%s,\"fallback\":\"%s\"", jbool(t->rewritten),
			t->rewritten ? "none" : "write-back");
	else
		fprintf(o, ",\"rewritten\":%ld", t->rewritten);
	fprintf(o, ",\"phis_built\":%ld", t->phis_built);
	json_counts(o, "renamed_by", NT_RENAMER, 0, t->renamed);
	/* the core's reasons, then the fallbacks of their own */
	fputs(",\"fallbacks\":{", o);
	for (int k = 1; k < NFALLBACK; k++)
		fprintf(o, "%s\"%s\":%ld", k > 1 ? "," : "", fallback_name(k), t->fallback[k]);
	fputc('}', o);
	fprintf(o, ",\"rewrite_ns\":%lld", t->rewrite_ns);
}

static const char *dumpbase;
void rec_set_dumpbase(const char *d) { dumpbase = d; }

/* Where the record was made: the same in every record of a process, so
 * that a report tells two builds (and two hosts of one build) apart;
 * "" when the system does not say. */
static void json_origin(FILE *o, const RecOpts *ro, const char *file)
{
	static char host[256], cwd[4096];
	static int known;
	if (!known) {
		if (gethostname(host, sizeof host))
			host[0] = 0;
		host[sizeof host - 1] = 0;
		if (!getcwd(cwd, sizeof cwd))
			cwd[0] = 0;
		known = 1;
	}
	fprintf(o, ",\"schema\":%d,\"tool\":\"%s\",\"host\":", M2R_SCHEMA_VERSION,
		ro->tool == TOOL_PLUGIN ? "plugin" : "m2r-opt");
	json_str(o, host);
	fputs(",\"cwd\":", o);
	json_str(o, cwd);
	fputs(",\"dumpbase\":", o);
	json_str(o, dumpbase ? dumpbase : file);
	fprintf(o, ",\"pid\":%ld", (long)getpid());
	if (ro->gcc_version) {
		fputs(",\"gcc_version\":", o);
		json_str(o, ro->gcc_version);
		fputs(",\"target\":", o);
		json_str(o, ro->target);
	}
}

/* Everything of a record but its variables and the closing brace. */
static void rec_head(FILE *o, const RecOpts *ro, const char *file, const FnReport *r,
		     const Totals *t)
{
	int plugin = ro->tool == TOOL_PLUGIN;
	int gcc = plugin && t->compared > 0; /* GCC's figures are known */
	fprintf(o, "{\"type\":\"%s\",\"file\":", r ? "function" : "unit");
	json_str(o, file);
	if (r) {
		fputs(",\"function\":", o);
		json_str(o, r->function);
	} else {
		fprintf(o, ",\"functions\":%ld", t->functions);
	}
	json_origin(o, ro, file);
	fprintf(o, ",\"clock\":\"%s\"", m2r_clock_name());
	if (plugin)
		fprintf(o, ",\"mode\":\"%s\"", ro->mode == RMODE_REWRITE ? "rewrite" : "analyze");
	fprintf(o, ",\"placement\":\"%s\",\"algorithm\":\"%s\"", placement_name(ro->placement),
		algorithm_name(ro->algorithm));
	if (plugin)
		fprintf(o, ",\"compared\":%ld", t->compared);
	if (plugin && ro->mode == RMODE_REWRITE)
		json_rewrite(o, r, t);
	fprintf(o, ",\"blocks\":%ld,\"vars\":%ld,\"promotable\":%ld,\"promoted\":%ld", t->blocks,
		t->vars, t->promotable, t->promoted);
	if (gcc)
		fprintf(o, ",\"gcc_promoted\":%ld", t->gcc_promoted);
	fprintf(o, ",\"phis\":%ld,\"phis_kept\":%ld", t->phis, t->phis_kept);
	if (gcc)
		fprintf(o, ",\"gcc_phis\":%ld,\"agree\":%ld,\"differ\":%ld,\"unexplained\":%ld",
			t->gcc_phis, t->agree, t->differ, t->unexplained);
	for (int i = 0; i < NCOUNTER; i++)
		fprintf(o, ",\"%s\":%ld", counter_name(i), t->cnt[i]);
	json_counts(o, "not_promoted", NT_REASON, 1, t->notprom);
	json_counts(o, "paths", NT_PATH, 1, t->path);
	if (gcc)
		json_counts(o, "why", NT_WHY, 0, t->why);
	fprintf(o, ",\"lower_ns\":%lld,\"core_ns\":%lld", t->lower_ns, t->core_ns);
	if (gcc)
		fprintf(o, ",\"gcc_ns\":%lld", t->gcc_ns);
	if (r && r->lower_err && *r->lower_err) {
		fputs(",\"lower_error\":", o);
		json_str(o, r->lower_err);
	}
}

void rec_json(FILE *o, const RecOpts *ro, const char *file, const FnReport *r,
	      const Totals *t, int with_vars)
{
	rec_head(o, ro, file, r, t);
	if (r && with_vars) {
		fputs(",\"variables\":[", o);
		for (int i = 0; i < r->nvar; i++) {
			if (i)
				fputc(',', o);
			json_var(o, ro, r, &r->var[i]);
		}
		fputc(']', o);
	}
	fputs("}\n", o);
}

/* ---------- split records ---------- */

/* Room for a part number or count in a line's size estimate. */
enum { NUMW = 10 };

/* What starts a "variables" record: the keys that join it to its
 * function record (doc/statistics.md). */
static void cont_head(FILE *o, const RecOpts *ro, const char *file, const FnReport *r)
{
	fputs("{\"type\":\"variables\",\"file\":", o);
	json_str(o, file);
	fputs(",\"function\":", o);
	json_str(o, r->function);
	json_origin(o, ro, file);
	if (ro->tool == TOOL_PLUGIN)
		fprintf(o, ",\"mode\":\"%s\"", ro->mode == RMODE_REWRITE ? "rewrite" : "analyze");
}

/* A function record's pieces, rendered once into one buffer: piece 0
 * the function record's head, 1 a "variables" record's head, 2 + i the
 * variable i; piece k is buf[off[k] .. off[k + 1]). */
typedef struct Pieces {
	char *buf;
	size_t *off;
} Pieces;

static size_t plen(const Pieces *pc, int k) { return pc->off[k + 1] - pc->off[k]; }

static FILE *memstream(char **b, size_t *len)
{
	FILE *m = open_memstream(b, len);
	if (!m)
		die("open_memstream: out of memory");
	return m;
}

static void pieces(Pieces *pc, const RecOpts *ro, const char *file, const FnReport *r,
		   const Totals *t)
{
	size_t len = 0;
	FILE *m = memstream(&pc->buf, &len);
	pc->off = xmalloc((r->nvar + 3) * sizeof *pc->off);
	pc->off[0] = 0;
	for (int k = 0; k < r->nvar + 2; k++) {
		if (k == 0)
			rec_head(m, ro, file, r, t);
		else if (k == 1)
			cont_head(m, ro, file, r);
		else
			json_var(m, ro, r, &r->var[k - 2]);
		fflush(m); /* len is the size so far */
		pc->off[k + 1] = len;
	}
	fclose(m);
}

/* Line p of n (p from 1): its head, the variables [from, to), the end. */
static void put_part(const char *prefix, const Pieces *pc, int p, int n, int from, int to,
		     RecPut *put, void *arg)
{
	char *b = NULL;
	size_t len = 0;
	FILE *m = memstream(&b, &len);
	fputs(prefix, m);
	fwrite(pc->buf + pc->off[p > 1], 1, plen(pc, p > 1), m);
	if (p > 1)
		fprintf(m, ",\"part\":%d", p);
	fprintf(m, ",\"parts\":%d,\"variables\":[", n);
	for (int i = from; i < to; i++) {
		if (i > from)
			fputc(',', m);
		fwrite(pc->buf + pc->off[2 + i], 1, plen(pc, 2 + i), m);
	}
	fputs("]}\n", m);
	fclose(m);
	put(arg, b, len);
	free(b);
}

/* Split the variables into parts, part p holding [start[p-1], start[p]),
 * each line within limit: part 1 as many as fit (maybe none), every
 * other part at least one.  fixed[0], fixed[1]: a line's size without
 * variables, of part 1 and of the others.  Returns the number of parts. */
static int split(const Pieces *pc, int nvar, const size_t fixed[2], size_t limit, int *start)
{
	int n = 0, i = 0;
	start[0] = 0;
	while (n == 0 || i < nvar) {
		size_t used = fixed[n > 0];
		int from = i;
		while (i < nvar && ((n > 0 && i == from) || used + plen(pc, 2 + i) + 1 <= limit))
			used += plen(pc, 2 + i++) + 1;
		start[++n] = i;
	}
	return n;
}

void rec_lines(const RecOpts *ro, const char *file, const FnReport *r, const Totals *t,
	       const char *prefix, size_t limit, RecPut *put, void *arg)
{
	char *b = NULL;
	size_t len = 0;
	FILE *m = memstream(&b, &len);
	fputs(prefix, m);
	rec_json(m, ro, file, r, t, 1);
	fclose(m);
	if (len <= limit || !r || r->nvar == 0) {
		put(arg, b, len);
		free(b);
		return;
	}
	free(b);
	Pieces pc;
	pieces(&pc, ro, file, r, t);
	/* prefix, head, ["part":P,]"parts":N,"variables":[ ... ]}\n */
	size_t tail = strlen(prefix) + strlen(",\"part\":,\"parts\":,\"variables\":[]}\n") + 2 * NUMW;
	size_t fixed[2] = { plen(&pc, 0) + tail, plen(&pc, 1) + tail };
	int *start = xmalloc((r->nvar + 2) * sizeof *start);
	int n = split(&pc, r->nvar, fixed, limit, start);
	for (int p = 1; p <= n; p++)
		put_part(prefix, &pc, p, n, start[p - 1], start[p], put, arg);
	free(start);
	free(pc.off);
	free(pc.buf);
}

/* ---------- explanations ---------- */

/* The bytes of the character at s (a UTF-8 sequence is never cut; a
 * stray byte is one) into *adv, its escaped length returned. */
static size_t esc_len(const char *s, size_t left, size_t *adv)
{
	unsigned char ch = (unsigned char)*s;
	size_t n = ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
	if (n > left)
		n = left;
	for (size_t k = 1; k < n; k++)
		if (((unsigned char)s[k] & 0xc0) != 0x80)
			n = k;
	*adv = n;
	return ch == '"' || ch == '\\' || ch == '\n' ? 2 : ch < 0x20 ? 6 : n;
}

/* The head of an "explain" record: every key but the text's. */
static void explain_head(FILE *o, const RecOpts *ro, const char *file, const char *fn, int asked)
{
	fputs("{\"type\":\"explain\",\"file\":", o);
	json_str(o, file);
	fputs(",\"function\":", o);
	json_str(o, fn);
	json_origin(o, ro, file);
	fprintf(o, ",\"mode\":\"%s\",\"placement\":\"%s\",\"algorithm\":\"%s\",\"asked\":%s",
		ro->mode == RMODE_REWRITE ? "rewrite" : "analyze", placement_name(ro->placement),
		algorithm_name(ro->algorithm), jbool(asked));
}

/* One line: head, [part], [parts], the text's bytes [t0, t1) and the
 * DOT's [d0, d1). */
static void explain_line(const char *prefix, const char *head, size_t hlen, int p, int n,
			 const char *text, size_t t0, size_t t1, const char *dot, size_t d0,
			 size_t d1, RecPut *put, void *arg)
{
	char *b = NULL;
	size_t len = 0;
	FILE *m = memstream(&b, &len);
	fputs(prefix, m);
	fwrite(head, 1, hlen, m);
	if (p > 1)
		fprintf(m, ",\"part\":%d", p);
	if (n > 1)
		fprintf(m, ",\"parts\":%d", n);
	fputs(",\"text\":\"", m);
	json_chars(m, text + t0, t1 - t0);
	fputs("\",\"dot\":\"", m);
	json_chars(m, dot + d0, d1 - d0);
	fputs("\"}\n", m);
	fclose(m);
	put(arg, b, len);
	free(b);
}

/* Cut the string s from *at so that its escaped bytes fit in *room:
 * returns the end of the piece, *room less what it takes. */
static size_t piece(const char *s, size_t len, size_t at, size_t *room)
{
	while (at < len) {
		size_t adv, e = esc_len(s + at, len - at, &adv);
		if (e > *room)
			break;
		*room -= e;
		at += adv;
	}
	return at;
}

void rec_explain_lines(const RecOpts *ro, const char *file, const char *fn, int asked,
		       const char *text, const char *dot, const char *prefix, size_t limit,
		       RecPut *put, void *arg)
{
	char *head = NULL;
	size_t hlen = 0, tlen = strlen(text), dlen = strlen(dot), total = 0, adv;
	FILE *m = memstream(&head, &hlen);
	explain_head(m, ro, file, fn, asked);
	fclose(m);
	for (size_t i = 0; i < tlen; i += adv)
		total += esc_len(text + i, tlen - i, &adv);
	for (size_t i = 0; i < dlen; i += adv)
		total += esc_len(dot + i, dlen - i, &adv);
	size_t tail = strlen(",\"part\":,\"parts\":,\"text\":\"\",\"dot\":\"\"}\n") + 2 * NUMW;
	size_t fixed = strlen(prefix) + hlen + tail;
	if (fixed + total <= limit) {
		explain_line(prefix, head, hlen, 1, 1, text, 0, tlen, dot, 0, dlen, put, arg);
		free(head);
		return;
	}
	/* room per line; a head longer than the limit by itself still
	 * carries some text per line (such a line is put whole) */
	size_t room = limit > fixed + 256 ? limit - fixed : 256;
	/* two passes: count the parts, then write them */
	int n = 0;
	for (int pass = 0; pass < 2; pass++) {
		size_t t = 0, d = 0;
		int p = 0;
		while (p == 0 || t < tlen || d < dlen) {
			size_t r = room, t0 = t, d0 = d;
			t = piece(text, tlen, t, &r);
			if (t == tlen)
				d = piece(dot, dlen, d, &r);
			invariant(p == 0 || t > t0 || d > d0); /* room > a character */
			p++;
			if (pass)
				explain_line(prefix, head, hlen, p, n, text, t0, t, dot, d0, d, put, arg);
		}
		n = p;
	}
	free(head);
}
