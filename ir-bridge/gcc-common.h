/* gcc-common.h - the one place GCC's headers are included.
 *
 * Every C++ file of ir-bridge/ and plugin/ includes this header first and
 * no GCC header itself; below it, the code is the same for every
 * supported GCC.  (The Linux kernel's scripts/gcc-plugins/gcc-common.h
 * does the same for a dozen GCC versions.)
 *
 * Supported: GCC 11 to 16 (GCCPLUGIN_VERSION_MAJOR, from GCC's
 * plugin-version.h); any other version is refused below.  GCC 12 is the
 * default of this Debian 12 machine; make check-gcc V=N (mk/versions.mk)
 * tests version N in a Debian root of its own; README.md, "Supported GCC
 * versions and targets", has the matrix.  GCC's development trunk (17)
 * builds with M2R_ALLOW_UNRELEASED_GCC defined (make check-gcc
 * V=snapshot does so), so that a break shows before a release.
 *
 * Porting to another GCC version N touches this file only:
 *   1. make GCC=gcc-N BUILD=build-gccN UNRELEASED_GCC=1 (defines the macro below)
 *   2. a missing header: include it under #if GCCPLUGIN_VERSION_MAJOR in
 *      the list below (GCC moves declarations between headers);
 *      a renamed or changed function, macro or type: give the code its
 *      old name here, as an inline wrapper or macro under
 *      #if GCCPLUGIN_VERSION_MAJOR >= N, in the section "Where GCC
 *      versions differ" (never an #if in a .cc file);
 *   3. plugin/rewrite.cc does what GCC's pass_build_ssa::execute does
 *      (tree-into-ssa.cc), step by step, and ir-bridge/raise.cc names
 *      SSA versions in the order GCC's renamer does: compare both with
 *      the new GCC's tree-into-ssa.cc;
 *   4. widen the version check below, then make check-gcc V=N: the
 *      plugin tests compare the assembly with and without the plugin in
 *      analyze mode, and rewrite mode's with GCC alone's, so a change in
 *      GCC's into-SSA or GIMPLE shows there.
 *
 * Order: gcc-plugin.h before any other header, the C library's included
 * (its config.h sets feature macros, its system.h includes the C
 * library and poisons some names), then each GCC header after those it
 * needs (they include almost nothing themselves); the project's headers
 * come after this one.
 */
#ifndef M2R_GCC_COMMON_H
#define M2R_GCC_COMMON_H

#include "gcc-plugin.h"
#include "plugin-version.h"

/* plugin-version.h defines a static gcc_version, the GCC the plugin is
 * built for, in every file: plugin.cc checks it against the GCC that
 * loads the plugin; elsewhere this keeps it from being "unused". */
static inline const struct plugin_gcc_version *m2r_built_for(void)
{
	return &gcc_version;
}

/* GCC 11 is the oldest: DECL_NOT_GIMPLE_REG_P and attr-fnspec.h (the
 * read-only parameters rewrite mode marks as GCC's into-SSA does) are
 * new in GCC 11.  16 is the newest release tested. */
#if GCCPLUGIN_VERSION_MAJOR < 11 || \
    (GCCPLUGIN_VERSION_MAJOR > 16 && !defined M2R_ALLOW_UNRELEASED_GCC)
#error "mem2reg supports GCC 11 to 16: this GCC's plugin headers are another version (see ir-bridge/gcc-common.h to port it)"
#endif

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "pass_manager.h"
#include "function.h"
#include "basic-block.h"
#include "cfg.h"
#include "tree-ssa-alias.h"
#include "gimple-expr.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-walk.h"
#include "stringpool.h"
#include "ssa.h"
#include "stmt.h"
#include "internal-fn.h"
#include "wide-int-print.h"
#include "tree-ssa.h"
#include "tree-into-ssa.h"
#include "tree-ssa-operands.h"
#include "tree-cfg.h"
#include "tree-dfa.h"
#include "dominance.h"
#include "domwalk.h"
#include "attribs.h"
#include "attr-fnspec.h"
#include "diagnostic-core.h"
#include "statistics.h"
#include "options.h"

/* ---------- Where GCC versions differ ----------
 *
 * Each shim gives the code the name it uses, from the version that
 * changed it on.  Checked for each version: its plugin include tree
 * against every GCC name the code uses, and make check-gcc V=N (the
 * plugin's passes, into-SSA's steps in rewrite.cc: init_ssa_operands,
 * update_ssa, make_ssa_name's free list, release_ssa_name, dominators,
 * execute_update_addresses_taken, attr_fnspec, FOR_EACH_SSA_NAME).
 */

/* GCC 14: last_stmt() is gone; last_nondebug_stmt() is the same
 * function (the last statement of the block that is not a debug bind),
 * under a name that says so. */
#if GCCPLUGIN_VERSION_MAJOR >= 14
static inline gimple *last_stmt(basic_block bb)
{
	return last_nondebug_stmt(bb);
}
#endif

/* GCC 16: parse_output_constraint() and parse_input_constraint() take a
 * last argument, the hard registers that constraints of the asm name
 * ({reg} constraints, new in 16); the bridge reads only whether an
 * operand is in memory or a register, which a null one leaves as it
 * was. */
#if GCCPLUGIN_VERSION_MAJOR >= 16
static inline bool parse_output_constraint(const char **c, int i, int ni, int no,
					   bool *mem, bool *reg, bool *inout)
{
	return ::parse_output_constraint(c, i, ni, no, mem, reg, inout, nullptr);
}
static inline bool parse_input_constraint(const char **c, int i, int ni, int no, int ninout,
					  const char *const *oc, bool *mem, bool *reg)
{
	return ::parse_input_constraint(c, i, ni, no, ninout, oc, mem, reg, nullptr);
}
#endif

/* Differences the code does not use, so that a change which starts
 * using one adds its shim here:
 *   - get_dominated_by() and friends return vec<> in GCC 11 (the caller
 *     must release it) and auto_vec<> from GCC 12;
 *   - GSI_NEW_STMT means "the single statement added" in GCC 11, "the
 *     first one added" from GCC 12 (GSI_LAST_NEW_STMT is new);
 *   - gimple_clobber_p(g, kind) and CLOBBER_EOL are new in GCC 12
 *     (gimple_clobber_p(g), which the code uses, is in all);
 *   - get_range_info() is gone in GCC 12 (ranges come from the ranger);
 *   - gimplify_build1/2/3 (tree-cfg.h) are gone in GCC 12.
 */

#endif
