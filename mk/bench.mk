# bench.mk - performance against GCC's into-SSA and LLVM's mem2reg
# (doc/performance.md).
#
#   make bench    bench-c, bench-rewrite and bench-goals (make -j2 -O
#                 bench: side by side). Not part of check.
#   make bench-c  generated C functions (bench/gen-c.c: mix, ladder, loops,
#                 flat, switch, deep at 1k..100k statements) through the
#                 plugin at -O0, clang + opt -passes=mem2reg when present;
#                 then GCC's c-torture: sums and the plugin's -O2 overhead.
#                 Prints the table, writes build/bench-c/results.csv and
#                 (gnuplot) build/bench-c/bench.png (bench/bench.sh).
#   make bench-rewrite   rewrite mode against GCC alone: the replaced pass
#                 and the whole compile, time and instructions, on the
#                 shapes (BENCH_RW_SIZE statements) and over c-torture
#                 (every BENCH_RW_EVERY-th file) (bench/bench-rewrite.sh)
#   make bench-goals   issues 16's and 48's goals in one table
#                 (bench/goals.sh, bench/goals.py): per shape at
#                 BENCH_GOALS_SIZES (10000 100000), over c-torture at -O0
#                 and -O2 (every BENCH_GOALS_EVERY-th file, 40) and over
#                 real programs at -O2 (BENCH_GOALS_PROGRAMS: zlib,
#                 libiberty and Lua's lvm.c, every
#                 BENCH_GOALS_PROGRAM_EVERY-th file, 2; Lua fetched once
#                 from Debian's archive), instructions (callgrind) and
#                 times (median of BENCH_RUNS, 5) of the lowering, the
#                 core, rewrite mode's pass and GCC's, memory per
#                 instruction, growth, cold start, the pass's peak heap
#                 and GC memory against GCC's (m2r-memcount.so,
#                 m2r-memprobe.so), and c-torture -O2's whole compiles in
#                 rewrite mode against GCC alone (BENCH_GOALS_WHOLE=0 to
#                 skip); one line per goal.  BENCH_QUICK=1: 2000 20000, 3
#                 runs, every 400th c-torture file (10 files a level),
#                 every 8th file of a program (3 of zlib, 14 of
#                 libiberty, lvm.c): 45 minutes on the 2-core machine
#                 under a load of 8 to 10, most of it the 20000-statement
#                 shapes under callgrind.  The default run is bounded:
#                 every shape at two sizes, about 90 c-torture files a
#                 level, 9 files of zlib, 64 of libiberty and lvm.c, one
#                 whole compile pair per c-torture -O2 file (over an hour,
#                 most of it the 100000-statement shapes;
#                 BENCH_GOALS_SIZES=10000 for less).
#                 Writes BENCH_GOALS_DIR/goals.{csv,md} (build/bench-goals).
#                 A part of make bench; fails only when it cannot measure.
#   make bench-algorithms   the three SSA construction algorithms on
#                 m2r-gen's shapes at BENCH_SIZES (10000 100000): phis
#                 built and kept, core time and instructions, peak
#                 memory, growth (bench/algorithms.sh, doc/algorithms.md).
#                 Not a part of make bench.
#   make bench-algorithms-programs   the same inside GCC (analyze mode)
#                 on gcc.c-torture at -O0 and -O2, Lua, zlib and
#                 libiberty (bench/algorithms-programs.sh: ALG_SETS,
#                 ALG_EVERY, ALG_INSTR_EVERY).  Not a part of make bench.
#
# Variables: BENCH_SHAPES, BENCH_SIZES (1000 10000 30000 100000),
# BENCH_RUNS (3), BENCH_LLVM_MAX (30000; 100000 to also run LLVM at 100k,
# minutes per shape), BENCH_SLOW (60: one run only above that many
# seconds), BENCH_TORTURE (0 to skip c-torture), BENCH_TORTURE_EVERY (k:
# every k-th file only), BENCH_INSTR_EVERY (40: callgrind counts of the
# -O2 overhead on every k-th of those files), BENCH_DIR (build/bench-c),
# BENCH_COMPILE_TIMEOUT (120: seconds a c-torture compile may take; GCC
# alone never ends on some files at some levels, bench/lib.sh).

.PHONY: bench bench-c bench-rewrite bench-goals bench-algorithms bench-algorithms-programs

M2R_GENC := $(B)/m2r-genc
BENCH_DIR ?= $(B)/bench-c
BENCH_GOALS_DIR ?= $(B)/bench-goals

$(M2R_GENC): bench/gen-c.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_CFLAGS) -Itestlib -MMD -MP -MF $@.d -MT $@ $(ALL_LDFLAGS) -o $@ $< $(LDLIBS)

-include $(M2R_GENC).d

# The memory goal of bench-goals: the heap counted (LD_PRELOAD) and a
# plugin that measures whatever pass is in the place of "ssa"
# (bench/memcount.c, bench/memprobe.cc; linked like the plugin, by the C
# driver: cc1 exports the operator new it needs).
M2R_MEMCOUNT := $(B)/m2r-memcount.so
M2R_MEMPROBE := $(B)/m2r-memprobe.so
$(M2R_MEMCOUNT): bench/memcount.c $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) -O2 -g -Wall -Wextra -fPIC -fvisibility=hidden -shared -o $@ $<
$(M2R_MEMPROBE): bench/memprobe.cc $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CXX) $(PLUGIN_CXXFLAGS) -MMD -MP -MF $@.d -MT $@ -c -o $@.o $<
	$(HOST_CC) $(PLUGIN_LDFLAGS) -o $@ $@.o

-include $(M2R_MEMPROBE).d

# The three parts write to their own directories: make -j2 -O bench runs
# them side by side (the instruction counts are the same, the times share
# the machine; doc/performance.md).
bench: bench-c bench-rewrite bench-goals

bench-c: $(PLUGIN) $(M2R_GENC)
	PLUGIN=$(PLUGIN) GENC=$(M2R_GENC) CC=$(CC) BENCH_DIR=$(BENCH_DIR) bash bench/bench.sh

bench-goals: $(PLUGIN) $(M2R_GENC) $(M2R_MEMCOUNT) $(M2R_MEMPROBE) zlib-src libiberty-src
	PLUGIN=$(PLUGIN) GENC=$(M2R_GENC) MEMCOUNT=$(M2R_MEMCOUNT) MEMPROBE=$(M2R_MEMPROBE) CC=$(CC) \
		BENCH_GOALS_DIR=$(BENCH_GOALS_DIR) bash bench/goals.sh

bench-rewrite: $(PLUGIN) $(M2R_GENC)
	PLUGIN=$(PLUGIN) GENC=$(M2R_GENC) CC=$(CC) BENCH_DIR=$(BENCH_DIR) bash bench/bench-rewrite.sh

bench-algorithms: $(M2R_OPT) $(M2R_GEN)
	M2R_OPT=$(M2R_OPT) M2R_GEN=$(M2R_GEN) bash bench/algorithms.sh

bench-algorithms-programs: $(PLUGIN) torture-src zlib-src libiberty-src
	CC=$(CC) PLUGIN=$(PLUGIN) JOBS=$(TORTURE_JOBS) bash bench/algorithms-programs.sh
