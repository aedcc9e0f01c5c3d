#!/bin/bash
# placement-study.sh - what the phi placement changes in what GCC makes of
# a program (make placement-study; the table is in doc/rewrite.md).
#
#   placement-study.sh run OUTDIR SRCROOT LISTFILE LEVELS
#       every file of LISTFILE (paths relative to SRCROOT) at each level,
#       compiled by GCC alone ("gcc": the plugin in analyze mode,
#       which changes nothing and counts GCC's own phis), then in rewrite
#       mode with each of PLACEMENTS (pruned, semipruned and minimal; an
#       ALGORITHM-PLACEMENT such as braun-pruned is that algorithm's, as
#       in rewrite-torture.sh).  One line per
#       compilation in OUTDIR/results:
#         CONFIG LEVEL FILE built left text same cpu covered scope instr
#       built: phis of the SSA form built for the variables (GCC's pass:
#       gcc_phis of analyze mode; rewrite mode: phis_built); left: non-virtual phis in the last GIMPLE dump
#       (-fdump-tree-optimized); text: the object's text size (size);
#       same: 1 when the assembly is byte-identical to GCC alone's; cpu:
#       user+system seconds of the compile; covered/scope: at levels with
#       -g, the bytes of the variables' scopes covered by a location and
#       all of them (llvm-dwarfdump --statistics); instr: cc1's
#       instructions (callgrind) for every INSTR_EVERY-th file, else 0.
#       Files GCC alone does not compile are left out.  Then the table.
#   placement-study.sh report OUTDIR LEVELS [PLACEMENTS]   the table again
#
# Environment: CC, PLUGIN, JOBS (2), INSTR_EVERY (0: no callgrind),
# PLACEMENTS (";"-separated, "pruned;semipruned;minimal").
set -u
CC=${CC:-gcc}
JOBS=${JOBS:-2}
INSTR_EVERY=${INSTR_EVERY:-0}
PLACEMENTS=${PLACEMENTS:-pruned;semipruned;minimal}
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=${PLUGIN:-$HERE/../build/mem2reg.so}
# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"
DWARFDUMP=${DWARFDUMP:-$(command -v llvm-dwarfdump || command -v llvm-dwarfdump-14 || true)}

# the non-virtual phis of a GIMPLE dump
phis_left() { grep -c '^ *# [^.].* = PHI <' "$1" 2>/dev/null || true; }

one() {
	local out=$1 root=$2 idx=$3 f=$4 levels=$5
	local tmp
	file_tmp study
	local IFS_SAVE=$IFS
	IFS=';'
	local -a lvs=($levels)
	IFS=$IFS_SAVE
	local -a lines=()
	cd "$root" || exit 1
	local lv cfg
	for lv in "${lvs[@]}"; do
		local tag
		tag=$(level_tag "$lv")
		for cfg in gcc ${PLACEMENTS//;/ }; do
			local args=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none
				-fplugin-arg-mem2reg-output="$tmp/$cfg.jsonl")
			[ $cfg = gcc ] || args+=(-fplugin-arg-mem2reg-mode=rewrite
				-fplugin-arg-mem2reg-algorithm="$(variant_algorithm $cfg)"
				-fplugin-arg-mem2reg-placement="$(variant_placement $cfg)")
			rm -f "$tmp/$cfg.jsonl" "$tmp/opt"
			# shellcheck disable=SC2086
			if ! /usr/bin/time -f '%U %S' -o "$tmp/time" "$CC" "${args[@]}" $lv -w \
				-gno-record-gcc-switches -fdump-tree-optimized="$tmp/opt" -S "$f" \
				-o "$tmp/$cfg.s" >/dev/null 2>&1 ||
			   ! "$CC" -c "$tmp/$cfg.s" -o "$tmp/$cfg.o" >/dev/null 2>&1; then
				[ $cfg = gcc ] && break # GCC alone fails: not in the study
				lines+=("$cfg $tag $f error")
				continue
			fi
			local built key=phis_built
			[ $cfg = gcc ] && key=gcc_phis
			built=$(python3 -c '
import json, sys
print(sum(json.loads(l).get(sys.argv[2], 0) for l in open(sys.argv[1])
          if "\"type\":\"function\"" in l))' "$tmp/$cfg.jsonl" "$key")
			local left text same=0 cpu covered=0 scope=0 instr=0
			left=$(phis_left "$tmp/opt")
			text=$(size "$tmp/$cfg.o" | awk 'NR == 2 { print $1 }')
			cmp -s "$tmp/gcc.s" "$tmp/$cfg.s" && same=1
			cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$tmp/time")
			case "$lv" in
			*-g*)
				if [ -n "$DWARFDUMP" ]; then
					read -r covered scope < <("$DWARFDUMP" --statistics "$tmp/$cfg.o" | python3 -c '
import json, sys
d = json.load(sys.stdin)
print(d.get("sum_all_variables(#bytes in parent scope covered by DW_AT_location)", 0),
      d.get("sum_all_variables(#bytes in parent scope)", 0))')
				fi ;;
			esac
			if [ "$INSTR_EVERY" != 0 ] && [ $((idx % INSTR_EVERY)) = 0 ]; then
				rm -f "$tmp/cg".*
				# shellcheck disable=SC2086
				valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$tmp/cg.%p" \
					"$CC" "${args[@]/-fplugin-arg-mem2reg-output=*/-fplugin-arg-mem2reg-stats=none}" \
					$lv -w -S "$f" -o "$tmp/cg.s" >/dev/null 2>&1
				local t
				for t in "$tmp"/cg.[0-9]*; do
					grep -q '^cmd: .*/cc1' "$t" && instr=$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$t")
				done
			fi
			lines+=("$cfg $tag $f $built $left $text $same $cpu $covered $scope $instr")
		done
	done
	(
		flock 9 || exit 1
		[ ${#lines[@]} = 0 ] || printf '%s\n' "${lines[@]}" >> "$out/results"
	) 9>>"$out/.lock"
	echo "$f"
	rm -rf "$tmp"
}

run() {
	local out=$1 root=$2 list=$3 levels=$4
	[ -f "$PLUGIN" ] || { echo "error: no plugin $PLUGIN (run make first)" >&2; exit 1; }
	[ -x /usr/bin/time ] || { echo "error: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
	root=$(cd "$root" && pwd)
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	rm -f "$out/results"
	cp "$PLUGIN" "$out/mem2reg.so"
	export PLUGIN="$out/mem2reg.so"
	local total
	total=$(wc -l < "$list")
	echo "placement-study: $total files, levels $levels, placements $PLACEMENTS, $JOBS jobs"
	export PLACEMENTS
	local start=$SECONDS
	awk '{ print NR "\t" $0 }' "$list" | tr '\n' '\0' |
	xargs -0 -r -P "$JOBS" -n 1 "$HERE/placement-study.sh" one "$out" "$root" "$levels" |
	awk -v total="$total" '{ n++; if (n % 250 == 0) { printf "%d/%d files\n", n, total; fflush() } }'
	echo "time: $((SECONDS - start)) s"
	python3 "$HERE/placement-report.py" "$out" "$levels" "$PLACEMENTS"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
one) # one OUTDIR SRCROOT LEVELS "INDEX<tab>FILE" (as xargs calls it)
	one "$1" "$2" "${4%%	*}" "${4#*	}" "$3" ;;
run) run "$@" ;;
report) python3 "$HERE/placement-report.py" "$@" ;;
*)
	echo "usage: $0 run OUTDIR SRCROOT LISTFILE LEVELS | report OUTDIR LEVELS [PLACEMENTS]" >&2
	exit 2 ;;
esac
