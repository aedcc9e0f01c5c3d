# rewrite.mk - rewrite mode on programs that run (doc/rewrite.md).
#
#   make torture-rewrite   every program of gcc.c-torture/execute (gcc),
#                          gfortran.fortran-torture/execute (gfortran) and
#                          the "dg-do run" tests of g++.dg/torture (g++),
#                          built with GCC alone and in rewrite mode
#                          (-fchecking=1, verify) at each level and
#                          placement, run, and compared: same exit status
#                          and output, no diagnostic GCC alone does not
#                          give, -fcompare-debug clean at -O2 -g, and the
#                          number of byte-identical assembly files
#   make csmith-rewrite N=1000   the same on N csmith programs (the ones
#                          make csmith generates, build/csmith/src/)
#   make zlib-rewrite      real programs: zlib, GCC's libiberty built both
#   make libiberty-rewrite   ways, their own tests run and compared (below)
#
# Variables: REWRITE_LEVELS ("-O0;-O1;-O2;-O3;-Os;-O0 -g;-O2 -g"),
# REWRITE_PLACEMENTS ("pruned;semipruned;minimal"), REWRITE_ALGORITHMS
# ("llvm"; any of "llvm cytron braun": the plugin's algorithm=, each
# with each placement, braun with pruned only, in one run against one
# build by GCC alone; the results name llvm's "pruned", the others'
# "cytron-pruned", "braun-pruned"), REWRITE_SUITES (the
# suites of torture-rewrite: "c fortran c++"), REWRITE_OUT (where the
# results go: build/torture-rewrite, so that runs with other levels or
# placements can be kept apart), TORTURE_JOBS, TORTURE_FILTER, RESUME, N,
# SEED (as in torture.mk), CSMITH_REWRITE_OUT (build/csmith-rewrite: give
# each range of seeds its own, so that RESUME=1 can go on with it).
# Results: REWRITE_OUT/SUITE/ and CSMITH_REWRITE_OUT (results, records/,
# fail/, table.md).  The
# sample in make check: testsuite/mem2reg.rewrite/torture.exp.

.PHONY: torture-rewrite csmith-rewrite torture-rewrite-src

REWRITE_LEVELS     ?= -O0;-O1;-O2;-O3;-Os;-O0 -g;-O2 -g
REWRITE_PLACEMENTS ?= pruned;semipruned;minimal
REWRITE_ALGORITHMS ?= llvm
REWRITE_SUITES     ?= c fortran c++
REWRITE_SRC        := $(B)/torture-rewrite-src
REWRITE_OUT        ?= $(B)/torture-rewrite
CSMITH_REWRITE_OUT ?= $(B)/csmith-rewrite

# What the drivers get as their placements: REWRITE_ALGORITHMS x
# REWRITE_PLACEMENTS (tools/torture-lib.sh, variant_algorithm).
rewrite-variants = $(subst $(eval) ,;,$(strip $(foreach a,$(REWRITE_ALGORITHMS),\
	$(foreach p,$(subst ;, ,$(REWRITE_PLACEMENTS)),\
	$(if $(filter llvm,$(a)),$(p),$(if $(filter braun,$(a)),$(addprefix braun-,$(filter pruned,$(p))),$(a)-$(p)))))))
rewrite-variants-ok = $(if $(filter-out llvm cytron braun,$(REWRITE_ALGORITHMS)),\
	$(error REWRITE_ALGORITHMS="$(REWRITE_ALGORITHMS)": each of llvm, cytron, braun),\
	$(if $(rewrite-variants),,$(error REWRITE_ALGORITHMS=braun needs pruned in REWRITE_PLACEMENTS)))
REWRITE_VARIANTS = $(strip $(rewrite-variants-ok))$(rewrite-variants)

torture-rewrite-src:
	@$(call unpack-gcc-tests,$(REWRITE_SRC),gfortran.fortran-torture g++.dg/torture)

# One suite: $(call rewrite-suite,NAME,COMPILER,ROOT,LIST-COMMAND[,CFLAGS])
rewrite-suite = out=$(abspath $(REWRITE_OUT))/$(1); mkdir -p $$out; \
	(cd $(3) && $(4)) | LC_ALL=C sort | grep -E '$(or $(TORTURE_FILTER),.)' > $$out/files; \
	echo "== $(1) ($(2)): $$(wc -l < $$out/files) programs"; \
	CC=$(2) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) $(TORTURE_ENV) EXTRA_CFLAGS='$(5)' \
		bash tools/rewrite-torture.sh run $$out $(3) $$out/files \
		'$(REWRITE_LEVELS)' '$(REWRITE_VARIANTS)' || rc=1

torture-rewrite: all torture-src torture-rewrite-src
	@rc=0; \
	for s in $(REWRITE_SUITES); do \
		case $$s in \
		c) $(call rewrite-suite,c,$(CC),$(TORTURE_ROOT),find execute -name '*.c',$(TORTURE_C_FLAGS)) ;; \
		fortran) $(call rewrite-suite,fortran,$(FC),$(REWRITE_SRC),find gfortran.fortran-torture/execute -name '*.[fF]' -o -name '*.[fF]90') ;; \
		c++) $(call rewrite-suite,c++,$(CXX),$(REWRITE_SRC),grep -l 'dg-do run' g++.dg/torture/*.C) ;; \
		*) echo "unknown suite $$s (c, fortran, c++)" >&2; rc=1 ;; \
		esac; \
	done; exit $$rc

# The programs of make csmith (generated there, kept in build/csmith/src).
csmith-rewrite: all csmith-src
	@inc=$$(dirname $$(ls /usr/include/csmith*/csmith.h /usr/local/include/csmith*/csmith.h 2>/dev/null | head -1)); \
	seq $(SEED) $$(($(SEED) + $(N) - 1)) | sed 's/^/s/; s/$$/.c/' \
		| while read f; do [ -s $(B)/csmith/src/$$f ] && echo $$f; done > $(B)/csmith/files-rewrite; \
	CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) $(TORTURE_ENV) EXTRA_CFLAGS="-I$$inc" \
		bash tools/rewrite-torture.sh run $(CSMITH_REWRITE_OUT) $(B)/csmith/src $(B)/csmith/files-rewrite \
		'$(REWRITE_LEVELS)' '$(REWRITE_VARIANTS)'

# placement-study: gcc.c-torture (compile and execute; every
# STUDY_EVERY-th file) at STUDY_LEVELS, compiled by GCC alone and in
# rewrite mode with each placement (REWRITE_ALGORITHMS x
# REWRITE_PLACEMENTS, as torture-rewrite): phis built and left after GCC's
# optimisers, identical assembly, code size, compile time, cc1
# instructions (callgrind, every STUDY_INSTR_EVERY-th file; 0: none) and
# debug-info coverage (llvm-dwarfdump --statistics, at levels with -g).
# Results: STUDY_OUT (build/placement-study/: results, table.md).
STUDY_LEVELS      ?= -O0;-O2;-O2 -g
STUDY_EVERY       ?= 1
STUDY_INSTR_EVERY ?= 50
STUDY_OUT         ?= $(B)/placement-study
.PHONY: placement-study
placement-study: all torture-src
	@mkdir -p $(STUDY_OUT)
	@cd $(TORTURE_ROOT) && find compile execute -name '*.c' | LC_ALL=C sort \
		| awk -v k=$(STUDY_EVERY) '(NR - 1) % k == 0' | grep -E '$(or $(TORTURE_FILTER),.)' \
		> $(abspath $(STUDY_OUT))/files
	@if ! command -v llvm-dwarfdump >/dev/null && ! command -v llvm-dwarfdump-14 >/dev/null; then \
		if [ "$$(id -u)" = 0 ]; then $(call apt-run,llvm-14); \
		else echo "note: no llvm-dwarfdump (llvm-14): no debug-info coverage" >&2; fi; \
	fi
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) INSTR_EVERY=$(STUDY_INSTR_EVERY) \
		PLACEMENTS='$(REWRITE_VARIANTS)' \
		bash tools/placement-study.sh run $(STUDY_OUT) $(TORTURE_ROOT) \
		$(STUDY_OUT)/files '$(STUDY_LEVELS)'

# zlib-rewrite, libiberty-rewrite: real programs.  zlib (make zlib-src,
# mk/distributed.mk) and GCC's libiberty (make libiberty-src) built by
# GCC alone and in rewrite mode at each of REWRITE_LEVELS and
# REWRITE_PLACEMENTS; their own tests run on both builds and compared,
# the records and (pruned) the objects checked (tools/program-rewrite.sh).
# Results: build/PROGRAM-rewrite/.  make check runs zlib at -O0, -O2 and
# -O2 -g and libiberty at -O2 (testsuite/mem2reg.rewrite/programs.exp)
# when the sources can be had (gcc-src-maybe, mk/torture.mk).
.PHONY: zlib-rewrite libiberty-rewrite libiberty-src
zlib-rewrite: all zlib-src
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) bash tools/program-rewrite.sh \
		zlib $(B)/zlib-rewrite $(ZLIB_DIR) '$(REWRITE_LEVELS)' '$(REWRITE_VARIANTS)'
libiberty-rewrite: all libiberty-src
	@CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) bash tools/program-rewrite.sh \
		libiberty $(B)/libiberty-rewrite $(LIBIBERTY_DIR) '$(REWRITE_LEVELS)' '$(REWRITE_VARIANTS)'

# libiberty-src: libiberty/ and include/ of the GCC source tarball, with
# the scripts its configure wants from the top directory.
LIBIBERTY_DIR   := $(B)/libiberty-src
LIBIBERTY_STAMP := $(LIBIBERTY_DIR)/.unpacked
libiberty-src: $(LIBIBERTY_STAMP)
$(LIBIBERTY_STAMP): | need-gcc-source
	@$(gcc-tarball); \
	echo "unpacking $$top/libiberty and $$top/include from $$tar"; \
	rm -rf $(LIBIBERTY_DIR) && mkdir -p $(LIBIBERTY_DIR) && \
	tar -xJf $$tar -C $(LIBIBERTY_DIR) --strip-components=1 "$$top/libiberty" "$$top/include" \
		"$$top/install-sh" "$$top/config.sub" "$$top/config.guess" && \
	touch $@
