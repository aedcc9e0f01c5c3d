/* names.h - every name the statistics use, declared once.
 *
 * Each table is an X-macro: X(ID, "json-name", "text name", "description").
 * The enums of m2r.h (and bridge.h, report/report.h), the name functions
 * (names.c), both tools' records and their text and CSV headers, the
 * parsers of placement= / --placement=, the JSON Schema's enums and
 * doc/statistics.md (tools/m2r-names.c) all come from these tables: add
 * a name here and everything that lists names has it.  JSON names are
 * stable: records are read by scripts (doc/statistics.md).
 */
#ifndef M2R_NAMES_H
#define M2R_NAMES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The core's counters (Stats); names are LLVM's STATISTICs where LLVM
 * has one.  Here the second column is an identifier, the Stats field;
 * the JSON name (the record's key) is its spelling. */
#define M2R_COUNTERS(X) \
	X(C_ALLOCA, NumAlloca, "allocas", "allocas seen") \
	X(C_PROMOTED, NumPromoted, "promoted", "allocas promoted") \
	X(C_DEAD_ALLOCA, NumDeadAlloca, "dead allocas", "allocas without a load, deleted") \
	X(C_SINGLE_STORE, NumSingleStore, "single store", "allocas promoted by the single-store fast path") \
	X(C_LOCAL_PROMOTED, NumLocalPromoted, "single block", "allocas promoted by the single-block fast path") \
	X(C_PHI_INSERT, NumPHIInsert, "phis placed", "phis placed (before simplification)") \
	X(C_PHI_SIMPLIFIED, NumPHISimplified, "phis simplified", "phis removed by simplification") \
	X(C_LOADS_REMOVED, NumLoadsRemoved, "loads removed", "loads of promoted allocas removed") \
	X(C_STORES_REMOVED, NumStoresRemoved, "stores removed", "stores to promoted allocas removed") \
	X(C_ROUNDS, NumRounds, "rounds", "promotion rounds to the fixed point")

/* Why an alloca is not promoted (enum Reason); R_NONE: it is promotable. */
#define M2R_REASONS(X) \
	X(R_NONE, "none", "none", "promoted, or promotable") \
	X(R_ADDR_STORED, "address-stored", "address stored", "its address is stored") \
	X(R_ADDR_PASSED, "address-passed", "address passed", "its address is passed to a call") \
	X(R_ADDR_ESCAPED, "address-escaped", "address escaped", "another use of its address") \
	X(R_PARTIAL, "partial-access", "partial access", "accessed in part (gep, bitcast, a field)") \
	X(R_VOLATILE, "volatile", "volatile", "a volatile load or store") \
	X(R_TYPE_MISMATCH, "type-mismatch", "type mismatch", "accessed with another type than its own") \
	X(R_NON_ENTRY, "non-entry-alloca", "non-entry alloca", "the alloca is not in the entry block") \
	X(R_ARRAY, "array-alloca", "array alloca", "an alloca with an element count") \
	X(R_PINNED, "pinned", "pinned", "the front end says it must stay in memory")

/* How a variable was promoted (enum Path). */
#define M2R_PATHS(X) \
	X(P_NOT_PROMOTED, "not-promoted", "not promoted", "not promoted (see its reason)") \
	X(P_DEAD, "dead", "dead", "no loads: the alloca and its stores are deleted") \
	X(P_SINGLE_STORE, "single-store", "single store", "one store that dominates the loads it reaches") \
	X(P_SINGLE_BLOCK, "single-block", "single block", "every access in one block") \
	X(P_GENERAL, "general", "general", "phi placement (IDF) and renaming")

/* Phi placement (enum Placement); the order is the parsers' order. */
#define M2R_PLACEMENTS(X) \
	X(PL_PRUNED, "pruned", "pruned", "phis only where the variable is live (the default)") \
	X(PL_SEMIPRUNED, "semipruned", "semi-pruned", "phis for variables live across a block boundary") \
	X(PL_MINIMAL, "minimal", "minimal", "phis at every join of the iterated dominance frontier")

/* How pruned placement finds the live phis (enum PruneMethod). */
#define M2R_PRUNE_METHODS(X) \
	X(PM_AUTO, "auto", "auto", "alternate both under budgets (the default)") \
	X(PM_FRONTIER, "frontier", "frontier", "liveness by the dominance frontier") \
	X(PM_LIVE_JOINS, "live-joins", "live joins", "liveness at the joins only")

/* The SSA construction algorithm (enum Algorithm); doc/algorithms.md. */
#define M2R_ALGORITHMS(X) \
	X(ALG_LLVM, "llvm", "LLVM", "fast paths, iterated frontier pruned by liveness, one depth-first renaming walk (the default)") \
	X(ALG_CYTRON, "cytron", "Cytron", "frontier worklist over every block's dominance frontier, renaming by the dominator tree with a stack per variable") \
	X(ALG_BRAUN, "braun", "Braun", "on the fly: readVariable per block, sealed blocks, trivial and redundant phis removed")

/* The plugin's comparison with GCC's into-SSA, per variable (enum Why);
 * each is explained with an example in doc/comparison.md. */
#define M2R_WHYS(X) \
	X(W_AGREE, "agree", "agree", "both promote it with phis in the same blocks, or neither does") \
	X(W_STALE_ADDRESSABLE, "stale-addressable", "stale addressable", "TREE_ADDRESSABLE with no address left in the IL (-O0 keeps it)") \
	X(W_AGGREGATE, "aggregate", "aggregate", "struct, union or array copied whole: GCC never renames aggregates") \
	X(W_NOT_GIMPLE_REG, "not-gimple-reg", "not a GIMPLE register", "DECL_NOT_GIMPLE_REG_P") \
	X(W_IN_MEMORY, "in-memory", "in memory", "must live in memory (a result returned in memory)") \
	X(W_HARD_REGISTER, "hard-register", "hard register", "a register asm variable") \
	X(W_ABNORMAL, "abnormal-edges", "abnormal edges", "phi differences caused by setjmp, nonlocal or computed-goto edges") \
	X(W_SINGLE_STORE_CONSTANT, "single-store-constant", "single-store constant", "the core gave a constant stored on one path to every load (LLVM's rule); GCC merges it with the undefined value in a phi") \
	X(W_UNUSED_VOLATILE, "unused-volatile", "unused volatile", "a volatile variable with no access: the core deletes it as a dead alloca, GCC keeps every volatile in memory") \
	X(W_UNEXPLAINED, "unexplained", "unexplained", "a difference no rule explains: a bug to fix")

/* Rewrite mode: who gives a variable its SSA names (enum Renamer). */
#define M2R_RENAMERS(X) \
	X(RN_CORE, "core", "core", "promoted by the core, renamed by the bridge") \
	X(RN_GCC, "gcc", "gcc", "a GIMPLE register the core did not promote, renamed by GCC's update_ssa (a named fallback)") \
	X(RN_MEMORY, "memory", "memory", "not a GIMPLE register: stays in memory")

/* Rewrite mode: why GCC renamed a variable.  A fallback is an enum
 * Reason of the core, or one of these, numbered after the reasons. */
#define M2R_FALLBACKS(X) \
	X(FB_WRITE_BACK, "write-back", "write-back", "the core's result could not be written back (a bug; the note says why)") \
	X(FB_EDGE_DEF, "eh-abnormal-def", "EH/abnormal def", "a use would see a value defined by a call along its EH or abnormal edge (doc/rewrite.md)")

/* Helpers to expand a table into an enum, an array or struct fields. */
#define M2R_ENUM_(id, json, text, desc) id,
#define M2R_JSON_(id, json, text, desc) json,
#define M2R_TEXT_(id, json, text, desc) text,
#define M2R_DESC_(id, json, text, desc) desc,
#define M2R_CJSON_(id, field, text, desc) #field,
#define M2R_CFIELD_(id, field, text, desc) long field;

/* The enums.  enum Fallback continues enum Reason: a fallback is a
 * reason of the core or one of its own. */
enum Counter { M2R_COUNTERS(M2R_ENUM_) NCOUNTER };
enum Reason { M2R_REASONS(M2R_ENUM_) NREASON };
enum Path { M2R_PATHS(M2R_ENUM_) NPATH };
enum Placement { M2R_PLACEMENTS(M2R_ENUM_) NPLACEMENT };
enum PruneMethod { M2R_PRUNE_METHODS(M2R_ENUM_) NPRUNE_METHOD };
enum Algorithm { M2R_ALGORITHMS(M2R_ENUM_) NALGORITHM };
enum Why { M2R_WHYS(M2R_ENUM_) NWHY };
enum Renamer { M2R_RENAMERS(M2R_ENUM_) NRENAMER };
enum Fallback { FB_BEFORE_ = NREASON - 1, M2R_FALLBACKS(M2R_ENUM_) NFALLBACK };

/* One table's names, for loops that print them all (names.c). */
typedef struct NameTable {
	const char *what;        /* "counter", "reason", ... */
	const char *key;         /* the record key its names are keys or values of */
	int first, n;            /* its enum's values are first .. first+n-1 */
	const char *const *json;
	const char *const *text;
	const char *const *desc;
} NameTable;

enum { NT_COUNTER, NT_REASON, NT_PATH, NT_PLACEMENT, NT_PRUNE_METHOD, NT_ALGORITHM,
       NT_WHY, NT_RENAMER, NT_FALLBACK, NNAMETABLE };
extern const NameTable m2r_names[NNAMETABLE];

/* The JSON name of value v of table t; dies when v is out of range. */
const char *m2r_name(int t, int v);
/* The value of table t whose JSON name is s, or -1. */
int m2r_name_lookup(int t, const char *s);
/* "pruned, semipruned or minimal": table t's JSON names, for messages. */
const char *m2r_name_list(int t);
/* Table t's JSON names into buf, separated by sep ("pruned|semipruned|
 * minimal"); returns buf. */
const char *m2r_name_join(int t, const char *sep, char *buf, size_t n);

const char *counter_name(int c);
const char *reason_name(int r);
const char *path_name(int p);
const char *placement_name(int p);
const char *prune_method_name(int m);
const char *algorithm_name(int a);
const char *why_name(int w);
const char *renamer_name(int r);
const char *fallback_name(int r); /* a reason's name, or a fallback's own */
/* enum Placement of "pruned", "semipruned", "minimal"; -1 for anything else. */
int placement_parse(const char *s);

#ifdef __cplusplus
}
#endif

#endif
