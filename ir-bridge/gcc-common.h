/* gcc-common.h - the one place GCC's headers are included.
 *
 * Every C++ file of ir-bridge/ and plugin/ includes this header first and
 * no GCC header itself; below it, the code is the same for every
 * supported GCC.  (The Linux kernel's scripts/gcc-plugins/gcc-common.h
 * does the same for a dozen GCC versions.)
 *
 * Supported: GCC 11 and GCC 12 (GCCPLUGIN_VERSION_MAJOR, from GCC's
 * plugin-version.h).  Both are built and tested: make check (GCC 12, the
 * default) and make check GCC=gcc-11 (see README.md, "Supported GCC
 * versions").
 *
 * Porting to another GCC version N touches this file only:
 *   1. make GCC=gcc-N BUILD=build-gccN  (installs gcc-N-plugin-dev as root)
 *   2. a missing header: include it under #if GCCPLUGIN_VERSION_MAJOR in
 *      the list below (GCC moves declarations between headers);
 *      a renamed or changed function, macro or type: give the code its
 *      old name here, as an inline wrapper or macro under
 *      #if GCCPLUGIN_VERSION_MAJOR >= N, in the section "Where GCC
 *      versions differ" (never an #if in a .cc file);
 *   3. plugin/rewrite.cc does what GCC's pass_build_ssa::execute does
 *      (tree-into-ssa.cc), step by step, and ir-bridge/raise.cc names
 *      SSA versions in the order GCC's renamer does: compare both with
 *      the new GCC's tree-into-ssa.cc (between GCC 11 and 12 the
 *      headers of into-SSA and SSA names are the same, and rewrite
 *      mode's assembly equals GCC alone's with both);
 *   4. widen the version check below, then make check GCC=gcc-N
 *      BUILD=build-gccN: the plugin tests compare the assembly with and
 *      without the plugin in analyze mode, and rewrite mode's with GCC
 *      alone's, so a change in GCC's into-SSA or GIMPLE shows there.
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
 * new in GCC 11. */
#if GCCPLUGIN_VERSION_MAJOR < 11
#error "mem2reg needs GCC 11 or 12 (see ir-bridge/gcc-common.h for porting)"
#elif GCCPLUGIN_VERSION_MAJOR > 12
#warning "mem2reg is tested with GCC 11 and 12 only: see ir-bridge/gcc-common.h, then run make check"
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
 * GCC 11 and 12 differ in nothing the plugin uses, so nothing is needed
 * here yet.  Checked: the two plugin include trees, diffed, against every
 * GCC name the code uses, and both builds' tests (the plugin's passes,
 * into-SSA's steps in rewrite.cc: init_ssa_operands, update_ssa,
 * make_ssa_name's free list, release_ssa_name, dominators,
 * execute_update_addresses_taken, attr_fnspec, FOR_EACH_SSA_NAME).
 * Differences between 11 and 12 the code does not use, so that a change
 * which starts using one adds its wrapper here:
 *   - get_dominated_by() and friends return vec<> in GCC 11 (the caller
 *     must release it) and auto_vec<> in GCC 12;
 *   - GSI_NEW_STMT means "the single statement added" in GCC 11, "the
 *     first one added" in GCC 12 (GSI_LAST_NEW_STMT is new);
 *   - gimple_clobber_p(g, kind) and CLOBBER_EOL are new in GCC 12
 *     (gimple_clobber_p(g), which the code uses, is in both);
 *   - get_range_info() is gone in GCC 12 (ranges come from the ranger);
 *   - gimplify_build1/2/3 (tree-cfg.h) are gone in GCC 12.
 */

#endif
