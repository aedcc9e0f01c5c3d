/* bridge.h - the GIMPLE side of mem2reg: lowers a function, just before
 * GCC's "ssa" pass, into the core IR (core/m2r.h), and reads GCC's own
 * into-SSA result right after that pass.  It translates and records;
 * it neither reports nor compares (plugin/ does).
 *
 * The data here is plain C so that the comparison and the reports can be
 * written without GCC headers; the functions that take GCC objects are
 * declared only for C++ (the plugin and the bridge are C++).
 */
#ifndef BRIDGE_H
#define BRIDGE_H

#include "m2r.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What GCC says about a variable, read when lowering (after
 * execute_update_addresses_taken at -O1 and above). */
enum VarFlag {
	VF_PARM = 1 << 0,         /* PARM_DECL */
	VF_RESULT = 1 << 1,       /* RESULT_DECL */
	VF_ARTIFICIAL = 1 << 2,   /* DECL_ARTIFICIAL: gimplifier temporary */
	VF_ADDRESSABLE = 1 << 3,  /* TREE_ADDRESSABLE */
	VF_VOLATILE = 1 << 4,     /* TREE_THIS_VOLATILE */
	VF_HARDREG = 1 << 5,      /* DECL_HARD_REGISTER */
	VF_AGGREGATE = 1 << 6,    /* not a register type (struct, union, array) */
	VF_NOT_GIMPLE_REG = 1 << 7, /* DECL_NOT_GIMPLE_REG_P: partial defs */
	VF_IN_MEMORY = 1 << 8,    /* needs_to_live_in_memory for another
	                             reason (result returned in memory) */
	VF_GCC_REG = 1 << 9,      /* is_gimple_reg: GCC's renamer will take it */
	VF_COMPLEX = 1 << 10,     /* complex type */
	VF_VECTOR = 1 << 11,      /* vector type */
	VF_ASM_MEM = 1 << 12,     /* operand of an asm with a memory constraint */
	VF_ABNORMAL = 1 << 13,    /* the function has abnormal edges (setjmp,
	                             nonlocal goto, computed goto) */
	VF_UNBOUND = 1 << 14,     /* rewrite mode: an operand of it in GCC's
	                             operand cache has no load or store of
	                             the lowering's (a bug: the write-back
	                             leaves it to GCC, Bridge.unbound) */
};

/* In rewrite mode, who gives a variable its SSA names (enum Renamer),
 * and why GCC did when it did (BVar.fallback: an enum Reason of the
 * core, or an enum Fallback: "write-back", "eh-abnormal-def"): names,
 * descriptions and renamer_name / fallback_name are in core/names.h. */

/* One local variable: a VAR_DECL (not static, not external), PARM_DECL
 * or RESULT_DECL of the function, lowered to an alloca. */
typedef struct BVar {
	const char *name;   /* "x", "D.1234", "iftmp.0" (in the Fn arena) */
	int alloca;         /* the core alloca instruction */
	unsigned flags;     /* enum VarFlag */
	unsigned uid;       /* DECL_UID: GCC's order for the variables */
	uint64_t loc;       /* DECL_SOURCE_LOCATION (a location_t: 64 bits
	                       from GCC 15, 32 before), for
	                       remarks; its line and column are the alloca's
	                       position (fn_pos) */
	void *decl;         /* the tree, as an identity key only: it is not a
	                       GC root, "ssa" may remove it as unused and GCC
	                       collects right after, so after "ssa" it is
	                       compared, never dereferenced */

	/* Rewrite mode, filled by bridge_rewrite(): who renamed it.  (The
	 * small fields are bytes: 48 bytes a variable, not 64.) */
	uint8_t renamed;    /* enum Renamer */
	uint8_t fallback;   /* RN_GCC: the core's reason (enum Reason) not to
	                       promote it, R_NONE otherwise */

	/* GCC's result, filled by bridge_read_gcc() after "ssa". */
	uint8_t gcc_ssa;    /* GCC rewrote it into SSA names */
	int gcc_nphi;       /* blocks where GCC put a (non-virtual) phi */
	int *gcc_phiblk;    /* core block ids, ascending */
} BVar;

/* Where a core instruction came from: the statement, an index into
 * Bridge.stmts (a statement's instructions share its pointer; in each
 * site, it made them 16 bytes an instruction; read it with
 * bridge_site_stmt), and the slot.  The write-back renames through
 * GCC's operand caches and reads only the statement; the slot is for
 * bridge_read_gcc's comparison: for a load the gimple_op index of the
 * operand holding the variable, for a store 0 (the lhs), for the
 * operation itself -1, and for .MEM's load and store SLOT_VUSE and
 * SLOT_VDEF (lower.h). */
typedef struct BSite {
	int stmt;           /* Bridge.stmts index; -1: the bridge's own */
	int slot;
} BSite;

/* Rewrite mode: an SSA operand of a statement that the write-back
 * renames through GCC's operand cache, and the load or store the
 * lowering made for it.  A statement's come together, in the cache's
 * order: .MEM's use and definition, the uses, the definitions.  (A
 * clobber's store has none: ptr is NULL, and the write-back replaces
 * the statement; so has .MEM's operand missing from a cache, a bug
 * noted in Bridge.vop_unbound.)  LOWER_LEAN makes one per instruction
 * of a block but its terminator, in order: its sites (Bridge.site). */
typedef struct BOpnd {
	void *ptr;          /* a use (use_operand_p) for a load, a definition
	                       (def_operand_p) for a store */
	int ins;            /* the load or store */
	int stmt;           /* its statement, a Bridge.stmts index */
} BOpnd;

typedef struct Bridge {
	Fn *fn;             /* the lowered function; owns the memory below */
	VEC(BVar) var;      /* in DECL_UID order */
	int rewrite;        /* lowered for rewrite mode: every store into a
	                       variable stores a value of its own (an opaque
	                       "def"), the SSA name its statement will define,
	                       so that a load forwarded by the core names the
	                       store that reaches it (GCC's conventional SSA:
	                       one name per definition, no copy propagated) */
	int nbb;            /* last_basic_block_for_fn at lowering */
	int *blk_of_bb;     /* GCC bb index -> core block, -1 if none */
	int *bb_of_blk;     /* core block -> GCC bb index; -1 for the core's
	                       own entry block (allocas, parameter stores) */
	BSite *site;        /* core instruction id -> origin; NULL after
	                       LOWER_LEAN (BOpnd) */
	void **stmts;       /* the statements sites and operands name
	                       (gimple *), in the order their instructions
	                       were made */
	int *ins0;          /* core block b's lowered instructions are the
	                       ids ins0[b] .. ins0[b+1]-1, in statement order */
	BOpnd *opnd;        /* rewrite mode: the operands renamed through the
	                       caches, block by block in core block order; */
	int *opnd0;         /* core block b's are opnd0[b] .. opnd0[b+1]-1 */
	int unbound;        /* operands of a variable in GCC's caches the
	                       lowering made no access for (VF_UNBOUND) */
	int vop_unbound;    /* statements whose .MEM operand was not in the
	                       cache: GCC renames .MEM (a bug, noted) */
	void **dbind;       /* rewrite mode: the debug binds with a value
	                       from before "ssa" (gimple *), which the
	                       write-back resets if they name a variable it
	                       renames; */
	int ndbind;
	int nsite;
	int nstmt;          /* GIMPLE statements lowered */
	int vop;            /* rewrite mode: the alloca standing for GCC's
	                       virtual operand .MEM (not a BVar: never
	                       reported), or -1.  Each statement with a
	                       virtual use loads it and each with a virtual
	                       definition stores a value of its own into it,
	                       both before the statement's other
	                       instructions (GCC's operand order: .MEM
	                       first), so that the core places and names
	                       .MEM's phis like any variable's */
	int vop_renamed;    /* bridge_rewrite(): enum Renamer of .MEM */
	int vphis_built;    /* bridge_rewrite(): .MEM's phis (not counted in
	                       phis_built, which are the variables') */
	long long lower_ns; /* time spent lowering */
	int rewritten;      /* bridge_rewrite(): the lowering made a load or
	                       store for every operand in GCC's caches of
	                       the variables promoted (unbound is 0) */
	int phis_built;     /* bridge_rewrite(): the phis it put in GIMPLE */
	void **clob;        /* bridge_rewrite(): the nops that replaced
	                       clobbers of renamed variables (gimple *), */
	int *clobvar, nclob; /* and their variables: the variable is undefined
	                       again from there (GCC makes its default
	                       definition at that point) */
	Dom dom;            /* rewrite mode: the core's dominator tree of
	                       fn (PromoteOpts.dom), which bridge_rewrite
	                       walks in the order of GCC's renamer; n == 0
	                       when the core made none */
	int *domkid;        /* its child lists, made by the first walk
	                       (bridge_core_dom_walk), NULL before */
	const char *err;    /* notes on anything not fully understood: GIMPLE
	                       lowered conservatively, GCC phis that belong to
	                       no variable (its own temporaries around abnormal
	                       edges), sites that disagree; "" when none (never
	                       NULL): the buffer is made by the first note, as
	                       most functions have none and 256 bytes each were
	                       a twentieth of c-torture's IR */
} Bridge;

/* The statement lowered instruction i came from (a gimple *), NULL if
 * the instruction is the bridge's own. */
static inline void *bridge_site_stmt(const Bridge *b, int i)
{
	int s = -1;
	if (b->site) {
		s = b->site[i].stmt;
	} else { /* LOWER_LEAN: the block's i-th operand, if not its terminator */
		int k = b->fn->ins.v[i].blk, o = k > 0 ? b->opnd0[k] + (i - b->ins0[k]) : -1;
		if (k > 0 && i < b->ins0[k + 1] && o < b->opnd0[k + 1])
			s = b->opnd[o].stmt;
	}
	return s >= 0 ? b->stmts[s] : NULL;
}

/* LOWER_LEAN names no variable and gives none a position (fn_pos):
 * this does, for a report or a message, while the decls live (inside
 * the pass that lowered); a no-op for the other modes. */
void bridge_name_vars(Bridge *b);
const char *bridge_var_name(Bridge *b, int k); /* named first if need be */
void bridge_free(Bridge *b);
/* Append a note to b->err ("; " separated, truncated silently at
 * BRIDGE_NOTES bytes). */
enum { BRIDGE_NOTES = 256 };
void bridge_note(Bridge *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

#ifdef __cplusplus
}

struct function;

/* How bridge_lower lowers a function. */
enum LowerMode {
	LOWER_ANALYZE, /* every statement whole: its uses, the operation, its
	                  defs (analyze mode, dump=, explain=) */
	LOWER_REWRITE, /* the same for bridge_rewrite() (Bridge.rewrite);
	                  variables that are not GIMPLE registers pinned */
	LOWER_LEAN,    /* for bridge_rewrite(), only what the core reads,
	                  from the operand caches as GCC's renamer reads
	                  them: .MEM, a load per use and a store per
	                  definition of a GIMPLE register, the control flow;
	                  no operation, SSA name or constant: rewrite mode
	                  without dump= or explain= */
};

/* Lower fun (in CFG form, not yet in SSA) as mode (enum LowerMode).
 * Never fails hard: GIMPLE it does not understand becomes a generic
 * operation whose variable operands escape (reason "partial-access" or
 * "address-escaped").  Returns NULL only if the function has no body.
 * scan: what bridge_scan_operands counted, by which LOWER_LEAN sizes its
 * tables: required for it, unused (NULL) otherwise. */
typedef struct BScan {
	int nopstmt; /* statements with an operand in the cache or a vop
	                (Bridge.nstmt counts those lowered) */
	int nacc;    /* their operands: at least the loads and stores
	                LOWER_LEAN makes of them */
	int njoin;   /* blocks with more than one predecessor */
} BScan;
Bridge *bridge_lower(struct function *fun, int mode, const BScan *scan);
/* Scan the operands of every statement of fun (update_stmt), as GCC's
 * into-SSA does first, counting them into *scan. */
void bridge_scan_operands(struct function *fun, BScan *scan);
/* What lowering keeps for the whole compilation (the operation
 * templates): made at plugin start. */
void bridge_init(void);
/* GCC is about to collect (PLUGIN_GGC_START): what the lowering keeps
 * across functions by a tree's address is dropped. */
void bridge_gc_start(void);

/* Rewrite mode (raise.cc): write the core's SSA form (after m2r_promote
 * with st) back into fun, whose operand caches are on: every variable
 * the core promoted that is a GIMPLE register gets its phis and SSA
 * names here, in the order GCC's renamer creates them; the others are
 * left as they are for update_ssa (with a note in b->err when the
 * core promoted them: its result could not be written back).  Fills
 * BVar.renamed and fallback, and rewritten. */
void bridge_rewrite(Bridge *b, struct function *fun, const Stats *st);

/* GCC's immediate dominators (CDI_DOMINATORS, which must be computed)
 * of b's blocks, for PromoteOpts.idom: the core's CFG is GCC's, with its
 * entry block for ENTRY and without EXIT (raise.cc). */
const int *bridge_idoms(const Bridge *b, struct function *fun);

/* GCC's dominator walk in the order its into-SSA renamer walks (raise.cc):
 * fn(arg, bb) before each block's dominator children, over the core's
 * dominator tree of b (Bridge.dom, GCC's tree: without GCC's numbering
 * of the CFG) when the core made one, else by GCC's dom_walker. */
struct basic_block_def;
void bridge_dom_walk(Bridge *b, struct function *fun,
                     void (*fn)(void *, struct basic_block_def *), void *arg);
/* Each of the two ways alone (verify compares them); the core's returns
 * 0 when b has no tree (nothing walked). */
int bridge_core_dom_walk(Bridge *b, struct function *fun,
                         void (*fn)(void *, struct basic_block_def *), void *arg);
void bridge_gcc_dom_walk(struct function *fun, void (*fn)(void *, struct basic_block_def *), void *arg);

/* Right after GCC's "ssa" on the same function: fill BVar.gcc_ssa and
 * the phi blocks, mapping anonymous temporaries back to their DECL
 * through the statements recorded when lowering. */
void bridge_read_gcc(Bridge *b, struct function *fun);
#endif

#endif
