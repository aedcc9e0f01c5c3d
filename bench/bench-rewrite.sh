#!/usr/bin/env bash
# bench-rewrite.sh - what rewrite mode costs against GCC alone (a part of
# make bench, or make bench-rewrite; results in doc/performance.md).
#
# Two measures, each for the pass rewrite mode replaces and for the whole
# compile:
#  - time: the pass is lower_ns + core_ns + rewrite_ns of the plugin's
#    record in rewrite mode against gcc_ns (GCC's "ssa" pass) of an
#    analyze-mode compile of the same file, CPU time (M2R_CLOCK=cpu), the
#    median of RUNS compiles; the whole compile is the user+system time
#    of gcc with the plugin in rewrite mode against gcc alone, median;
#  - instructions (callgrind, repeatable on a busy machine): the whole
#    compile is cc1's total; the pass is the inclusive count of
#    pass_rewrite::execute (ours) against pass_ssa_wrap::execute (GCC's
#    pass object called by the analyze mode's wrapper: cc1 itself has no
#    symbols).
# On the generated shapes of bench.sh at one size (-O0), and over
# gcc.c-torture (every EVERY-th file, -O2, summed).
#
# Environment: PLUGIN, GENC, CC, BENCH_DIR, BENCH_RUNS (3),
# BENCH_RW_SHAPES (mix ladder loops flat switch deep), BENCH_RW_SIZE
# (3000 statements), BENCH_RW_EVERY (80), BENCH_TORTURE_ROOT.
set -uo pipefail
cd "$(dirname "$0")/.."
export M2R_CLOCK=${M2R_CLOCK:-cpu}

PLUGIN=$(realpath "${PLUGIN:-build/mem2reg.so}")
GENC=${GENC:-build/m2r-genc}
CC=${CC:-gcc}
DIR=${BENCH_DIR:-build/bench-c}/rewrite
RUNS=${BENCH_RUNS:-3}
SHAPES=${BENCH_RW_SHAPES-mix ladder loops flat switch deep}
SIZE=${BENCH_RW_SIZE:-3000}
EVERY=${BENCH_RW_EVERY:-80}
mkdir -p "$DIR"
DIR=$(realpath "$DIR")
fail() { echo "bench-rewrite: $*" >&2; exit 1; }
command -v valgrind >/dev/null || echo "bench-rewrite: no valgrind: times only" >&2
. bench/lib.sh
raise_stack bench-rewrite
RW=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-mode=rewrite -fplugin-arg-mem2reg-stats=none)
AN=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none)

# cpu SECONDS of a command (user+sys of it and its children)
cpu() { /usr/bin/time -f '%U %S' -o "$DIR/time.out" "$@" >/dev/null 2>&1 || return 1
	awk 'END { printf "%.3f\n", $1 + $2 }' "$DIR/time.out"; }

# measure NAME LEVEL FILE...: one line of the table (times summed over the
# files, each the median of RUNS; instructions from one compile each).
measure() {
	local name=$1 lvl=$2
	shift 2
	local pass_rw=0 pass_gcc=0 whole_rw=0 whole_gcc=0 i_rw=0 i_gcc=0 ip_rw=0 ip_gcc=0 f r
	for f in "$@"; do
		local a=() b=() c=() d=()
		for ((r = 0; r < RUNS; r++)); do
			rm -f "$DIR/rw.jsonl" "$DIR/an.jsonl"
			a+=("$(cpu "$CC" $lvl -w -S -o /dev/null "$f")") || fail "$CC $lvl $f failed"
			b+=("$(cpu "$CC" $lvl -w "${RW[@]}" -fplugin-arg-mem2reg-output="$DIR/rw.jsonl" -S -o /dev/null "$f")") ||
				fail "rewrite mode failed on $f"
			"$CC" $lvl -w "${AN[@]}" -fplugin-arg-mem2reg-output="$DIR/an.jsonl" -S -o /dev/null "$f" ||
				fail "analyze mode failed on $f"
			local l k w g
			read -r l k w _ < <(rsum "$DIR/rw.jsonl" lower_ns core_ns rewrite_ns)
			read -r g _ < <(rsum "$DIR/an.jsonl" gcc_ns)
			c+=("$((l + k + w))")
			d+=("$g")
		done
		whole_gcc=$(awk -v s="$whole_gcc" -v m="$(printf '%s\n' "${a[@]}" | median)" 'BEGIN { print s + m }')
		whole_rw=$(awk -v s="$whole_rw" -v m="$(printf '%s\n' "${b[@]}" | median)" 'BEGIN { print s + m }')
		pass_rw=$((pass_rw + $(printf '%s\n' "${c[@]}" | median)))
		pass_gcc=$((pass_gcc + $(printf '%s\n' "${d[@]}" | median)))
		if command -v valgrind >/dev/null; then
			local x y z
			read -r x y z < <(whole_instr "$lvl" "$f") || exit 1
			i_gcc=$((i_gcc + x)) i_rw=$((i_rw + y)) ip_rw=$((ip_rw + z))
			read -r _ y < <(cc1_instr "$DIR/cg" "pass_ssa_wrap::execute" "$CC" $lvl -w "${AN[@]}" -S -o /dev/null "$f") ||
				fail "callgrind, analyze mode: $f"
			ip_gcc=$((ip_gcc + y))
		fi
	done
	awk -v n="$name" -v l="$lvl" -v pr="$pass_rw" -v pg="$pass_gcc" -v wr="$whole_rw" -v wg="$whole_gcc" \
		-v ir="$i_rw" -v ig="$i_gcc" -v jr="$ip_rw" -v jg="$ip_gcc" 'BEGIN {
		printf "%-16s %-4s %9.2f %9.2f %6s %8.3f %8.3f %6s %9.1f %9.1f %6s %9.1f %9.1f %6s\n",
			n, l, pr / 1e6, pg / 1e6, (pg ? sprintf("%.2f", pr / pg) : "-"),
			wr, wg, (wg ? sprintf("%.3f", wr / wg) : "-"),
			jr / 1e6, jg / 1e6, (jg ? sprintf("%.2f", jr / jg) : "-"),
			ir / 1e6, ig / 1e6, (ig ? sprintf("%.4f", ir / ig) : "-") }'
}

echo
echo "rewrite mode against GCC alone ($RUNS runs, CPU time, median; instructions: callgrind, one compile)"
printf "%-16s %-4s %9s %9s %6s %8s %8s %6s %9s %9s %6s %9s %9s %6s\n" "" "" \
	"pass_ms" "gcc_ms" "ratio" "whole_s" "gcc_s" "ratio" "pass_Mi" "gcc_Mi" "ratio" "whole_Mi" "gcc_Mi" "ratio"
for shape in $SHAPES; do
	c=$DIR/$shape-$SIZE.c
	"$GENC" "$shape" "$SIZE" >"$c" || fail "$GENC $shape $SIZE failed"
	measure "$shape $SIZE" -O0 "$c"
done

# c-torture as bench.sh and goals.sh find it (unpacked from gcc-12-source
# on a clean clone)
if root=$(torture_root); then
	root=$(realpath "$root")
	mapfile -t files < <(cd "$root" && find compile execute -name '*.c' | LC_ALL=C sort |
		awk -v k="$EVERY" '(NR - 1) % k == 0' | sed "s|^|$root/|")
	ok=()
	for f in "${files[@]}"; do # only what GCC alone compiles
		timeout "$CTIME" "$CC" -O2 -w -S -o /dev/null "$f" >/dev/null 2>&1 && ok+=("$f")
	done
	measure "c-torture/${EVERY}" -O2 "${ok[@]}"
	echo "c-torture/$EVERY: every ${EVERY}th file of gcc.c-torture that GCC compiles alone (${#ok[@]} files), summed"
else
	echo "bench-rewrite: no gcc.c-torture (install gcc-12-source, or BENCH_TORTURE_ROOT): c-torture skipped"
fi
echo "pass: rewrite mode's pass (lowering + core + write-back and update_ssa) / GCC's ssa pass;"
echo "whole: the compile (gcc -S) with the plugin in rewrite mode / without it."
