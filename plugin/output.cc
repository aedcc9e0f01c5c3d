/* output.cc - where the plugin's reports go: stderr at the end of the
 * unit (stats=, format=), JSON Lines records (output=), the dump file
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
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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
	return ro;
}

/* Append one record to output= with one write(2) on an O_APPEND fd, so
 * that parallel compilations into one file never interleave. */
static void write_record(const char *buf, size_t len)
{
	if (!m2r_args.output || out_failed)
		return;
	if (out_fd < 0) {
		out_fd = open(m2r_args.output, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0666);
		if (out_fd < 0) {
			out_failed = 1;
			error("mem2reg: cannot open %qs: %m", m2r_args.output);
			return;
		}
	}
	ssize_t n;
	do
		n = write(out_fd, buf, len);
	while (n < 0 && errno == EINTR);
	if (n != (ssize_t)len) {
		out_failed = 1;
		error("mem2reg: cannot write to %qs: %m", m2r_args.output);
	}
}

/* ---------- per function, per unit ---------- */

static void out_record(const RecOpts *ro, const char *file, const FnReport *r, const Totals *t)
{
	if (!m2r_args.output)
		return;
	char *b = NULL;
	size_t n = 0;
	FILE *m = open_memstream(&b, &n);
	rec_json(m, ro, file, r, t, 1);
	fclose(m);
	write_record(b, n);
	free(b);
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

void out_close(void)
{
	if (m2r_dump_file)
		fclose(m2r_dump_file);
	m2r_dump_file = NULL;
	if (out_fd >= 0)
		close(out_fd);
	out_fd = -1;
}
