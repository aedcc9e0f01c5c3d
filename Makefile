# Makefile - mem2reg for GCC (GNU make).
#
#   make              build the core library, m2r-opt and m2r-gen (= make all)
#   make check        build everything and run the DejaGnu testsuite
#   make demo         run m2r-opt --stats on every examples/*.ll
#   make bench-core   benchmark the promotion core on generated IR
#   make clean        remove build/
#
# Everything built goes under build/.  Useful variables:
#   CC, CFLAGS, LDFLAGS     the usual
#   SANITIZE=1              build with AddressSanitizer + UBSan
#   RUNTESTFLAGS=...        extra runtest arguments, e.g. RUNTESTFLAGS=ir.exp=foo.ll
#   LLVM_OPT=path           LLVM's opt for "opt verify" tests (empty: skip them)
#   BUILD=dir               build somewhere else than build/ (for experiments)

.DEFAULT_GOAL := all

# make's built-in default for CC is "cc": only replace that one.
ifeq ($(origin CC),default)
CC := gcc
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
CORE_SRCS   ?= $(wildcard core/*.c)
M2R_OPT_SRC ?= tools/m2r-opt.c
M2R_GEN_SRC ?= bench/gen-ir.c
UNIT_SRCS   ?= $(wildcard testsuite/mem2reg.unit/*.c)

CORE_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(CORE_SRCS))
LIB       := $(B)/libm2r.a
M2R_OPT   := $(B)/m2r-opt
M2R_GEN   := $(B)/m2r-gen
UNIT_BINS := $(patsubst testsuite/mem2reg.unit/%.c,$(B)/unit/%,$(UNIT_SRCS))

# LLVM's opt, used only to cross-check the IR m2r-opt prints.
LLVM_OPT ?= $(shell command -v opt 2>/dev/null || command -v opt-14 2>/dev/null)

# Rebuild everything when the compiler, its flags or the tool sources change
# (e.g. SANITIZE=1 after a plain build): the stamp's content is that line.
FLAGS_LINE  := $(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) $(LDLIBS) $(M2R_OPT_SRC) $(M2R_GEN_SRC)
FLAGS_STAMP := $(B)/flags.stamp
ifeq ($(filter clean,$(MAKECMDGOALS)),)
ifneq ($(file <$(FLAGS_STAMP)),$(FLAGS_LINE))
$(shell mkdir -p $(B))
$(file >$(FLAGS_STAMP),$(FLAGS_LINE))
endif
endif
# (for "make clean all", where the stamp is removed after the check above)
$(FLAGS_STAMP):
	$(shell mkdir -p $(@D))$(file >$@,$(FLAGS_LINE))

.PHONY: all check unit need-dejagnu demo bench-core clean

# all (default): the core library and the two tools.
all: $(LIB) $(M2R_OPT) $(M2R_GEN)

# Objects of the core library; -MMD writes header dependencies next to them.
$(B)/obj/%.o: %.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icore -MMD -MP -c -o $@ $<

$(CORE_OBJS): core/m2r.h

# The core library.
$(LIB): $(CORE_OBJS)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

# m2r-opt: the standalone promoter on textual IR.
$(M2R_OPT): $(M2R_OPT_SRC) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icore -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# m2r-gen: the IR generator used by the benchmarks.
$(M2R_GEN): $(M2R_GEN_SRC) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< $(LDLIBS)

# unit: one test program per testsuite/mem2reg.unit/*.c, in build/unit/.
unit: $(UNIT_BINS)

$(B)/unit/%: testsuite/mem2reg.unit/%.c $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Icore -Itestsuite/mem2reg.unit -MMD -MP -MF $@.d -MT $@ \
		$(ALL_LDFLAGS) -o $@ $< $(LIB) $(LDLIBS)

# need-dejagnu: make sure runtest exists (installs it when running as root).
need-dejagnu:
	@if ! command -v runtest >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "runtest not found: installing dejagnu"; \
			apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y dejagnu || exit 1; \
		else \
			echo "error: DejaGnu's runtest is not installed; run:" >&2; \
			echo "    sudo apt-get install dejagnu" >&2; \
			exit 1; \
		fi; \
	fi

# check: build, write build/testsuite/site.exp, run runtest there (so that
# mem2reg.sum/.log land in build/testsuite/) and end with one summary line.
# Fails if a test failed, runtest failed, or no test ran at all.
check: need-dejagnu all unit
	@mkdir -p $(B)/testsuite
	@{ echo 'set tool mem2reg'; \
	   echo 'set srcdir "$(abspath testsuite)"'; \
	   echo 'set objdir "$(abspath $(B))"'; \
	   echo 'set M2R_OPT "$(abspath $(M2R_OPT))"'; \
	   echo 'set OPT "$(LLVM_OPT)"'; \
	} > $(B)/testsuite/site.exp
	@rm -f $(B)/testsuite/mem2reg.sum
	@(cd $(B)/testsuite && \
	  runtest --status --tool mem2reg --srcdir $(abspath testsuite) --objdir $(abspath $(B)) \
		$(RUNTESTFLAGS)); rc=$$?; \
	sum=$(B)/testsuite/mem2reg.sum; \
	if [ -f $$sum ]; then \
		pass=$$(grep -Ec '^(PASS|XFAIL|KFAIL):' $$sum); \
		fail=$$(grep -Ec '^(FAIL|XPASS|KPASS|UNRESOLVED|UNTESTED|ERROR):' $$sum); \
	else \
		pass=0; fail=0; echo "error: runtest wrote no $$sum" >&2; rc=1; \
	fi; \
	echo "$$pass passed, $$fail failed"; \
	[ $$rc = 0 ] && [ $$fail = 0 ] && [ $$pass != 0 ]

# demo: builds everything; promotes every examples/*.ll with m2r-opt --stats.
# (Once the GCC plugin lands it will compile examples/*.c with it as well.)
demo: all
	@set -e; files="$(sort $(wildcard examples/*.ll))"; \
	if [ -z "$$files" ]; then echo "demo: no examples/*.ll yet"; exit 0; fi; \
	for f in $$files; do \
		echo "==== $(M2R_OPT) --stats $$f"; \
		$(M2R_OPT) --stats $$f; \
	done

# bench-core: time the promotion core on generated IR (never fails on a time).
bench-core: $(M2R_OPT) $(M2R_GEN)
	M2R_OPT=$(M2R_OPT) M2R_GEN=$(M2R_GEN) BENCH_DIR=$(B)/bench bash bench/bench-core.sh

# clean: remove everything built.
clean:
	rm -rf $(B)

-include $(CORE_OBJS:.o=.d) $(M2R_OPT).d $(M2R_GEN).d $(UNIT_BINS:=.d)
