/* text.h - the textual IR (a subset of LLVM's, doc/ir.md): the reader
 * (read.c and the files its header names), the printer (print.c) and
 * blockaddress renumbering (blockaddr.c).  Built as build/libm2rtext.a;
 * m2r-opt, m2r-fuzz and the unit tests link it.  The plugin links only
 * print.c (its IR dump), never the reader. */
#ifndef M2R_TEXT_H
#define M2R_TEXT_H

#include "m2r.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The reader returns module items one at a time so that a caller can
 * process and free each function before reading the next. */
enum { RD_END, RD_RAW, RD_FN, RD_ERR };

typedef struct Reader {
	const char *file, *buf, *end, *p;
	int line;
	char err[512];  /* "FILE:LINE:COL: error: message" on RD_ERR */
	const char *raw; size_t nraw; /* RD_RAW: module-level text, one line */
	Fn *fn;                       /* RD_FN: caller owns, fn_free() it */
} Reader;

void rd_init(Reader *r, const char *file, const char *buf, size_t len);
int rd_next(Reader *r);

/* Print f in the textual IR (calls fn_number first). */
void fn_print(Fn *f, FILE *out);

/* blockaddress(@F, %N) renumbering (blockaddr.c).  A blockaddress is
 * constant text wherever it stands (a global's initializer before or
 * after F, an operand, inside a constant expression, a callbr's
 * arguments) and names F's block N by its number in the input; fn_number
 * gives F's unnamed blocks new numbers.  A BaMap remembers, per
 * function, the blocks whose number changed, and rewrites a text's
 * blockaddresses with them. */
typedef struct BaMap BaMap;
BaMap *ba_new(void);
void ba_free(BaMap *m);
/* Number f (fn_number) and remember its blocks whose Blk.inum differs
 * from the new Blk.num. */
void ba_add(BaMap *m, Fn *f);
/* Does text s[0..n) hold a blockaddress naming a numbered block? */
int ba_mentions(const char *s, size_t n);
/* Write s[0..n) to out with every blockaddress(@F, %N) of a block
 * remembered in m naming its new number; all else, comments and strings
 * included, unchanged.  Returns 0, or -1 on a write error. */
int ba_write(BaMap *m, const char *s, size_t n, FILE *out);

#ifdef __cplusplus
}
#endif
#endif
