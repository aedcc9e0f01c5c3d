/* interp-int.h - private header of the reference interpreter: the
 * decoded form of an instruction (decode.c makes it, interp.c runs it).
 * interp.c's header comment says how the interpreter works. */
#ifndef M2R_INTERP_INT_H
#define M2R_INTERP_INT_H

#include "interp.h"

enum {
	K_UNSUP, K_BIN, K_ICMP, K_SELECT, K_CAST, K_FREEZE, K_INPUT, K_OBSERVE, K_NOP,
	K_ALLOCA, K_LOAD, K_STORE, K_PHI, K_BR, K_CBR, K_SWITCH, K_RET, K_UNREACH
};
enum { B_ADD, B_SUB, B_MUL, B_UDIV, B_SDIV, B_UREM, B_SREM, B_AND, B_OR, B_XOR, B_SHL, B_LSHR,
       B_ASHR };
enum { C_EQ, C_NE, C_UGT, C_UGE, C_ULT, C_ULE, C_SGT, C_SGE, C_SLT, C_SLE };
enum { X_ZEXT, X_SEXT, X_TRUNC };
enum { F_NUW = 1, F_NSW = 2, F_EXACT = 4 };
enum { MAXMEM = 1 << 22 };

/* An operand: a value id (>= 0), or a literal when val < 0. */
typedef struct {
	int val;
	uint8_t undef;
	uint64_t c;
} Opnd;

typedef struct {
	uint8_t kind, sub, flags;
	int w, wsrc;    /* result width, operand width (casts, icmp, store) */
	int nop, ow[3]; /* operands and the width each is read with */
	Opnd o[3];
	const char *why; /* K_UNSUP */
} Dec;

static inline uint64_t mask(int w) { return w >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << w) - 1); }

static inline int64_t sx(uint64_t v, int w)
{
	if (w >= 64)
		return (int64_t)v;
	uint64_t m = (uint64_t)1 << (w - 1);
	v &= mask(w);
	return (int64_t)((v ^ m) - m);
}

/* ---------- decode.c ---------- */

int type_width(Fn *f, int t);
void val_opnd(Fn *f, int v, Opnd *o);
void decode(Fn *f, const Ins *in, Dec *d);
void widths(Dec *d);

#endif
