# fuzz.mk - the oracles of issue 4 (doc/testing.md).
#
#   make fuzz            the long versions, then a summary:
#                          m2r-fuzz --count $(FUZZ_COUNT) (1000000 programs, each
#                          with the three algorithms: llvm, cytron and braun),
#                          reader fuzzing for $(FUZZ_TIME) s (3600) with libFuzzer,
#                          make llvm-compare if that target exists
#   build/m2r-fuzz       random programs: promotion vs interpreter and oracle
#   build/reader-fuzz    libFuzzer target of the reader (clang only)
#
# make check runs the short, seeded versions (testsuite/mem2reg.fuzz/).
# Variables: FUZZ_SEED (1), FUZZ_COUNT (1000000), FUZZ_TIME (3600),
# FUZZ_CC (clang: needs -fsanitize=fuzzer, i.e. libclang-rt-dev).
# Results of make fuzz: build/fuzz/ (reproducers, crash artifacts, logs).

.PHONY: fuzz reader-fuzz-build

M2R_FUZZ    := $(B)/m2r-fuzz
READER_FUZZ := $(B)/reader-fuzz
FUZZ_SEED  ?= 1
FUZZ_COUNT ?= 1000000
FUZZ_TIME  ?= 3600
FUZZ_CC    ?= $(shell command -v clang 2>/dev/null || command -v clang-14 2>/dev/null)
FUZZ_CFLAGS = -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined \
              -fno-sanitize-recover=all -fno-omit-frame-pointer -Icore -Itext

all: $(M2R_FUZZ)
check: $(M2R_FUZZ) reader-fuzz-build

# m2r-fuzz: with the project's flags (SANITIZE=1 gives ASan + UBSan).
# Its random programs (tools/fuzz-prog.c) are an object of their own.
FUZZ_PROG_OBJ := $(B)/obj/tools/fuzz-prog.o
$(M2R_FUZZ): tools/m2r-fuzz.c $(FUZZ_PROG_OBJ) $(TEST_LIB) $(TEXT_LIB) $(REPORT_LIB) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) $(INC) -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) \
		-o $@ tools/m2r-fuzz.c $(FUZZ_PROG_OBJ) $(TEST_LIB) $(TEXT_LIB) $(REPORT_LIB) $(LIB) $(LDLIBS)

-include $(M2R_FUZZ).d $(FUZZ_PROG_OBJ:.o=.d)

# reader-fuzz: the core and the textual IR compiled again by clang with libFuzzer, ASan and
# UBSan (always: that is the point).  Without clang or libFuzzer there is
# no binary and the tests that need it say UNSUPPORTED.
reader-fuzz-build:
	@if [ -z "$(FUZZ_CC)" ]; then \
		echo "reader-fuzz: no clang, not built (the reader fuzz tests are UNSUPPORTED)"; \
		rm -f $(READER_FUZZ); \
	else \
		$(MAKE) --no-print-directory $(READER_FUZZ) || { \
		echo "reader-fuzz: $(FUZZ_CC) cannot build a libFuzzer target (install libclang-rt-dev);" \
		     "the reader fuzz tests are UNSUPPORTED"; rm -f $(READER_FUZZ); }; \
	fi

$(READER_FUZZ): fuzz/reader-fuzz.c $(CORE_SRCS) $(TEXT_SRCS) $(wildcard core/*.h text/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $@ fuzz/reader-fuzz.c $(CORE_SRCS) $(TEXT_SRCS)

# fuzz: the long versions.  Each step's result is kept; the summary says
# which failed, and make fuzz fails if any did.
fuzz: $(M2R_FUZZ) reader-fuzz-build
	@mkdir -p $(B)/fuzz/m2r $(B)/fuzz/corpus $(B)/fuzz/artifacts
	@rc=0; \
	echo "== $(M2R_FUZZ) --seed $(FUZZ_SEED) --count $(FUZZ_COUNT) --out $(B)/fuzz/m2r"; \
	$(M2R_FUZZ) -v --seed $(FUZZ_SEED) --count $(FUZZ_COUNT) --out $(B)/fuzz/m2r \
		> $(B)/fuzz/m2r.log 2> $(B)/fuzz/m2r.err; m=$$?; cat $(B)/fuzz/m2r.log; \
	[ $$m = 0 ] || rc=1; \
	if [ -x $(READER_FUZZ) ]; then \
		echo "== $(READER_FUZZ) -max_total_time=$(FUZZ_TIME) $(B)/fuzz/corpus fuzz/corpus testsuite/mem2reg.ir"; \
		$(READER_FUZZ) -max_total_time=$(FUZZ_TIME) -timeout=10 -max_len=4096 \
			-artifact_prefix=$(abspath $(B))/fuzz/artifacts/ \
			$(B)/fuzz/corpus fuzz/corpus testsuite/mem2reg.ir > $(B)/fuzz/reader.log 2>&1; r=$$?; \
		tail -n 3 $(B)/fuzz/reader.log; [ $$r = 0 ] || rc=1; \
		rstat="exit $$r after $$(grep -Eo '^#[0-9]+' $(B)/fuzz/reader.log | tail -n 1 | tr -d '#') runs (log: $(B)/fuzz/reader.log)"; \
	else rstat="not run (no clang with libFuzzer)"; fi; \
	if $(MAKE) -q llvm-compare >/dev/null 2>&1; [ $$? -ne 2 ]; then \
		echo "== make llvm-compare"; \
		$(MAKE) --no-print-directory llvm-compare > $(B)/fuzz/llvm-compare.log 2>&1; l=$$?; \
		tail -n 5 $(B)/fuzz/llvm-compare.log; [ $$l = 0 ] || rc=1; lstat="exit $$l"; \
	else lstat="skipped (no llvm-compare target)"; fi; \
	echo "== fuzz summary"; \
	echo "m2r-fuzz:     $$(tail -n 1 $(B)/fuzz/m2r.log)"; \
	echo "reader-fuzz:  $$rstat"; \
	echo "llvm-compare: $$lstat"; \
	exit $$rc
