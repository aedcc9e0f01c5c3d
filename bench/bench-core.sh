#!/usr/bin/env bash
# bench-core.sh - time the promotion core of m2r-opt on generated IR.
#
# For each shape and size, generates build/bench/SHAPE-N.ll with m2r-gen,
# runs "m2r-opt --time --disable-output FILE" RUNS times and takes the median of
# core_ns from its stderr line
#   time @NAME lower_ns=R core_ns=P print_ns=Q blocks=B insts=I phis=H phiargs=A
# Prints a table with the growth of the median from one size to the next
# (a ratio near the size ratio means linear), and for the switch shape the
# cost per phi argument.
#
# Wall time on a shared machine is noisy, and a small function fits in the
# caches where a large one does not, so time grows faster than the work.
# When valgrind is installed the table also gives the instructions executed
# inside m2r_promote (callgrind, once per shape and size): a repeatable count
# whose growth is the algorithm's; and the L1 data cache misses callgrind's
# cache model counts there (reads and writes): when they grow faster than
# the instructions, the time does too.  Both are skipped for the switch
# shape, whose 100M phi arguments would take minutes under callgrind.
#
# A benchmark, not a test: it fails only when a program fails, never on a
# time.
#
# Environment: M2R_OPT, M2R_GEN (default build/...), BENCH_SHAPES,
# BENCH_SIZES, BENCH_RUNS, BENCH_DIR, BENCH_CALLGRIND (0 to skip counting).
set -euo pipefail
cd "$(dirname "$0")/.."

M2R_OPT=${M2R_OPT:-build/m2r-opt}
M2R_GEN=${M2R_GEN:-build/m2r-gen}
SHAPES=${BENCH_SHAPES:-straight diamonds ladder loops switch}
SIZES=${BENCH_SIZES:-10000 100000}
RUNS=${BENCH_RUNS:-5}
DIR=${BENCH_DIR:-build/bench}

for p in "$M2R_OPT" "$M2R_GEN"; do
	[ -x "$p" ] || { echo "bench-core: $p not built (run make)" >&2; exit 1; }
done
mkdir -p "$DIR"

# value of KEY=... in a "time @..." line
field() { sed -n "s/.* $1=\([0-9][0-9]*\).*/\1/p" <<<"$2"; }

median() { sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else print int((v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }

CALLGRIND=${BENCH_CALLGRIND:-1}
command -v valgrind >/dev/null || CALLGRIND=0

# "INSTRUCTIONS D1MISSES" inside m2r_promote, or "- -".
count_instr() {
	[ "$CALLGRIND" = 1 ] && [ "$1" != switch ] || { echo - -; return; }
	valgrind --tool=callgrind --cache-sim=yes --collect-atstart=no --toggle-collect=m2r_promote \
		--callgrind-out-file=/dev/null "$M2R_OPT" --disable-output "$2" 2>&1 | tr -d , |
		awk '/I +refs:/ { i = $4 } /D1 +misses:/ { d = $4 } END { print (i == "" ? "-" : i), (d == "" ? "-" : d) }'
}

# "RATIO" of b to a, or "-"
grow() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && a != "-" && b != "-" && a > 0) printf "%.1fx", b / a; else print "-" }'; }

printf '%-9s %8s %8s %9s %8s %10s %11s %7s %11s %7s %10s %7s %8s %7s\n' \
	shape N blocks insts phis phiargs promote_ms growth ns/phiarg growth Minstr growth D1miss_M growth
for shape in $SHAPES; do
	prev_ms="" prev_npa="" prev_ir="" prev_d1=""
	for n in $SIZES; do
		f="$DIR/$shape-$n.ll"
		"$M2R_GEN" "$shape" "$n" >"$f"
		times=()
		line=""
		for ((r = 0; r < RUNS; r++)); do
			if ! err=$("$M2R_OPT" --time --disable-output "$f" 2>&1 >/dev/null); then
				echo "bench-core: $M2R_OPT --time --disable-output $f failed:" >&2
				printf '%s\n' "$err" | head -20 >&2
				exit 1
			fi
			line=$(grep -m1 "^time @bench_$shape " <<<"$err" || true)
			p=$(field core_ns "$line")
			if [ -z "$p" ]; then
				echo "bench-core: no 'time @bench_$shape ... core_ns=' line from m2r-opt on $f; stderr:" >&2
				printf '%s\n' "$err" | head -20 >&2
				exit 1
			fi
			times+=("$p")
		done
		med=$(printf '%s\n' "${times[@]}" | median)
		blocks=$(field blocks "$line") insts=$(field insts "$line")
		phis=$(field phis "$line") phiargs=$(field phiargs "$line")
		ms=$(awk -v t="$med" 'BEGIN { printf "%.3f", t / 1e6 }')
		growth="-"
		if [ -n "$prev_ms" ]; then
			growth=$(awk -v a="$prev_ms" -v b="$med" 'BEGIN { if (a > 0) printf "%.1fx", b / a; else print "-" }')
		fi
		npa="-" npa_growth="-"
		if [ "$shape" = switch ] && [ "${phiargs:-0}" -gt 0 ]; then
			npa=$(awk -v t="$med" -v a="$phiargs" 'BEGIN { printf "%.2f", t / a }')
			if [ -n "$prev_npa" ]; then
				npa_growth=$(awk -v a="$prev_npa" -v b="$npa" 'BEGIN { if (a > 0) printf "%.2fx", b / a; else print "-" }')
			fi
			prev_npa=$npa
		fi
		read -r ir d1 < <(count_instr "$shape" "$f")
		mir="-" ir_growth="-" md1="-" d1_growth="-"
		if [ "$ir" != - ]; then
			mir=$(awk -v i="$ir" 'BEGIN { printf "%.1f", i / 1e6 }')
			ir_growth=$(grow "$prev_ir" "$ir")
			prev_ir=$ir
		fi
		if [ "$d1" != - ]; then
			md1=$(awk -v i="$d1" 'BEGIN { printf "%.2f", i / 1e6 }')
			d1_growth=$(grow "$prev_d1" "$d1")
			prev_d1=$d1
		fi
		printf '%-9s %8s %8s %9s %8s %10s %11s %7s %11s %7s %10s %7s %8s %7s\n' \
			"$shape" "$n" "${blocks:-?}" "${insts:-?}" "${phis:-?}" "${phiargs:-?}" \
			"$ms" "$growth" "$npa" "$npa_growth" "$mir" "$ir_growth" "$md1" "$d1_growth"
		prev_ms=$med
	done
done
