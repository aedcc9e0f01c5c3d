# torture.mk - the plugin on code nobody wrote for it (doc/torture.md).
#
#   make torture          every file of GCC's gcc.c-torture (compile and
#                         execute, from Debian's gcc-12-source) through the
#                         plugin at -O0, -O2 and -O2 -g: no crash, no
#                         unexplained difference, assembly unchanged
#   make csmith N=1000    the same on N random programs of csmith (seeds
#                         SEED..SEED+N-1, SEED=1 by default)
#   make torture-dg       the same on GCC's gcc.dg, g++.dg and gfortran.dg
#                         (with gcc, g++, gfortran; at -O0 and -O2)
#
# Variables: TORTURE_SUITES ("c"; also fortran, c++: the Fortran and C++
# torture tests, into build/torture-fortran/, build/torture-c++/),
# TORTURE_LEVELS ("-O0;-O2;-O2 -g"), TORTURE_DG_LEVELS
# ("-O0;-O2", for torture-dg), TORTURE_JOBS (2),
# TORTURE_FILTER (a grep -E regexp to run only some files), RESUME (1: go
# on with an interrupted run, same files, same copy of the plugin).
# Results: build/torture/, build/csmith/, build/torture-dg/DIR/ (LEVEL.jsonl, results, fail/,
# table.md).  The fixed sample in make check: testsuite/mem2reg.torture/.

.PHONY: torture csmith csmith-src need-gcc-source need-csmith torture-src torture-dg torture-dg-src

TORTURE_LEVELS ?= -O0;-O2;-O2 -g
TORTURE_JOBS   ?= 2
TORTURE_FILTER ?=
# The sources of GCC 12's testsuite, whatever GCC=: the samples of make
# check (mem2reg.torture/sample.txt, mem2reg.rewrite/torture-sample.txt)
# list its files, and GCC 11 compiles them as well (the few it rejects
# are skipped as for GCC 12).
TORTURE_GCC_MAJOR := 12
TORTURE_GCC_SRC = $(firstword $(filter-out %/gm2-%,$(wildcard /usr/src/gcc-$(TORTURE_GCC_MAJOR)/gcc-*.tar.xz)))
TORTURE_DIR    := $(B)/torture-src
TORTURE_ROOT   := $(TORTURE_DIR)/gcc.c-torture
TORTURE_STAMP  := $(TORTURE_DIR)/.unpacked
TORTURE_DG_LEVELS ?= -O0;-O2
TORTURE_DG_DIR := $(B)/torture-dg-src
N    ?= 100
SEED ?= 1
RESUME ?= 0
TORTURE_ENV = RESUME=$(RESUME) TARGET_RUN='$(TARGET_RUN)' PLUGIN_ID="$${M2R_PLUGIN_ID:-$$(git describe --always --dirty 2>/dev/null || echo unknown)}"
CSMITH_INC = $(firstword $(wildcard /usr/include/csmith*/csmith.h /usr/local/include/csmith*/csmith.h))

# need-gcc-source: Debian's gcc-12-source (installs it when running as root).
need-gcc-source:
	@if [ -z "$(TORTURE_GCC_SRC)" ]; then \
		$(call apt-install,GCC's sources (/usr/src/gcc-$(TORTURE_GCC_MAJOR)/gcc-*.tar.xz),gcc-$(TORTURE_GCC_MAJOR)-source); \
	fi

# gcc-tarball: sets tar (Debian's GCC source tarball, not gm2-*.tar.xz)
# and top (its top directory).
gcc-tarball = tar=$$(ls /usr/src/gcc-$(TORTURE_GCC_MAJOR)/gcc-*.tar.xz | grep -v /gm2- | head -1); \
		top=$$(basename $$tar .tar.xz | sed 's/-dfsg$$//')

# $(call unpack-gcc-tests,DIR,PATHS): only gcc/testsuite/PATHS of the
# tarball, into DIR, once (DIR/.unpacked).
# The stamp holds PATHS: a list that grows unpacks again.
# (GCC's sources are needed only then: a tree whose tests are unpacked,
# as in a Debian root of mk/versions.mk, needs no gcc-12-source.)
unpack-gcc-tests = if [ "$$(cat $(1)/.unpacked 2>/dev/null)" != "$(strip $(2))" ]; then \
		$(MAKE) --no-print-directory need-gcc-source || exit 1; \
		$(gcc-tarball); \
		echo "unpacking $(2) from $$tar"; \
		rm -rf $(1) && mkdir -p $(1) && \
		tar -xJf $$tar -C $(1) --strip-components=3 \
			$(foreach p,$(2),"$$top/gcc/testsuite/$(p)") && \
		echo "$(strip $(2))" > $(1)/.unpacked || exit 1; \
	fi

torture-src:
	@$(call unpack-gcc-tests,$(TORTURE_DIR),gcc.c-torture/compile gcc.c-torture/execute)

# TORTURE_PLUGIN_ARGS: more plugin arguments for the plugin's compilation
# (e.g. -fplugin-arg-mem2reg-mode=rewrite, TORTURE_OUT=build/torture-rw).
# TORTURE_SUITES: c (gcc.c-torture, into TORTURE_OUT), fortran
# (gfortran.fortran-torture, with FC, into TORTURE_OUT-fortran), c++
# (g++.dg/torture, with CXX, into TORTURE_OUT-c++); default c.
TORTURE_OUT ?= $(B)/torture
TORTURE_SUITES ?= c
# One suite: $(call torture-suite,OUT,COMPILER,ROOT,LIST-COMMAND[,CFLAGS])
torture-suite = out=$(abspath $(1)); mkdir -p $$out; \
	(cd $(3) && $(4)) | LC_ALL=C sort | grep -E '$(or $(TORTURE_FILTER),.)' > $$out/files; \
	CC=$(2) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) $(TORTURE_ENV) EXTRA_CFLAGS='$(5)' \
		PLUGIN_ARGS='$(TORTURE_PLUGIN_ARGS)' \
		bash tools/torture.sh run $$out $(3) $$out/files '$(TORTURE_LEVELS)' || rc=1
torture: all torture-src $(if $(filter-out c,$(TORTURE_SUITES)),torture-rewrite-src)
	@rc=0; \
	for s in $(TORTURE_SUITES); do \
		case $$s in \
		c) $(call torture-suite,$(TORTURE_OUT),$(CC),$(TORTURE_ROOT),find compile execute -name '*.c',$(TORTURE_C_FLAGS)) ;; \
		fortran) $(call torture-suite,$(TORTURE_OUT)-fortran,$(FC),$(REWRITE_SRC),find gfortran.fortran-torture -name '*.[fF]' -o -name '*.[fF]90') ;; \
		c++) $(call torture-suite,$(TORTURE_OUT)-c++,$(CXX),$(REWRITE_SRC),find g++.dg/torture -name '*.C') ;; \
		*) echo "unknown suite $$s (c, fortran, c++)" >&2; rc=1 ;; \
		esac; \
	done; exit $$rc

# torture-dg: GCC's front-end test directories, beyond c-torture: every
# file of gcc.dg (with gcc), g++.dg (g++) and gfortran.dg (gfortran),
# without its dg-options, at TORTURE_DG_LEVELS; one run per directory in
# build/torture-dg/<dir>/.  TORTURE_FILTER applies; RESUME=1 goes on.
# Left out: Fortran programs that call compiler_options(), which puts the
# command line, -fplugin included, into the program (as DWARF would
# without -gno-record-gcc-switches): their assembly differs by design.
torture-dg: all torture-dg-src
	@rc=0; \
	for suite in 'gcc.dg $(CC) -name *.c' 'g++.dg $(CXX) -name *.C' \
		'gfortran.dg $(FC) -name *.[fF] -o -name *.[fF]90 -o -name *.[fF]95 -o -name *.[fF]03 -o -name *.[fF]08'; do \
		set -f; set -- $$suite; set +f; dir=$$1 cc=$$2; shift 2; \
		out=$(abspath $(B))/torture-dg/$$dir; \
		all=$$(cd $(TORTURE_DG_DIR) && set -f && find $$dir -type f \( "$$@" \) | LC_ALL=C sort \
			| grep -E '$(or $(TORTURE_FILTER),.)'); \
		[ -n "$$all" ] || continue; \
		mkdir -p $$out && echo "$$all" > $$out/all; \
		(cd $(TORTURE_DG_DIR) && tr '\n' '\0' < $$out/all | xargs -0 -r grep -Eil 'compiler_options *\(' ) \
			> $$out/excluded; \
		grep -vxF -f $$out/excluded $$out/all > $$out/files; \
		echo "== $$dir ($$cc)"; \
		[ -s $$out/excluded ] && echo "excluded (they print their own command line): $$(tr '\n' ' ' < $$out/excluded)"; \
		CC=$$cc PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) $(TORTURE_ENV) \
			bash tools/torture.sh run $$out $(TORTURE_DG_DIR) $$out/files '$(TORTURE_DG_LEVELS)' || rc=1; \
	done; exit $$rc

torture-dg-src:
	@$(call unpack-gcc-tests,$(TORTURE_DG_DIR),gcc.dg g++.dg gfortran.dg)

# need-csmith: Debian's csmith and its runtime headers (libcsmith-dev,
# csmith.h), installed when running as root.
need-csmith:
	@if ! command -v csmith >/dev/null 2>&1 || [ -z "$(CSMITH_INC)" ]; then \
		$(call apt-install,csmith or its headers (csmith.h),csmith libcsmith-dev); \
	fi

# N programs, seeds SEED..SEED+N-1 (reproducible: csmith -s SEED), made
# once and kept in build/csmith/src/ (two at a time; csmith runs there, as
# it writes a platform.info beside itself).
csmith-src: need-csmith
	@mkdir -p $(B)/csmith/src
	@echo "csmith: generating $(N) programs (seeds $(SEED)..$$(($(SEED) + $(N) - 1)))"; \
	seq $(SEED) $$(($(SEED) + $(N) - 1)) | xargs -P $(TORTURE_JOBS) -I{} sh -c \
		'cd $(abspath $(B))/csmith/src && f=s{}.c; [ -s $$f ] || timeout 60 csmith -s {} -o $$f >/dev/null 2>&1 || rm -f $$f'

csmith: all csmith-src
	@inc=$$(dirname $$(ls /usr/include/csmith*/csmith.h /usr/local/include/csmith*/csmith.h 2>/dev/null | head -1)); \
	seq $(SEED) $$(($(SEED) + $(N) - 1)) | sed 's/^/s/; s/$$/.c/' \
		| while read f; do [ -s $(B)/csmith/src/$$f ] && echo $$f; done > $(B)/csmith/files; \
	CC=$(CC) PLUGIN=$(abspath $(PLUGIN)) JOBS=$(TORTURE_JOBS) $(TORTURE_ENV) EXTRA_CFLAGS="-I$$inc" \
		bash tools/torture.sh run $(B)/csmith $(B)/csmith/src $(B)/csmith/files '$(TORTURE_LEVELS)'

# make check runs the fixed samples of testsuite/mem2reg.torture/ and
# mem2reg.rewrite/ and the real programs of rewrite mode (zlib,
# libiberty), which need GCC's sources unpacked (torture-src, zlib-src,
# libiberty-src): get them when possible (as root, installing
# gcc-12-source first); otherwise those sets are UNSUPPORTED, with a note.
.PHONY: gcc-src-maybe
check: gcc-src-maybe
gcc-src-maybe:
	@if [ -f $(TORTURE_STAMP) ] && [ -f $(ZLIB_STAMP) ] && [ -f $(LIBIBERTY_STAMP) ]; then :; \
	elif [ -n "$(TORTURE_GCC_SRC)" ] || [ "$$(id -u)" = 0 ]; then \
		$(MAKE) --no-print-directory torture-src zlib-src libiberty-src; \
	else \
		echo "note: no GCC sources, the torture samples and the real programs' tests will be skipped; run:" >&2; \
		echo "    sudo apt-get install gcc-$(TORTURE_GCC_MAJOR)-source" >&2; \
	fi
