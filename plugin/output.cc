/* output.cc - where the plugin's reports go: stderr at the end of the
 * unit (stats=, format=), JSON Lines records (output=PATH, or output=-:
 * prefixed lines on stderr, the channel that comes back from distcc and
 * icecc), the dump file
 * (dump=).  What they say is written by the report layer (report/); the
 * schema is doc/statistics.md.
 *
 * Function rows for stderr are rendered as each function completes (its
 * FnReport lives in the function's arena) into a memory stream, and
 * printed with the unit totals by out_unit(). */
#include "gcc-common.h" /* GCC's headers: only there */

#include "plugin.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef M2R_TARGET
#error "M2R_TARGET (the target triple of the plugin's GCC, gcc -dumpmachine) is not defined: the Makefile defines it"
#endif
/* An empty triple would be written into every record as "target":"". */
static_assert(sizeof M2R_TARGET > 1, "M2R_TARGET is empty: the Makefile found no target triple for its GCC");

static Totals unit;
static FILE *rows, *vrows;   /* stderr rows, rendered per function */
static char *rows_buf, *vrows_buf;
static size_t rows_len, vrows_len;
static int out_fd = -1, out_failed;
static FILE *m2r_dump_file;
static int m2r_dump_failed;

RecOpts out_recopts(void)
{
	RecOpts ro;
	ro.tool = TOOL_PLUGIN;
	ro.mode = m2r_args.mode == MODE_REWRITE ? RMODE_REWRITE : RMODE_ANALYZE;
	ro.placement = m2r_args.placement;
	ro.algorithm = m2r_args.algorithm;
	/* The compiler and its target: the GCC the plugin is built for
	 * (plugin.cc refuses to load into another) and the triple the
	 * Makefile names (gcc -dumpmachine of that GCC). */
	ro.gcc_version = m2r_built_for()->basever;
	ro.target = M2R_TARGET;
	/* The records' "dumpbase", set here since every writer of records
	 * (output=, format=json) gets its RecOpts here: what the driver gave
	 * cc1 (-dumpdir and -dumpbase: "f.c", "out/g.c", under distcc the
	 * server's temporary name); main_input_filename is the source, read
	 * from the line markers of preprocessed input. */
	rec_set_dumpbase(dump_base_name ? dump_base_name : main_input_filename);
	return ro;
}

static int to_stderr(void) { return !strcmp(m2r_args.output, "-"); }

/* Write all of buf to fd: one write(2) unless the kernel takes less
 * (then the rest, rather than lose it); 0 on an error. */
static int write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		buf += n, len -= n;
	}
	return 1;
}

/* One record line, whole, with one write(2): output=PATH on an O_APPEND
 * descriptor, so that parallel compilations into one file never
 * interleave; output=- on fd 2, past stdio (what GCC printed before is
 * flushed first, so the order on stderr is kept). */
static void put_line(void *, const char *buf, size_t len)
{
	if (out_failed)
		return;
	if (to_stderr()) {
		fflush(stderr);
		if (!write_all(2, buf, len)) {
			out_failed = 1;
			error("mem2reg: cannot write records to stderr "
			      "(%<-fplugin-arg-mem2reg-output=-%>): %m");
		}
		return;
	}
	if (out_fd < 0) {
		out_fd = open(m2r_args.output, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
		if (out_fd < 0) {
			out_failed = 1;
			error("mem2reg: cannot open %qs for %<-fplugin-arg-mem2reg-output=%s%>: %m",
			      m2r_args.output, m2r_args.output);
			return;
		}
	}
	if (!write_all(out_fd, buf, len)) {
		out_failed = 1;
		error("mem2reg: cannot write to %qs for %<-fplugin-arg-mem2reg-output=%s%>: %m",
		      m2r_args.output, m2r_args.output);
	}
}

/* ---------- per function, per unit ---------- */

/* output=PATH: each record whole on one line.  output=-: "m2r-record: "
 * lines of at most PIPE_BUF bytes where they can be (a long function
 * record is split), since only a write of at most PIPE_BUF bytes to a
 * pipe is atomic: make -j's compilations share one. */
static void out_record(const RecOpts *ro, const char *file, const FnReport *r, const Totals *t)
{
	if (!m2r_args.output)
		return;
	if (to_stderr())
		rec_lines(ro, file, r, t, M2R_RECORD_PREFIX, PIPE_BUF, put_line, NULL);
	else
		rec_lines(ro, file, r, t, "", (size_t)-1, put_line, NULL);
}

void out_function(const FnReport *r)
{
	RecOpts ro = out_recopts();
	Totals t;
	totals_of(r, &t);
	totals_add(&unit, &t);
	out_record(&ro, r->file, r, &t);
	if (m2r_args.stats < ST_FUNCTIONS)
		return;
	if (!rows)
		rows = open_memstream(&rows_buf, &rows_len);
	int vars = m2r_args.stats == ST_VARIABLES;
	switch (m2r_args.format) {
	case FMT_TEXT:
		table_fn_row(rows, r);
		if (vars) {
			table_var_rows(rows, r);
			fputc('\n', rows);
		}
		break;
	case FMT_JSON:
		rec_json(rows, &ro, r->file, r, &t, vars);
		break;
	case FMT_CSV:
		csv_row(rows, &ro, "function", r->file, r->function, &t);
		if (vars) {
			if (!vrows)
				vrows = open_memstream(&vrows_buf, &vrows_len);
			csv_var_rows(vrows, r);
		}
		break;
	}
}

void out_explain(const char *file, const char *fn, int asked, const char *text, const char *dot)
{
	if (!m2r_args.output)
		return;
	RecOpts ro = out_recopts();
	if (to_stderr())
		rec_explain_lines(&ro, file, fn, asked, text, dot, M2R_RECORD_PREFIX, PIPE_BUF,
				  put_line, NULL);
	else
		rec_explain_lines(&ro, file, fn, asked, text, dot, "", (size_t)-1, put_line, NULL);
}

static void print_unit(const RecOpts *ro, const char *file)
{
	FILE *o = stderr;
	switch (m2r_args.format) {
	case FMT_TEXT:
		if (m2r_args.stats >= ST_FUNCTIONS) {
			fprintf(o, "mem2reg functions of %s\n", file);
			table_fn_header(o, ro);
			if (rows_buf)
				fputs(rows_buf, o);
		}
		table_summary(o, ro, file, &unit);
		break;
	case FMT_JSON:
		if (rows_buf)
			fputs(rows_buf, o);
		rec_json(o, ro, file, NULL, &unit, 0);
		break;
	case FMT_CSV:
		csv_fn_header(o, ro);
		if (rows_buf)
			fputs(rows_buf, o);
		csv_row(o, ro, "unit", file, "", &unit);
		if (m2r_args.stats == ST_VARIABLES) {
			fputc('\n', o);
			csv_var_header(o, ro);
			if (vrows_buf)
				fputs(vrows_buf, o);
		}
		break;
	}
	fflush(o);
}

void out_unit(const char *file)
{
	RecOpts ro = out_recopts();
	if (!file)
		file = "";
	out_record(&ro, file, NULL, &unit);
	if (rows)
		fclose(rows);
	if (vrows)
		fclose(vrows);
	rows = vrows = NULL;
	if (m2r_args.stats != ST_NONE)
		print_unit(&ro, file);
	free(rows_buf);
	free(vrows_buf);
	rows_buf = vrows_buf = NULL;
	memset(&unit, 0, sizeof unit);
}

/* ---------- dump ---------- */

FILE *out_dump(void)
{
	if (!m2r_args.dump || m2r_dump_failed)
		return NULL;
	if (!m2r_dump_file) {
		m2r_dump_file = fopen(m2r_args.dump_path, "w");
		if (!m2r_dump_file) {
			m2r_dump_failed = 1;
			error("mem2reg: cannot open dump file %qs: %m", m2r_args.dump_path);
		}
	}
	return m2r_dump_file;
}

FILE *out_dump_ir(void)
{
	return m2r_args.dump == DUMP_ALL ? out_dump() : NULL;
}

void out_close(void)
{
	if (m2r_dump_file)
		fclose(m2r_dump_file);
	m2r_dump_file = NULL;
	if (out_fd >= 0)
		close(out_fd);
	out_fd = -1;
}
