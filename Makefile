# Makefile - mem2reg for GCC (GNU make).
#
#   make              build the core library, m2r-opt, m2r-gen and the GCC
#                     plugin build/mem2reg.so (= make all)
#   make check        build everything and run the DejaGnu testsuite
#   make check-plugin the tests that load the plugin only (for GCC=gcc-11)
#   make demo         compile examples/*.c with the plugin, and run
#                     m2r-opt --stats on every examples/*.ll
#   make install      copy build/mem2reg.so into GCC's plugin directory
#                     (then -fplugin=mem2reg works by short name), and
#                     write the wrapper m2r-gcc into BINDIR (/usr/local/bin)
#   make report-demo  build zlib (from gcc-12-source) with the plugin, print
#                     the report of its records (mk/distributed.mk)
#   make check-distributed  as root: zlib through distcc and icecc on
#                     loopback daemons, records equal to a local build's
#   make bench-core   benchmark the promotion core on generated IR
#   make clean        remove build/
#   make config       print what make made of GCC (its version, target,
#                     the compilers of the tests), a KEY=VALUE a line
#
# Everything built goes under build/.  Useful variables:
#   CC, CFLAGS, LDFLAGS     the usual
#   SANITIZE=1              build with AddressSanitizer + UBSan
#   RUNTESTFLAGS=...        extra runtest arguments, e.g. RUNTESTFLAGS=ir.exp=foo.ll
#   QUICK=1                 make check-plugin in the size CI gives each
#                           further GCC and target (.ci/run): the plugin
#                           tests but zlib, libiberty, the report and
#                           explain, the torture samples every
#                           SAMPLE_EVERY'th file
#   SAMPLE_EVERY=N          the torture samples (testsuite/mem2reg.torture,
#                           mem2reg.rewrite) keep every Nth file (default
#                           1; 8 with QUICK=1)
#   LLVM_OPT=path           LLVM's opt for "opt verify" tests (empty: skip them)
#   BUILD=dir               build somewhere else than build/ (for experiments,
#                           or to keep a second GCC's build: BUILD=build-gcc11)
#   GCC=gcc-11              the GCC the plugin is built for and tested with
#                           (default: CC if it names a gcc, else gcc); CC,
#                           CXX and FC follow it (gcc-11, g++-11,
#                           gfortran-11) unless given.  Supported: GCC 11
#                           to 16 (ir-bridge/gcc-common.h)
#   UNRELEASED_GCC=1        build for a GCC newer than 16 (its development
#                           trunk: make check-gcc V=snapshot), which is
#                           otherwise refused
#   CXX                     C++ compiler for the plugin (same GCC as GCC)
#   FC                      Fortran compiler of the tests (same GCC; when it
#                           is missing, the Fortran tests are UNSUPPORTED)
#   BRIDGE_SRCS=...         ir-bridge sources of the plugin (default ir-bridge/*.cc)
#   PLUGIN_EXTRA_SRCS=...   more plugin sources, .cc or .c, any path (stubs)
#   PLUGIN_TEXT_SRCS=...    the textual IR's part of the plugin (default
#                           text/print.c: its IR dump; never the reader)

.DEFAULT_GOAL := all

# The GCC of the plugin: GCC if given, else CC if it names a gcc (make
# CC=gcc-11, as before GCC existed), else gcc.  The plugin loads into
# that GCC only; CC, CXX and FC are its own unless given (make's
# built-in defaults "cc", "g++" and "f77" are replaced).
ifeq ($(origin GCC),undefined)
GCC := $(if $(and $(filter-out default,$(origin CC)),$(findstring gcc,$(notdir $(CC)))),$(CC),gcc)
endif
# $(call gcc-tool,NAME): GCC's NAME (g++, gfortran): gcc-11 -> g++-11,
# /usr/bin/x86_64-linux-gnu-gcc-12 -> /usr/bin/x86_64-linux-gnu-g++-12.
gcc-tool = $(if $(findstring gcc,$(notdir $(GCC))),$(patsubst ./%,%,$(dir $(GCC)))$(subst gcc,$(1),$(notdir $(GCC))),$(1))
ifeq ($(origin CC),default)
CC := $(GCC)
endif
ifeq ($(origin CXX),default)
CXX := $(call gcc-tool,g++)
endif
ifeq ($(origin FC),default)
FC := $(call gcc-tool,gfortran)
endif
# GCC's version ("" when it is not installed yet: then the major comes
# from its name, gcc-11 -> 11, for the packages need-gcc installs).
GCC_VERSION    := $(shell command -v $(GCC) >/dev/null 2>&1 && $(GCC) -dumpfullversion)
GCC_MAJOR      := $(or $(firstword $(subst ., ,$(GCC_VERSION))),$(shell echo '$(notdir $(GCC))' | sed -n 's/.*-\([0-9][0-9]*\)$$/\1/p'))
# The old C of GCC 12's torture tests, as later GCCs read it: GCC 14
# makes implicit declarations and implicit int errors (-fpermissive
# makes them warnings again), GCC 15 defaults to C23, where f() means
# f(void) (-std=gnu17).  Both compilations of a C torture file, GCC
# alone's and the plugin's, get these, in the tests and the long runs.
TORTURE_C_FLAGS ?= $(if $(filter-out 11 12 13,$(GCC_MAJOR)),-fpermissive) $(if $(filter-out 11 12 13 14,$(GCC_MAJOR)),-std=gnu17)
# A cross compiler (GCC=aarch64-linux-gnu-gcc-12: its -dumpmachine is not
# this machine's): the plugin runs inside its cc1, on this machine, so
# the plugin is built by this machine's C++ compiler of the same major
# version (HOST_CXX: g++-12, else g++) against the cross compiler's
# plugin headers, and the tools (m2r-opt, m2r-report, ...) by its C
# compiler (HOST_CC); CC, CXX and FC stay the cross compilers the tests
# compile with, and TARGET_RUN runs their programs (qemu-user: qemu-ARCH
# -L /usr/TRIPLE).  Natively HOST_CC and HOST_CXX are CC and CXX and
# TARGET_RUN is empty.
HOST_TRIPLE := $(shell gcc -dumpmachine 2>/dev/null || cc -dumpmachine 2>/dev/null)
# (from the name when GCC is not installed yet: need-gcc installs it; a
# name with no triple, gcc-11, is a native compiler, whose target is the
# host's.  This value is compiled into the plugin's records as "target".)
GCC_TARGET  := $(or $(shell command -v $(GCC) >/dev/null 2>&1 && $(GCC) -dumpmachine),$(shell \
		echo '$(notdir $(GCC))' | sed -n 's/^\(.*-.*-.*\)-gcc\(-[0-9][0-9]*\)\{0,1\}$$/\1/p'),$(HOST_TRIPLE))
CROSS       := $(if $(and $(GCC_TARGET),$(HOST_TRIPLE),$(filter-out $(HOST_TRIPLE),$(GCC_TARGET))),1)
ifeq ($(CROSS),1)
host-tool = $(or $(shell command -v $(1)-$(GCC_MAJOR) 2>/dev/null),$(1))
ifeq ($(origin HOST_CC),undefined)
HOST_CC := $(call host-tool,gcc)
endif
ifeq ($(origin HOST_CXX),undefined)
HOST_CXX := $(call host-tool,g++)
endif
# qemu-user's name for the target's architecture
QEMU_ARCH := $(patsubst i%86,i386,$(patsubst powerpc64le,ppc64le,$(firstword $(subst -, ,$(GCC_TARGET)))))
TARGET_RUN ?= qemu-$(QEMU_ARCH) -L /usr/$(GCC_TARGET)
else
HOST_CC  ?= $(CC)
HOST_CXX ?= $(CXX)
TARGET_RUN ?=
endif
CFLAGS  ?= -O2 -g
LDFLAGS ?=
LDLIBS  ?= -lm

# The flags actually used: the fixed ones, then the user's CFLAGS, so that
# "make CFLAGS=-O0" still compiles as C11 with the warnings on.
M2R_CFLAGS  := -std=c11 -Wall -Wextra -Wshadow -Werror=implicit-function-declaration
M2R_LDFLAGS :=
ifeq ($(SANITIZE),1)
M2R_CFLAGS  += -fsanitize=address,undefined -fno-omit-frame-pointer
M2R_LDFLAGS += -fsanitize=address,undefined
endif
ALL_CFLAGS  = $(M2R_CFLAGS) $(CFLAGS)
ALL_LDFLAGS = $(M2R_LDFLAGS) $(LDFLAGS)

BUILD ?= build
B := $(BUILD)

# Sources (overridable, e.g. M2R_OPT_SRC=/tmp/stub.c to try the build).
#   core/     the IR and the algorithm            -> libm2r.a
#   text/     the textual IR: reader, printer     -> libm2rtext.a
#   testlib/  reference interpreter, phi oracle,  -> libm2rtest.a
#             the one random generator
#   report/   the report layer's plain C, shared  -> libm2rreport.a
#             by the plugin and m2r-opt
# mem2reg.so links core/, text/print.c (its IR dump) and report/, never
# the reader or the test library (testsuite/mem2reg.tools/nm.exp).
CORE_SRCS    ?= $(wildcard core/*.c)
TEXT_SRCS    ?= $(wildcard text/*.c)
TESTLIB_SRCS ?= $(wildcard testlib/*.c)
REPORT_C_SRCS  ?= $(wildcard report/*.c)
REPORT_CC_SRCS ?= $(wildcard report/*.cc)
M2R_OPT_SRC ?= tools/m2r-opt.c
M2R_GEN_SRC ?= bench/gen-ir.c
UNIT_SRCS   ?= $(wildcard testsuite/mem2reg.unit/*.c)

CORE_OBJS    := $(patsubst %.c,$(B)/obj/%.o,$(CORE_SRCS))
TEXT_OBJS    := $(patsubst %.c,$(B)/obj/%.o,$(TEXT_SRCS))
TESTLIB_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(TESTLIB_SRCS))
REPORT_OBJS  := $(patsubst %.c,$(B)/obj/%.o,$(REPORT_C_SRCS))
LIB       := $(B)/libm2r.a
TEXT_LIB  := $(B)/libm2rtext.a
TEST_LIB  := $(B)/libm2rtest.a
REPORT_LIB := $(B)/libm2rreport.a
# Include path of everything built from the tree's C.
INC       := -Icore -Itext -Itestlib -Ireport
M2R_OPT   := $(B)/m2r-opt
M2R_GEN   := $(B)/m2r-gen
M2R_NAMES := $(B)/m2r-names
M2R_REPORT := $(B)/m2r-report
UNIT_BINS := $(patsubst testsuite/mem2reg.unit/%.c,$(B)/unit/%,$(UNIT_SRCS))

# The GCC plugin: plugin/*.cc, ir-bridge/*.cc, report/*.cc (C++ on GCC's
# headers) and plugin/*.c, report/*.c, the core and the printer (C)
# compiled again with -fPIC into $(B)/pic/.
# Recursive: re-read after need-plugin-dev has installed the headers.
GCC_PLUGIN_DIR  = $(shell $(GCC) -print-file-name=plugin 2>/dev/null)
PLUGIN_CC_SRCS ?= $(wildcard plugin/*.cc)
PLUGIN_C_SRCS  ?= $(wildcard plugin/*.c)
BRIDGE_SRCS    ?= $(wildcard ir-bridge/*.cc)
PLUGIN_EXTRA_SRCS ?=
PLUGIN_TEXT_SRCS ?= text/print.c
PLUGIN_SRCS    := $(PLUGIN_CC_SRCS) $(BRIDGE_SRCS) $(REPORT_CC_SRCS) $(PLUGIN_C_SRCS) $(REPORT_C_SRCS) \
                  $(PLUGIN_EXTRA_SRCS) $(CORE_SRCS) $(PLUGIN_TEXT_SRCS)
# build/pic/DIR/x.o for a relative path, build/pic/ext/ABS/x.o for an absolute one
PLUGIN_OBJS    := $(patsubst %,$(B)/pic/%.o,$(basename $(patsubst /%,ext/%,$(PLUGIN_SRCS))))
PLUGIN         := $(B)/mem2reg.so
PLUGIN_CXXFLAGS = -std=gnu++17 -O2 -g -fPIC -fvisibility=hidden -fno-rtti -fno-exceptions -Wall -Wextra \
                  $(if $(filter 1,$(UNRELEASED_GCC)),-DM2R_ALLOW_UNRELEASED_GCC) -DM2R_TARGET='"$(GCC_TARGET)"' \
                  -I$(GCC_PLUGIN_DIR)/include -Icore -Itext -Ireport -Iir-bridge -Iplugin
# C objects of the plugin: the project's flags, no sanitizer (cc1 has no
# sanitizer runtime), position independent.
# Linked by the C driver: no libstdc++.so, which cc1 does not load (it has
# its own copy, and exports operator new/delete): loading and relocating it
# cost 3.5 M instructions per compile.  Hidden symbols and -z now: calls
# inside the plugin are direct and nothing is bound lazily inside the
# timed regions.
PLUGIN_LDFLAGS  = -shared -Wl,-z,now
PIC_CFLAGS      = $(filter-out -fsanitize=%,$(ALL_CFLAGS)) -fPIC -fvisibility=hidden -Icore -Itext -Ireport -Iir-bridge -Iplugin

# LLVM's opt, used only to cross-check the IR m2r-opt prints.
LLVM_OPT ?= $(shell command -v opt 2>/dev/null || command -v opt-14 2>/dev/null)

# Rebuild everything when the compilers (GCC and its version included:
# the plugin is built for one GCC), their flags or the tool sources change
# (e.g. SANITIZE=1 after a plain build): the stamp's content is that line.
FLAGS_LINE  := $(GCC) $(GCC_VERSION) $(CC) $(HOST_CC) $(HOST_CXX) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LDLIBS) $(M2R_OPT_SRC) $(M2R_GEN_SRC) \
               $(TEXT_SRCS) $(TESTLIB_SRCS) \
               $(CXX) $(PLUGIN_SRCS) $(filter-out -I%,$(PLUGIN_CXXFLAGS)) $(PIC_CFLAGS) $(PLUGIN_LDFLAGS)
FLAGS_STAMP := $(B)/flags.stamp
ifeq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_LINE))
$(shell mkdir -p $(B))
# Everything is rebuilt: the old dependency files go too, so that a
# source moved or removed since (core/text.c -> text/read.c) is not
# "needed" by a stale one.
$(shell find $(B) -name '*.d' -type f -delete)
$(file >$(FLAGS_STAMP),$(FLAGS_LINE))
endif
endif
# (for "make clean all", where the stamp is removed after the check above)
# Everything built depends on the stamp: need-gcc (order-only, so always
# run, never a reason to rebuild) makes sure the compilers exist first.
$(FLAGS_STAMP): | need-gcc
	$(shell mkdir -p $(@D))$(file >$@,$(FLAGS_LINE))

.PHONY: all check check-plugin config unit doc need-dejagnu need-gcc need-jsonschema need-plugin-dev plugin install demo bench-core clean

# all (default): the libraries, the two tools, m2r-names and the plugin.
all: $(LIB) $(TEXT_LIB) $(TEST_LIB) $(M2R_OPT) $(M2R_GEN) $(M2R_NAMES) $(PLUGIN)

# Objects of the libraries; -MMD writes header dependencies next to them.
$(B)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) $(INC) -MMD -MP -c -o $@ $<

$(CORE_OBJS) $(TEXT_OBJS) $(TESTLIB_OBJS) $(REPORT_OBJS): core/m2r.h core/names.h

# The libraries: core (the IR and the algorithm), the textual IR, the
# test library, the report layer's C.  Link order: a library before
# those it uses.
$(LIB): $(CORE_OBJS)
$(TEXT_LIB): $(TEXT_OBJS)
$(TEST_LIB): $(TESTLIB_OBJS)
$(REPORT_LIB): $(REPORT_OBJS)
$(LIB) $(TEXT_LIB) $(TEST_LIB) $(REPORT_LIB):
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

# m2r-opt: the standalone promoter on textual IR.
$(M2R_OPT): $(M2R_OPT_SRC) $(REPORT_LIB) $(TEXT_LIB) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) $(INC) -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< \
		$(REPORT_LIB) $(TEXT_LIB) $(LIB) $(LDLIBS)

# m2r-names: the name tables of core/names.h for the docs and the schema.
$(M2R_NAMES): tools/m2r-names.c $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) $(INC) -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# doc: the generated part of doc/statistics.md (between its "names"
# markers) and doc/record.schema.json, from core/names.h (through
# m2r-names); a test (tools.exp) fails when either is stale.
doc: $(M2R_NAMES)
	python3 testsuite/lib/records.py regen $(M2R_NAMES) doc/statistics.md doc/record.schema.json

# m2r-gen: the IR generator used by the benchmarks (testlib/rng.h only).
$(M2R_GEN): $(M2R_GEN_SRC) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) -Itestlib -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< $(LDLIBS)

# $(call apt-run,PACKAGES): install Debian's PACKAGES, one apt at a time
# (flock): under make -j two targets may need packages at once, and the
# second apt-get would stop at apt's own lock.  PACKAGES reach the inner
# shell as its arguments: they are often shell variables of the recipe
# ($$pk), which the quoted command could not see.
apt-run = flock /tmp/mem2reg-apt.lock sh -c 'apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y "$$@"' apt-run $(1)

# $(call apt-install,WHAT,PACKAGES): install Debian's PACKAGES when
# running as root, else say which command to run and fail.
apt-install = if [ "$$(id -u)" = 0 ]; then \
		echo "$(1) not found: installing $(2)"; \
		$(call apt-run,$(2)) || exit 1; \
	else \
		echo "error: $(1) not installed; run:" >&2; \
		echo "    sudo apt-get update && sudo apt-get install $(2)" >&2; \
		exit 1; \
	fi

# need-gcc: the compilers GCC, CC and CXX exist.  A missing gcc-N or
# g++-N (or gcc, g++) is Debian's package of that name, installed with
# GCC's plugin headers (gcc-N-plugin-dev) when those are missing too.
# Debian's names: gcc-12 is in gcc-12, aarch64-linux-gnu-g++-12 in
# g++-12-aarch64-linux-gnu, with the plugin headers gcc-12-plugin-dev and
# gcc-12-plugin-dev-aarch64-linux-gnu.
need-gcc:
	@pk=; dev=; \
	for t in $(sort $(GCC) $(CC) $(CXX) $(HOST_CC) $(HOST_CXX)); do \
		command -v $$t >/dev/null 2>&1 && continue; \
		case $${t##*/} in \
		gcc|g++|gcc-[0-9]*|g++-[0-9]*) pk="$$pk $${t##*/}"; dev=$(if $(GCC_MAJOR),gcc-$(GCC_MAJOR)-plugin-dev) ;; \
		*-*-g++-[0-9]*|*-*-gcc-[0-9]*) \
			pk="$$pk $$(echo $${t##*/} | sed 's/^\(.*\)-\(gcc\|g++\)-\([0-9]*\)$$/\2-\3-\1/')"; \
			dev=$$(echo $${t##*/} | sed -n 's/^\(.*\)-\(gcc\|g++\)-\([0-9]*\)$$/gcc-\3-plugin-dev-\1/p') ;; \
		*) echo "error: no compiler $$t (GCC=$(GCC), CC=$(CC), CXX=$(CXX), HOST_CC=$(HOST_CC), HOST_CXX=$(HOST_CXX))" >&2; exit 1 ;; \
		esac; \
	done; \
	if [ -n "$$pk" ]; then \
		[ -n "$$dev" ] && ! [ -f "$$($(GCC) -print-file-name=plugin 2>/dev/null)/include/gcc-plugin.h" ] && \
			pk="$$pk $$dev"; \
		pk=$${pk# }; $(call apt-install,the compilers of GCC=$(GCC),$$pk); \
	fi

# need-plugin-dev: GCC's plugin headers (gcc-N-plugin-dev for GCC N,
# gcc-N-plugin-dev-TRIPLE for a cross compiler to TRIPLE).
need-plugin-dev: need-gcc
	@inc="$$($(GCC) -print-file-name=plugin)/include"; \
	if [ ! -f "$$inc/gcc-plugin.h" ]; then \
		m=$$($(GCC) -dumpversion | cut -d. -f1); \
		$(call apt-install,GCC's plugin headers ($$inc/gcc-plugin.h),gcc-$$m-plugin-dev$(if $(CROSS),-$(GCC_TARGET))); \
	fi

# The plugin's objects (-MMD: header dependencies next to them).
$(B)/pic/%.o: %.cc $(FLAGS_STAMP) | need-plugin-dev
	@mkdir -p $(@D)
	$(HOST_CXX) $(PLUGIN_CXXFLAGS) -MMD -MP -c -o $@ $<
$(B)/pic/ext/%.o: /%.cc $(FLAGS_STAMP) | need-plugin-dev
	@mkdir -p $(@D)
	$(HOST_CXX) $(PLUGIN_CXXFLAGS) -MMD -MP -c -o $@ $<
$(B)/pic/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(PIC_CFLAGS) -MMD -MP -c -o $@ $<
$(B)/pic/ext/%.o: /%.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(PIC_CFLAGS) -MMD -MP -c -o $@ $<

# plugin: build/mem2reg.so.  It needs the bridge (ir-bridge/*.cc) and the
# comparison (plugin/compare.c); say so rather than fail at link time.
plugin: $(PLUGIN)
$(PLUGIN): $(PLUGIN_OBJS)
	@if [ -z "$(strip $(BRIDGE_SRCS))" ]; then \
		echo "error: no ir-bridge/*.cc: the bridge is missing (BRIDGE_SRCS=... to use other sources)" >&2; \
		exit 1; \
	fi
	$(HOST_CC) $(PLUGIN_LDFLAGS) -o $@ $(PLUGIN_OBJS) $(LDLIBS)

# install: the plugin into GCC's plugin directory (PLUGINDIR), for
# -fplugin=mem2reg, and m2r-gcc into BINDIR: "exec GCC
# -fplugin=PLUGINDIR/mem2reg.so "$$@"" with both paths absolute, the
# command that distccd's DISTCC_CMDLIST names (doc/distributed.md).
PLUGINDIR ?= $(GCC_PLUGIN_DIR)
BINDIR    ?= /usr/local/bin
install: $(PLUGIN)
	@gcc=$$(readlink -f "$$(command -v $(GCC))") && case $$gcc in /*) ;; *) echo "error: no absolute path for GCC=$(GCC)" >&2; exit 1 ;; esac; \
	pd=$$(cd "$(PLUGINDIR)" && pwd) && mkdir -p "$(BINDIR)" && \
	cp $(PLUGIN) "$$pd/mem2reg.so" && \
	sed -e "s|@GCC@|$$gcc|g" -e "s|@PLUGIN@|$$pd/mem2reg.so|g" tools/m2r-gcc.in > "$(BINDIR)/m2r-gcc.tmp" && \
	chmod 755 "$(BINDIR)/m2r-gcc.tmp" && mv "$(BINDIR)/m2r-gcc.tmp" "$(BINDIR)/m2r-gcc" && \
	echo "installed $$pd/mem2reg.so and $(BINDIR)/m2r-gcc ($$gcc -fplugin=$$pd/mem2reg.so)"

# config: what make made of GCC and the variables above, a KEY=VALUE a
# line (read before anything is installed: a GCC not installed yet is
# known from its name; testsuite/mem2reg.tools/makefile.exp).
config:
	@printf '%s\n' 'GCC=$(GCC)' 'GCC_VERSION=$(GCC_VERSION)' 'GCC_MAJOR=$(GCC_MAJOR)' \
		'GCC_TARGET=$(GCC_TARGET)' 'HOST_TRIPLE=$(HOST_TRIPLE)' 'CROSS=$(CROSS)' \
		'CC=$(CC)' 'CXX=$(CXX)' 'FC=$(FC)' 'HOST_CC=$(HOST_CC)' 'HOST_CXX=$(HOST_CXX)' \
		'TARGET_RUN=$(TARGET_RUN)' 'BUILD=$(B)'

# unit: one test program per testsuite/mem2reg.unit/*.c, in build/unit/.
unit: $(UNIT_BINS)

$(B)/unit/%: testsuite/mem2reg.unit/%.c $(TEST_LIB) $(TEXT_LIB) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) $(INC) -Iir-bridge -Itestsuite/mem2reg.unit -MMD -MP -MF $@.d -MT $@ \
		$(ALL_LDFLAGS) -o $@ $< $(TEST_LIB) $(TEXT_LIB) $(LIB) $(LDLIBS)

# need-dejagnu: make sure runtest exists (installs it when running as root).
need-dejagnu:
	@if ! command -v runtest >/dev/null 2>&1; then \
		$(call apt-install,DejaGnu's runtest,dejagnu); \
	fi

# need-jsonschema: the validator of the records' schema (Debian's
# python3-jsonschema).
need-jsonschema:
	@if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then \
		$(call apt-install,python3's jsonschema (the records' validator),python3-jsonschema); \
	fi

# run-tests: write build/testsuite/site.exp, run runtest with
# $(TEST_FLAGS) there (so that mem2reg.sum/.log land in build/testsuite/) and end
# with one summary line.  Fails if a test failed, runtest failed, or no
# test ran at all.
define run-tests
	@mkdir -p $(B)/testsuite
	@command -v $(FC) >/dev/null 2>&1 || echo "note: no Fortran compiler $(FC): the Fortran tests are UNSUPPORTED" \
		"(sudo apt-get install $(notdir $(FC)))" >&2
	@{ echo 'set tool mem2reg'; \
	   echo 'set srcdir "$(abspath testsuite)"'; \
	   echo 'set objdir "$(abspath $(B))"'; \
	   echo 'set M2R_OPT "$(abspath $(M2R_OPT))"'; \
	   echo 'set M2R_NAMES "$(abspath $(M2R_NAMES))"'; \
	   echo 'set OPT "$(LLVM_OPT)"'; \
	   echo 'set M2R_PLUGIN "$(abspath $(PLUGIN))"'; \
	   echo 'set M2R_PLUGIN_OBJS "$(abspath $(PLUGIN_OBJS))"'; \
	   echo 'set M2R_CC "$(CC)"'; \
	   echo 'set M2R_CXX "$(CXX)"'; \
	   echo 'set M2R_FC "$(FC)"'; \
	   echo 'set M2R_TARGET_RUN "$(TARGET_RUN)"'; \
	   echo 'set M2R_TORTURE_C_FLAGS "$(strip $(TORTURE_C_FLAGS))"'; \
	   echo 'set M2R_SAMPLE_EVERY $(SAMPLE_EVERY)'; \
	} > $(B)/testsuite/site.exp
	@rm -f $(B)/testsuite/mem2reg.sum
	@(cd $(B)/testsuite && \
	  runtest --status --tool mem2reg --srcdir $(abspath testsuite) --objdir $(abspath $(B)) \
		$(TEST_FLAGS)); rc=$$?; \
	sum=$(B)/testsuite/mem2reg.sum; \
	if [ -f $$sum ]; then \
		pass=$$(grep -Ec '^(PASS|XFAIL|KFAIL):' $$sum); \
		fail=$$(grep -Ec '^(FAIL|XPASS|KPASS|UNRESOLVED|UNTESTED|ERROR):' $$sum); \
	else \
		pass=0; fail=0; echo "error: runtest wrote no $$sum" >&2; rc=1; \
	fi; \
	echo "$$pass passed, $$fail failed"; \
	[ $$rc = 0 ] && [ $$fail = 0 ] && [ $$pass != 0 ]
endef

# check: build everything, run the whole testsuite.
check: TEST_FLAGS = $(RUNTESTFLAGS)
check: need-dejagnu need-jsonschema all unit
	$(run-tests)

# check-plugin: build the plugin, run only the tests that load it
# (PLUGIN_TESTS, or the .exp files RUNTESTFLAGS names; the torture
# samples' sources as for check), e.g. make check-plugin GCC=gcc-11
# BUILD=build-gcc11, as .ci/run does.  A new .exp file that runs
# mem2reg.so belongs in this list.
PLUGIN_TESTS := dg.exp plugin.exp rewrite.exp torture.exp programs.exp records.exp nm.exp report.exp plugin-explain.exp
# QUICK=1: what depends on the GCC most, in a few minutes (CI runs it for
# each GCC and target beyond 11 and 12, where the whole of it would take
# ten): real programs, the report and explain are left out, the samples
# thinned (SAMPLE_EVERY).
PLUGIN_TESTS_QUICK := dg.exp plugin.exp rewrite.exp torture.exp records.exp nm.exp
SAMPLE_EVERY ?= $(if $(filter 1,$(QUICK)),8,1)
check-plugin: TEST_FLAGS = $(if $(filter %.exp,$(subst =, ,$(RUNTESTFLAGS))),,$(if $(filter 1,$(QUICK)),$(PLUGIN_TESTS_QUICK),$(PLUGIN_TESTS))) $(RUNTESTFLAGS)
check-plugin: need-dejagnu need-jsonschema all gcc-src-maybe
	$(run-tests)

# demo: builds everything; compiles every examples/*.c with the plugin at
# -O2 and -O0 (the comparison summary is printed on stderr), then promotes
# every examples/*.ll with m2r-opt --stats.
demo: all
	@set -e; \
	for f in $(sort $(wildcard examples/*.c)); do \
		for o in -O2 -O0; do \
			echo "==== $(CC) -fplugin=$(PLUGIN) $$o -S -o /dev/null $$f"; \
			$(CC) -fplugin=$(PLUGIN) $$o -S -o /dev/null $$f; \
		done; \
	done; \
	for f in $(sort $(wildcard examples/*.ll)); do \
		echo "==== $(M2R_OPT) --stats $$f"; \
		$(M2R_OPT) --stats $$f; \
	done

# bench-core: time the promotion core on generated IR (never fails on a time).
bench-core: $(M2R_OPT) $(M2R_GEN)
	M2R_OPT=$(M2R_OPT) M2R_GEN=$(M2R_GEN) BENCH_DIR=$(B)/bench bash bench/bench-core.sh

# clean: remove everything built.
clean:
	rm -rf $(B)

-include $(CORE_OBJS:.o=.d) $(TEXT_OBJS:.o=.d) $(TESTLIB_OBJS:.o=.d) $(REPORT_OBJS:.o=.d) $(M2R_OPT).d $(M2R_NAMES).d $(M2R_GEN).d $(UNIT_BINS:=.d) $(PLUGIN_OBJS:.o=.d)

# Each further area (fuzzing, the LLVM comparison, the torture runs, the
# benchmarks) keeps its rules in its own mk/*.mk fragment; a fragment may
# add prerequisites to check (e.g. "check: build/m2r-fuzz").
include $(sort $(wildcard mk/*.mk))
