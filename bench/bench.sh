#!/usr/bin/env bash
# bench.sh - our promotion against GCC's into-SSA and LLVM's mem2reg on
# the same C functions (make bench; results: doc/performance.md, method:
# doc/performance-method.md).
#
# For each shape and size, m2r-genc writes DIR/SHAPE-N.c and:
#  - gcc -O0 with the plugin (output=JSON Lines), RUNS times: lower_ns,
#    core_ns and gcc_ns of the function bench_SHAPE, median of the runs
#    (one run only when a compile takes more than SLOW seconds);
#  - once more with M2R_BENCH=1: the plugin's bare walk over the lowered IR
#    (walk_ns, with the core's time of that same compile), the phis and
#    phi arguments left, the arena bytes of the IR and of the core;
#  - when clang and opt exist and N <= LLVM_MAX: clang -O0 -Xclang
#    -disable-O0-optnone -emit-llvm -S, then opt -passes=mem2reg
#    -time-passes, RUNS times (once when slow): the PromotePass line's
#    User+System time (its Wall time with M2R_CLOCK=wall), median.
# Then a table (ratios ours/GCC, LLVM/ours, growth from 10k to 100k, time
# per phi argument, core/walk), DIR/results.csv and, with gnuplot,
# DIR/bench.png (time against size per shape, log-log).
# Then GCC's gcc.c-torture (compile/ and execute/): the sums of lower_ns,
# core_ns and gcc_ns over every function at -O0 and -O2, and the wall time
# of gcc -O2 -S with and without the plugin, file by file, alternating.
#
# A benchmark, not a test: it fails only when a program fails.
#
# Environment: PLUGIN, GENC, CC, CLANG, OPT, BENCH_SHAPES, BENCH_SIZES,
# BENCH_RUNS (3), BENCH_LLVM_MAX (30000), BENCH_SLOW (60), BENCH_DIR,
# BENCH_TORTURE (1; 0 to skip), BENCH_TORTURE_ROOT (a gcc.c-torture
# directory), BENCH_TORTURE_EVERY (1: every file; k: every k-th),
# BENCH_INSTR_EVERY (40: the instruction count of the -O2 overhead, under
# callgrind, on every k-th of those files; 0 to skip).
set -uo pipefail
cd "$(dirname "$0")/.."
# core_ns and gcc_ns as the compiler thread's CPU time (plugin.cc): the
# machine is shared, and wall time counts the other processes' turns.
export M2R_CLOCK=${M2R_CLOCK:-cpu}
. bench/lib.sh

PLUGIN=${PLUGIN:-build/mem2reg.so}
GENC=${GENC:-build/m2r-genc}
CC=${CC:-gcc}
SHAPES=${BENCH_SHAPES-mix ladder loops flat switch deep} # empty: c-torture only
SIZES=${BENCH_SIZES:-1000 10000 30000 100000}
RUNS=${BENCH_RUNS:-3}
LLVM_MAX=${BENCH_LLVM_MAX:-30000}
SLOW=${BENCH_SLOW:-60}
DIR=${BENCH_DIR:-build/bench-c}
TORTURE=${BENCH_TORTURE:-1}
EVERY=${BENCH_TORTURE_EVERY:-1}
INSTR_EVERY=${BENCH_INSTR_EVERY:-40}
CLANG=${CLANG-$(command -v clang || command -v clang-14 || true)}
OPT=${OPT-$(command -v opt || command -v opt-14 || true)}

for p in "$PLUGIN" "$GENC"; do
	[ -e "$p" ] || { echo "bench: $p not built (run make)" >&2; exit 1; }
done
PLUGIN=$(realpath "$PLUGIN")
mkdir -p "$DIR"
raise_stack bench

now() { date +%s.%N; }
fail() { echo "bench: $*" >&2; exit 1; }

llvm_note="LLVM: not measured (clang or opt missing)"
if [ -n "$CLANG" ] && [ -n "$OPT" ]; then
	llvm_note="LLVM: $($OPT --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p' | head -1), measured up to N = $LLVM_MAX (BENCH_LLVM_MAX=100000 for more; about 60 s on mix and 280 s on ladder at 100k)"
fi

CSV=$DIR/results.csv
[ -z "${SHAPES//[[:space:]]/}" ] ||
	echo "shape,n,blocks,insts,ops,phis,phiargs,runs,lower_ns,core_ns,gcc_ns,walk_ns,walk_core_ns,llvm_ns,llvm_runs,ir_bytes,core_bytes" >"$CSV"

echo "bench: $(date -u +%FT%TZ), $(nproc) cores, $CC $($CC -dumpversion), runs=$RUNS (median)"
echo "bench: $llvm_note"
echo "bench: clock $M2R_CLOCK (every time: lowering, core, GCC, LLVM and the walk)"
# The generated shapes (BENCH_SHAPES= empty: c-torture only).
if [ -n "${SHAPES//[[:space:]]/}" ]; then
for shape in $SHAPES; do
	for n in $SIZES; do
		c=$DIR/$shape-$n.c rec=$DIR/$shape-$n.jsonl
		"$GENC" "$shape" "$n" >"$c" || fail "$GENC $shape $n failed"
		lo=() co=() gc=() line=""
		for ((r = 0; r < RUNS; r++)); do
			rm -f "$rec"
			t0=$(now)
			"$CC" -fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none \
				-fplugin-arg-mem2reg-output="$rec" -O0 "${STOP[@]}" -S -o /dev/null "$c" ||
				fail "$CC -fplugin=$PLUGIN -O0 $c failed"
			t1=$(now)
			line=$(grep -m1 "\"function\":\"bench_$shape\"" "$rec") ||
				fail "no record of bench_$shape in $rec"
			lo+=("$(jfield lower_ns "$line")") co+=("$(jfield core_ns "$line")")
			gc+=("$(jfield gcc_ns "$line")")
			awk -v a="$t0" -v b="$t1" -v s="$SLOW" 'BEGIN { exit !(b - a > s) }' && break
		done
		runs=${#co[@]}
		lower=$(printf '%s\n' "${lo[@]}" | median)
		core=$(printf '%s\n' "${co[@]}" | median)
		gccns=$(printf '%s\n' "${gc[@]}" | median)
		blocks=$(jfield blocks "$line")
		# the bare walk, phi arguments and memory: one more compile
		wl=$(M2R_BENCH=1 "$CC" -fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none \
			-fplugin-arg-mem2reg-compare=no -O0 "${STOP[@]}" -S -o /dev/null "$c" 2>&1 |
			grep -m1 "^m2r-bench @bench_$shape ") || fail "no m2r-bench line for $c"
		insts=$(kfield insts "$wl") ops=$(kfield ops "$wl")
		walk=$(kfield walk_ns "$wl") wcore=$(kfield core_ns "$wl")
		phis=$(kfield phis "$wl") phiargs=$(kfield phiargs "$wl")
		irb=$(kfield ir_bytes "$wl") coreb=$(kfield core_bytes "$wl")
		llvm="" lruns=0
		if [ -n "$CLANG" ] && [ -n "$OPT" ] && [ "$n" -le "$LLVM_MAX" ]; then
			ll=$DIR/$shape-$n.ll
			"$CLANG" -O0 -Xclang -disable-O0-optnone -emit-llvm -S -o "$ll" "$c" ||
				fail "$CLANG on $c failed"
			lt=()
			for ((r = 0; r < RUNS; r++)); do
				t0=$(now)
				w=$("$OPT" -passes=mem2reg -time-passes -disable-output "$ll" 2>&1 |
					awk -v k="$([ "$M2R_CLOCK" = cpu ] && echo 3 || echo 4)" '/PromotePass/ { j = 0; for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+$/ && ++j == k) print $i; exit }')
				t1=$(now)
				[ -n "$w" ] || fail "no PromotePass line from $OPT -time-passes on $ll"
				lt+=("$(awk -v s="$w" 'BEGIN { printf "%.0f", s * 1e9 }')")
				awk -v a="$t0" -v b="$t1" -v s="$SLOW" 'BEGIN { exit !(b - a > s) }' && break
			done
			lruns=${#lt[@]}
			llvm=$(printf '%s\n' "${lt[@]}" | median)
			rm -f "$ll"
		fi
		echo "$shape,$n,$blocks,$insts,$ops,$phis,$phiargs,$runs,$lower,$core,$gccns,$walk,$wcore,$llvm,$lruns,$irb,$coreb" >>"$CSV"
		echo "bench: $shape $n done (core $core ns, gcc $gccns ns${llvm:+, llvm $llvm ns})" >&2
	done
done

# ---------- the table ----------
echo
awk -F, '
function ms(x) { return x == "" ? "-" : sprintf("%.2f", x / 1e6) }
function ratio(a, b) { return (a == "" || b == "" || b == 0) ? "-" : sprintf("%.2f", a / b) }
NR == 1 { next }
{
	key[NR] = $1 SUBSEP $2; row[NR] = $0; nr = NR
	core[$1, $2] = $10; pa[$1, $2] = $7
}
END {
	printf "%-7s %7s %7s %8s %9s %9s %8s %8s %9s %7s %7s %9s %8s %8s %8s %7s %9s %8s\n",
		"shape", "N", "blocks", "phis", "phiargs", "lower_ms", "core_ms", "gcc_ms",
		"core/gcc", "all/gcc", "llvm_ms", "llvm/core", "growth", "ns/parg",
		"walk_ms", "core/wk", "IR_B/ins", "core_B/i"
	for (i = 2; i <= nr; i++) {
		split(row[i], f, ",")
		s = f[1]; n = f[2]
		g = "-"
		if (n == 100000 && core[s, 10000] > 0) {
			if (s == "switch" && pa[s, 100000] > 0 && pa[s, 10000] > 0)
				g = sprintf("%.1fx/pa", (f[10] / pa[s, 100000]) / (core[s, 10000] / pa[s, 10000]))
			else
				g = sprintf("%.1fx", f[10] / core[s, 10000])
		}
		npa = f[7] > 0 ? sprintf("%.1f", f[10] / f[7]) : "-"
		printf "%-7s %7s %7s %8s %9s %9s %8s %8s %9s %7s %7s %9s %8s %8s %8s %7s %9.0f %8.0f\n",
			s, n, f[3], f[6], f[7], ms(f[9]), ms(f[10]), ms(f[11]),
			ratio(f[10], f[11]), ratio(f[9] + f[10], f[11]), ms(f[14]), ratio(f[14], f[10]),
			g, npa, ms(f[12]), ratio(f[13], f[12]), f[16] / f[4], f[17] / f[4]
	}
}' "$CSV"
echo
echo "core/gcc: our m2r_promote / GCC's ssa pass; all/gcc: (lowering + core) / GCC."
echo "llvm/core: opt -passes=mem2reg (PromotePass, User+System) / our core; '-': not measured."
echo "$llvm_note."
echo "growth: core time 100k / 10k (switch: per phi argument).  ns/parg: core ns per phi argument."
echo "core/wk: core / bare walk over the lowered IR, both from the M2R_BENCH compile."
echo "IR_B/ins: arena bytes of the lowered IR per instruction; core_B/i: bytes the core adds (its peak)."
echo "CSV: $CSV"

# ---------- the plot ----------
if ! command -v gnuplot >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
	echo "bench: gnuplot not found: installing gnuplot-nox" >&2
	{ apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y gnuplot-nox; } >/dev/null 2>&1
fi
if command -v gnuplot >/dev/null 2>&1; then
	png=$DIR/bench.png
	{
		echo "set terminal pngcairo size 1500,900 font ',10'"
		echo "set output '$png'"
		echo "set datafile separator ','"
		echo "set logscale xy; set grid; set key top left"
		echo "set xlabel 'statements'; set ylabel 'ms'"
		echo "set multiplot layout 2,3 title 'mem2reg: time against size, log-log ($(date -u +%F))'"
		for shape in $SHAPES; do
			echo "set title '$shape'"
			echo "plot '$CSV' using (strcol(1) eq '$shape' ? \$2 : 1/0):(\$10/1e6) with linespoints title 'ours (core)', \\"
			echo "     '' using (strcol(1) eq '$shape' ? \$2 : 1/0):((\$9+\$10)/1e6) with linespoints title 'ours (lower+core)', \\"
			echo "     '' using (strcol(1) eq '$shape' ? \$2 : 1/0):(\$11/1e6) with linespoints title 'GCC into-SSA', \\"
			echo "     '' using (strcol(1) eq '$shape' && strcol(14) ne '' ? \$2 : 1/0):(\$14/1e6) with linespoints title 'LLVM mem2reg', \\"
			echo "     '' using (strcol(1) eq '$shape' ? \$2 : 1/0):(\$12/1e6) with linespoints dt 2 title 'bare walk'"
		done
		echo "unset multiplot"
	} >"$DIR/bench.gp"
	if gnuplot "$DIR/bench.gp"; then echo "plot: $png"; else echo "bench: gnuplot failed" >&2; fi
else
	echo "bench: gnuplot not installed (apt-get install gnuplot-nox): no plot"
fi
fi # shapes

# ---------- cold and warm ----------
# Eleven copies of one small function (lib.sh): c-torture has about 2.3
# functions per file, so its sums below are mostly first functions.
small=$DIR/eleven.c
eleven "$small"
srec=$(realpath -m "$DIR/eleven.jsonl")
rm -f "$srec"
for r in $(seq "$RUNS"); do
	"$CC" -O0 -fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none -fplugin-arg-mem2reg-output="$srec" \
		-S -o /dev/null "$small" || fail "gcc failed on $small"
done
echo
echo "eleven copies of a small function in one file (mix, 30 statements), median of $RUNS compiles, in order:"
eleven_medians "$srec" | awk '
	{ c[NR - 1] = $1; g[NR - 1] = $3 }
	END {
		printf "  core us:"; for (k = 0; k < 11; k++) printf " %5.1f", c[k] / 1e3; print ""
		printf "  GCC us: "; for (k = 0; k < 11; k++) printf " %5.1f", g[k] / 1e3; print ""
		sc = sg = 0; for (k = 3; k < 11; k++) { sc += c[k]; sg += g[k] }
		printf "  core/GCC: first %.2f, 4th to 11th %.2f\n", c[0] / g[0], sg ? sc / sg : 0
	}' || fail "no records of the eleven functions in $srec"

# ---------- c-torture ----------
[ "$TORTURE" = 1 ] || exit 0
root=$(torture_root) || { echo "bench: no gcc.c-torture (install gcc-12-source): skipped"; exit 0; }
files=$DIR/torture-files
(cd "$root" && find compile execute -name '*.c' | LC_ALL=C sort | awk -v k="$EVERY" '(NR - 1) % k == 0') >"$files"
nf=$(wc -l <"$files")
echo
echo "c-torture: $nf files of $root$([ "$EVERY" != 1 ] && echo " (every ${EVERY}th)")"
o0=$(realpath -m "$DIR/torture-O0.jsonl") o2=$(realpath -m "$DIR/torture-O2.jsonl")
rm -f "$o0" "$o2"
# -O0: the sums
while read -r f; do
	(cd "$root" && timeout "$CTIME" "$CC" -w -O0 -fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none \
		-fplugin-arg-mem2reg-output="$o0" -S -o /dev/null "$f" 2>/dev/null)
done <"$files"
# -O2: wall time without and with the plugin (default arguments plus
# output=), alternating the order file by file
# (wall and user+system seconds of gcc and its children, by /usr/bin/time
# when present)
TM=$(command -v time 2>/dev/null | grep / || true); [ -x /usr/bin/time ] && TM=/usr/bin/time
tf=$(realpath -m "$DIR/time.out")
wall_off=0 wall_on=0 cpu_off=0 cpu_on=0 ok=0 i=0
timed() { # timed OUTVAR cmd...: "wall cpu" of cmd, status in $?
	local t0 t1 rc
	if [ -n "$TM" ]; then
		"$TM" -f '%e %U %S' -o "$tf" "$@"; rc=$?
		times_=$(awk 'END { print $1, $2 + $3 }' "$tf")
	else
		t0=$EPOCHREALTIME; "$@"; rc=$?; t1=$EPOCHREALTIME
		times_=$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a, 0 }')
	fi
	return $rc
}
while read -r f; do
	i=$((i + 1))
	for pass in 1 2; do
		if [ $(((i + pass) % 2)) = 0 ]; then
			(cd "$root" && timed timeout "$CTIME" "$CC" -w -O2 -S -o /dev/null "$f" 2>/dev/null; r=$?; echo "$r $times_") >"$tf.off"
		else
			(cd "$root" && timed timeout "$CTIME" "$CC" -w -O2 -fplugin="$PLUGIN" -fplugin-arg-mem2reg-output="$o2" \
				-S -o /dev/null "$f" 2>/dev/null; r=$?; echo "$r $times_") >"$tf.on"
		fi
	done
	read -r r1 w1 c1 <"$tf.off"; read -r r2 w2 c2 <"$tf.on"
	if [ "$r1" = 0 ] && [ "$r2" = 0 ]; then
		ok=$((ok + 1))
		read -r wall_off wall_on cpu_off cpu_on < <(awk -v a="$wall_off" -v b="$wall_on" -v c="$cpu_off" -v d="$cpu_on" \
			-v e="$w1" -v g="$w2" -v h="$c1" -v k="$c2" 'BEGIN { print a + e, b + g, c + h, d + k }')
	fi
done <"$files"
sums() {
	awk '/"type":"unit"/ {
		u++
		for (k = 1; k <= 4; k++) {
			key = k == 1 ? "functions" : k == 2 ? "lower_ns" : k == 3 ? "core_ns" : "gcc_ns"
			if (match($0, "\"" key "\":[0-9]+")) s[k] += substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3)
		}
	}
	END {
		printf "%-6s %6d units %7d functions   lower %8.1f ms   core %8.1f ms   gcc %8.1f ms   core/gcc %.2f   all/gcc %.2f\n",
			lvl, u, s[1], s[2] / 1e6, s[3] / 1e6, s[4] / 1e6, s[4] ? s[3] / s[4] : 0, s[4] ? (s[2] + s[3]) / s[4] : 0
	}' lvl="$2" "$1"
}
sums "$o0" -O0
sums "$o2" -O2
awk -v a="$wall_off" -v b="$wall_on" -v c="$cpu_off" -v d="$cpu_on" -v n="$ok" 'BEGIN {
	printf "gcc -O2 -S over %d files, without / with the plugin: wall %.1f / %.1f s (%+.1f%%), user+sys %.1f / %.1f s (%+.1f%%)\n",
		n, a, b, (a > 0 ? 100 * (b - a) / a : 0), c, d, (c > 0 ? 100 * (d - c) / c : 0) }'

# The same overhead in instructions executed by cc1 (callgrind): the same
# count whatever else the machine does, unlike the times above.
[ "$INSTR_EVERY" != 0 ] || exit 0
command -v valgrind >/dev/null || { echo "bench: no valgrind: no instruction counts"; exit 0; }
cg=$(realpath -m "$DIR/callgrind")
rm -rf "$cg" && mkdir -p "$cg"
# cc1_instr PREFIX: the instruction total of the cc1 child among PREFIX.*
cc1_instr() {
	local t
	for t in "$1".*; do
		grep -q '^cmd: .*/cc1 ' "$t" && sed -n 's/^totals: \([0-9]*\).*/\1/p' "$t"
	done | head -1
}
in_off=0 in_on=0 ni=0
while read -r f; do
	ni=$((ni + 1))
	base=$cg/$ni
	(cd "$root" && timeout $((10 * CTIME)) valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$base.off.%p" \
		"$CC" -w -O2 -S -o /dev/null "$f" >/dev/null 2>&1)
	(cd "$root" && timeout $((10 * CTIME)) valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$base.on.%p" \
		"$CC" -w -O2 -fplugin="$PLUGIN" -fplugin-arg-mem2reg-output="$cg/o2.jsonl" \
		-S -o /dev/null "$f" >/dev/null 2>&1)
	a=$(cc1_instr "$base.off") b=$(cc1_instr "$base.on")
	if [ -n "$a" ] && [ -n "$b" ]; then
		in_off=$((in_off + a)) in_on=$((in_on + b))
	fi
	rm -f "$base".*
done < <(awk -v k="$INSTR_EVERY" '(NR - 1) % k == 0' "$files")
awk -v a="$in_off" -v b="$in_on" -v n="$ni" -v k="$INSTR_EVERY" 'BEGIN {
	printf "gcc -O2 -S over %d files (every %dth), instructions of cc1 without / with the plugin: %.1f / %.1f M (%+.2f%%)\n",
		n, k, a / 1e6, b / 1e6, (a > 0 ? 100 * (b - a) / a : 0) }'

