#!/usr/bin/env bash
# algorithms.sh - the three SSA construction algorithms side by side on
# generated IR (doc/algorithms.md): make bench-algorithms.
#
# For each shape and size, m2r-gen writes build/bench-algorithms/
# SHAPE-N.ll; for each algorithm, m2r-opt --algorithm=A --time
# --disable-output runs it RUNS times.  One row per (shape, size,
# algorithm):
#   phis built   NumPHIInsert (--stats=json): placed, or made by braun
#   phis kept    the phis of the output (--time's phis=)
#   core ms      median of core_ns over RUNS
#   Minstr       instructions inside m2r_promote (callgrind, once; "-"
#                without valgrind or with BENCH_CALLGRIND=0, and above
#                BENCH_CALLGRIND_MAX seconds of core time)
#   peak MB      the process's peak resident memory (GNU time), reading
#                and printing included
#   cells        braun: memo entries and phis (what --braun-limit counts)
#   growth       core ms against the previous size of the same shape
# braun runs with BRAUN_LIMIT (default: none up to BRAUN_NONE_MAX
# statements, 10000; the default limit above): a run that gives up is
# a row saying so, with the time and memory it took to get there.
#
# A benchmark, not a test: it fails only when a program fails
# otherwise.  Writes build/bench-algorithms/table.md.
#
# Environment: M2R_OPT, M2R_GEN, BENCH_SHAPES, BENCH_SIZES (10000
# 100000), BENCH_RUNS (3), BENCH_DIR, BENCH_CALLGRIND, BENCH_CALLGRIND_MAX
# (5), BRAUN_NONE_MAX, BENCH_ALGS (llvm cytron braun).
set -euo pipefail
cd "$(dirname "$0")/.."

M2R_OPT=${M2R_OPT:-build/m2r-opt} M2R_GEN=${M2R_GEN:-build/m2r-gen}
SHAPES=${BENCH_SHAPES:-straight diamonds ladder loops switch}
SIZES=${BENCH_SIZES:-10000 100000} RUNS=${BENCH_RUNS:-3} DIR=${BENCH_DIR:-build/bench-algorithms}
CALLGRIND=${BENCH_CALLGRIND:-1}
CG_MAX=${BENCH_CALLGRIND_MAX:-5}
NONE_MAX=${BRAUN_NONE_MAX:-10000}
ALGS=${BENCH_ALGS:-llvm cytron braun}

for p in "$M2R_OPT" "$M2R_GEN"; do
	[ -x "$p" ] || { echo "bench-algorithms: $p not built (run make)" >&2; exit 1; }
done
command -v valgrind >/dev/null || CALLGRIND=0
[ -x /usr/bin/time ] || { echo "bench-algorithms: needs GNU time (/usr/bin/time)" >&2; exit 1; }
mkdir -p "$DIR"

. bench/lib.sh # median, kfield
grow() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && a != "-" && b != "-" && a > 0) printf "%.1fx", b / a; else print "-" }'; }

out="$DIR/table.md"
{
	echo "| shape | statements | algorithm | phis built | phis kept | core ms | Minstr | peak MB | cells | growth |"
	echo "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$out"
cat "$out"
for shape in $SHAPES; do
	declare -A prev=()
	for n in $SIZES; do
		ll="$DIR/$shape-$n.ll"
		[ -s "$ll" ] || "$M2R_GEN" "$shape" "$n" >"$ll"
		for a in $ALGS; do
			args=(--algorithm="$a")
			if [ "$a" = braun ]; then
				if [ -n "${BRAUN_LIMIT:-}" ]; then
					args+=(--braun-limit="$BRAUN_LIMIT")
				elif [ "$n" -le "$NONE_MAX" ]; then
					args+=(--braun-limit=none)
				fi
			fi
			ts=() line="" gaveup=0 peak=0
			for ((r = 0; r < RUNS; r++)); do
				if ! /usr/bin/time -f "peak_kb=%M" -o "$DIR/time.txt" "$M2R_OPT" "${args[@]}" \
					--time --disable-output "$ll" 2>"$DIR/err.txt"; then
					if grep -q "gave up past" "$DIR/err.txt"; then
						gaveup=1
					else
						cat "$DIR/err.txt" >&2
						exit 1
					fi
				fi
				k=$(sed -n 's/^peak_kb=//p' "$DIR/time.txt")
				[ "${k:-0}" -gt "$peak" ] && peak=$k
				[ "$gaveup" = 1 ] && break
				line=$(grep '^time @' "$DIR/err.txt" | head -1)
				ts+=("$(kfield core_ns "$line")")
			done
			if [ "$gaveup" = 1 ]; then
				row="| $shape | $n | $a | gave up | - | - | - | $((peak / 1024)) | $(sed -n 's/.*gave up past \([0-9]*\).*/\1/p' "$DIR/err.txt") | - |"
				echo "$row" | tee -a "$out"
				continue
			fi
			ns=$(printf '%s\n' "${ts[@]}" | median)
			ms=$(awk -v n="$ns" 'BEGIN { printf "%.1f", n / 1e6 }')
			built=$("$M2R_OPT" "${args[@]}" --stats=json --disable-output "$ll" 2>&1 |
				sed -n 's/.*"NumPHIInsert":\([0-9]*\).*/\1/p' | head -1)
			instr=-
			if [ "$CALLGRIND" = 1 ] && awk -v n="$ns" -v m="$CG_MAX" 'BEGIN { exit !(n / 1e9 <= m) }'; then
				instr=$(valgrind --tool=callgrind --collect-atstart=no --toggle-collect=m2r_promote \
					--callgrind-out-file=/dev/null "$M2R_OPT" "${args[@]}" --disable-output "$ll" 2>&1 |
					tr -d , | awk '/I +refs:/ { printf "%.1f", $4 / 1e6 }')
			fi
			cells=$(kfield braun_cells "$line")
			row="| $shape | $n | $a | ${built:--} | $(kfield phis "$line") | $ms | ${instr:--} | $((peak / 1024)) | ${cells:--} | $(grow "${prev[$a]:-}" "$ms") |"
			echo "$row" | tee -a "$out"
			prev[$a]=$ms
		done
	done
	unset prev
done
echo "table in $out"
