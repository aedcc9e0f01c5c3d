/* reader-fuzz.c - libFuzzer target for the textual IR reader.
 *
 * Feeds the bytes to rd_init/rd_next until RD_END or RD_ERR; every
 * function read is verified (m2r_verify must not crash; the reader may
 * accept functions that are not valid SSA), printed with fn_print, and
 * the printed text must read back.  The input then goes through
 * ba_write with the block numbers of the functions read (it must not
 * crash on any text).  Every RD_ERR message must have the
 * form "FILE:LINE:COL: error: message" with LINE and COL positive and
 * LINE within the input.  Leaks are found by LeakSanitizer.
 *
 * Build: clang -fsanitize=fuzzer,address,undefined (see mk/fuzz.mk).
 */
#define _POSIX_C_SOURCE 200809L
#include "m2r.h"
#include "text.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void check_err(const char *err, const char *file, const char *buf, size_t len)
{
	size_t n = strlen(file);
	long nlines = 1;
	for (size_t k = 0; k < len; k++)
		nlines += buf[k] == '\n';
	const char *p = err;
	int ok = !strncmp(p, file, n) && p[n] == ':';
	long line = 0, col = 0;
	if (ok) {
		char *e;
		p += n + 1;
		line = strtol(p, &e, 10);
		ok = e > p && *e == ':';
		p = e + 1;
		if (ok) {
			col = strtol(p, &e, 10);
			ok = e > p && !strncmp(e, ": error: ", 9) && e[9] != 0;
		}
	}
	if (!ok || line < 1 || col < 1 || line > nlines + 1) {
		fprintf(stderr, "bad error message: \"%s\" (input has %ld lines)\n", err, nlines);
		abort();
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char file[] = "fuzz.ll";
	char *buf = malloc(size + 1);
	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = 0;
	Reader r;
	rd_init(&r, file, buf, size);
	BaMap *ba = ba_new();
	for (int k = 0; k < 100000; k++) {
		int t = rd_next(&r);
		if (t == RD_END)
			break;
		if (t == RD_ERR) {
			check_err(r.err, file, buf, size);
			if (rd_next(&r) != RD_ERR) { /* the reader stays failed */
				fprintf(stderr, "rd_next after RD_ERR did not say RD_ERR\n");
				abort();
			}
			break;
		}
		if (t != RD_FN)
			continue;
		Fn *f = r.fn;
		char msg[512];
		int where;
		(void)m2r_verify(f, msg, sizeof msg, &where);
		char *s = NULL;
		size_t n = 0;
		FILE *m = open_memstream(&s, &n);
		if (m) {
			fn_print(f, m);
			fclose(m);
			ba_add(ba, f);
			Reader r2;
			rd_init(&r2, "printed.ll", s, n);
			int t2;
			while ((t2 = rd_next(&r2)) == RD_RAW)
				;
			if (t2 != RD_FN) {
				fprintf(stderr, "printed function does not read back: %s\n--\n%s--\n",
				        t2 == RD_ERR ? r2.err : "no function", s);
				abort();
			}
			fn_free(r2.fn);
			free(s);
		}
		fn_free(f);
	}
	char *s = NULL;
	size_t n = 0;
	FILE *m = ba_mentions(buf, size) ? open_memstream(&s, &n) : NULL;
	if (m) {
		ba_write(ba, buf, size, m);
		fclose(m);
		free(s);
	}
	ba_free(ba);
	free(buf);
	return 0;
}
