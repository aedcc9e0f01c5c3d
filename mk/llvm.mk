# llvm.mk - LLVM 14 as the reference (doc/llvm-comparison.md).
#
#   make llvm-compare   every C file of GCC's gcc.c-torture (compile and
#                       execute, from Debian's gcc-12-source) through
#                       clang -O0 -Xclang -disable-O0-optnone -emit-llvm,
#                       then "opt -passes=mem2reg" and m2r-opt on the same
#                       .ll: allocas left and phis per block compared per
#                       function, our output at each placement (pruned,
#                       semipruned, minimal) verified by "opt -passes=verify"
#                       (tools/llvm-compare.sh).  Prints the summary; fails
#                       on any difference not explained in the doc and on
#                       any output opt rejects.
#   llvm-ctorture-src   unpack only gcc/testsuite/gcc.c-torture/ of the
#                       tarball into $(B)/ctorture/ (installs gcc-12-source
#                       when running as root, else prints the command)
#
# make check runs a fixed sample (testsuite/mem2reg.llvm/sample.list)
# through the same driver: testsuite/mem2reg.llvm/llvm.exp.
# Variables: LLVM_JOBS (default: the number of cores), LLVM_FILTER (a
# grep -E regexp to run only some files), LLVM_ALGORITHM (llvm, cytron
# or braun: m2r-opt's --algorithm, doc/algorithms.md; braun's output is
# made and verified at its own, pruned, placement only).  Results:
# $(B)/llvm-compare/ (results.txt; work/NAME/ kept for every file that
# differs), $(B)/llvm-compare-ALG/ for another algorithm.

.PHONY: llvm-compare llvm-ctorture-src llvm-check-prep

LLVM_CLANG  := $(shell command -v clang-14 2>/dev/null || command -v clang 2>/dev/null)
LLVM_JOBS   ?= $(shell nproc 2>/dev/null || echo 2)
LLVM_FILTER ?=
LLVM_ALGORITHM ?= llvm
LLVM_OUT := $(B)/llvm-compare$(if $(filter-out llvm,$(LLVM_ALGORITHM)),-$(LLVM_ALGORITHM))
LLVM_GCC_MAJOR := 12
LLVM_SRC_DIR   := $(B)/ctorture
LLVM_CTORTURE  := $(LLVM_SRC_DIR)/gcc.c-torture
LLVM_SRC_STAMP := $(LLVM_SRC_DIR)/.unpacked

# The tarball is gcc-12.2.0-dfsg.tar.xz (gm2-*.tar.xz is another one);
# its top directory is gcc-12.2.0.
llvm-ctorture-src:
	@if [ ! -f $(LLVM_SRC_STAMP) ]; then \
		tar=$$(ls /usr/src/gcc-$(LLVM_GCC_MAJOR)/gcc-*.tar.xz 2>/dev/null | grep -v /gm2- | head -n 1); \
		if [ -z "$$tar" ]; then \
			$(call apt-install,GCC's sources (/usr/src/gcc-$(LLVM_GCC_MAJOR)/gcc-*.tar.xz),gcc-$(LLVM_GCC_MAJOR)-source); \
			tar=$$(ls /usr/src/gcc-$(LLVM_GCC_MAJOR)/gcc-*.tar.xz | grep -v /gm2- | head -n 1); \
		fi; \
		echo "unpacking gcc/testsuite/gcc.c-torture/ of $$tar into $(LLVM_SRC_DIR)"; \
		rm -rf $(LLVM_SRC_DIR) && mkdir -p $(LLVM_SRC_DIR) && \
		tar -xJf "$$tar" -C $(LLVM_SRC_DIR) --strip-components=3 \
			--wildcards '*/gcc/testsuite/gcc.c-torture/*' && \
		[ -d $(LLVM_CTORTURE)/compile ] && [ -d $(LLVM_CTORTURE)/execute ] && \
		touch $(LLVM_SRC_STAMP) || { echo "error: unpacking $$tar failed" >&2; exit 1; }; \
	fi

llvm-compare: $(M2R_OPT) llvm-ctorture-src
	@if [ -z "$(LLVM_CLANG)" ] || [ -z "$(LLVM_OPT)" ]; then \
		echo "error: clang and opt (LLVM 14) are needed: apt-get install clang-14 llvm-14" >&2; exit 1; \
	fi
	@mkdir -p $(LLVM_OUT)
	@cd $(LLVM_CTORTURE) && find compile execute -name '*.c' | LC_ALL=C sort \
		| grep -E '$(or $(LLVM_FILTER),.)' > $(abspath $(LLVM_OUT))/files.list
	CLANG=$(LLVM_CLANG) OPT=$(LLVM_OPT) M2R_OPT=$(abspath $(M2R_OPT)) M2R_ALGORITHM=$(LLVM_ALGORITHM) \
		bash tools/llvm-compare.sh -j $(LLVM_JOBS) -o $(LLVM_OUT) \
		-C $(LLVM_CTORTURE) -l $(LLVM_OUT)/files.list

# Before make check: the sources of the sample, when clang and opt exist.
# Without them (or without the package and root) llvm.exp reports the
# sample as UNSUPPORTED and says why.
llvm-check-prep:
	@if [ -n "$(LLVM_CLANG)" ] && [ -n "$(LLVM_OPT)" ]; then \
		$(MAKE) --no-print-directory llvm-ctorture-src || \
		echo "warning: no gcc.c-torture sources: the LLVM comparison sample will be UNSUPPORTED" >&2; \
	fi

check: llvm-check-prep
