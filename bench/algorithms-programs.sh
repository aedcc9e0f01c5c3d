#!/usr/bin/env bash
# algorithms-programs.sh - the three SSA construction algorithms inside
# GCC on real code (doc/algorithms.md): make bench-algorithms-programs.
#
# The sets: gcc.c-torture (compile and execute, every ALG_EVERY-th file)
# at -O0 and at -O2; Lua 5.4.4 (Debian's orig tarball, checked by its
# SHA-256, into build/lua-src), zlib and GCC's libiberty (make zlib-src,
# libiberty-src; its configure run once) at -O2 (bench/lib.sh's
# program_files).  Every file is compiled by GCC with the plugin in
# analyze mode once per algorithm, in turn, stopping after the IPA
# passes (-flto, bench/lib.sh), with M2R_BENCH (one m2r-bench line per
# function, report/bench.c) and output= (the records).  A file the first
# algorithm cannot compile is left out of the set for all of them.  One
# row per set and algorithm:
#   files, functions  compiled, and function records
#   phis built        placed, or made by braun (the records' "phis")
#   phis kept         the phis left after simplification ("phis_kept")
#   GCC's phis        GCC's own into-SSA on the same variables
#                     ("gcc_phis"; braun is not compared: "-")
#   core ms           core_ns summed over the m2r-bench lines, by the
#                     thread's CPU clock (M2R_CLOCK=cpu: a process
#                     preempted on a busy machine is not charged)
#   GCC ms            GCC's own into-SSA on the same functions, the same
#                     clock (the records' "gcc_ns"; "-" for braun)
#   Minstr            instructions inside m2r_promote (callgrind), summed
#                     over every Nth file of the set, N ALG_INSTR_EVERY
#                     for c-torture, ALG_INSTR_EVERY_REAL for the others ("-"
#                     with 0 or without valgrind), and the files counted
#   peak KB           the most memory the core took for one function
#                     (core_bytes: the arena it adds and the most scratch
#                     it held at once, braun's memo included)
#   core B/i          core_bytes per instruction of the lowered IR, over
#                     the whole set
#   gave up           functions braun gave up on (its limit)
# A benchmark, not a test: it fails only when a program fails otherwise.
# Writes ALG_DIR/table.md (build/bench-algorithms-programs).
#
# Environment: CC, PLUGIN, JOBS (2), ALG_DIR, ALG_SETS ("ctorture-O0
# ctorture-O2 lua zlib libiberty"), ALG_EVERY (1), ALG_INSTR_EVERY (40),
# ALG_INSTR_EVERY_REAL (4; 0: no callgrind),
# BENCH_ALGS (llvm cytron braun), LUA_URL (Debian's pool).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1

CC=${CC:-gcc} PLUGIN=${PLUGIN:-build/mem2reg.so} JOBS=${JOBS:-2}
DIR=${ALG_DIR:-build/bench-algorithms-programs}
SETS=${ALG_SETS:-ctorture-O0 ctorture-O2 lua zlib libiberty}
EVERY=${ALG_EVERY:-1}
ALGS=${BENCH_ALGS:-llvm cytron braun}

fail() { echo "bench-algorithms-programs: $*" >&2; exit 1; }
. bench/lib.sh # torture_root, program_files, STOP, CTIME
[ -f "$PLUGIN" ] || fail "no plugin $PLUGIN (run make)"
PLUGIN=$(cd "$(dirname "$PLUGIN")" && pwd)/$(basename "$PLUGIN")
command -v valgrind >/dev/null || ALG_INSTR_EVERY=0 ALG_INSTR_EVERY_REAL=0
mkdir -p "$DIR" && DIR=$(cd "$DIR" && pwd) || exit 1

# set_files SET: "LEVEL<TAB>FLAGS<TAB>FILE" lines, absolute file names.
set_files() {
	local root
	case $1 in
	ctorture-O0 | ctorture-O2)
		root=$(torture_root) || fail "no gcc.c-torture (make torture-src)"
		root=$(cd "$root" && pwd)
		(cd "$root" && find compile execute -name '*.c') | LC_ALL=C sort | awk -v e="$EVERY" 'NR % e == 0' |
			sed "s|^|-${1#ctorture-}\t-w\t$root/|" ;;
	lua | zlib | libiberty)
		program_files "$1" ;;
	*) fail "unknown set '$1' (ctorture-O0 ctorture-O2 lua zlib libiberty)" ;;
	esac
}

# one "SETDIR<TAB>INSTR<TAB>IDX<TAB>LEVEL<TAB>FLAGS<TAB>FILE": compile FILE
# with each algorithm in turn, so that they meet the same load of the
# machine; per algorithm ALG, SETDIR/ALG/IDX.err gets the stderr (the
# m2r-bench lines), IDX.jsonl the records, IDX.failed says it failed,
# and IDX.cg has the instructions inside m2r_promote when IDX is a
# multiple of INSTR (0: never).
one() {
	local dir instr idx lv flags f alg
	IFS=$'\t' read -r dir instr idx lv flags f <<<"$1"
	for alg in $ALGS; do
		local out=$dir/$alg rc=0
		local args=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-algorithm="$alg" -fplugin-arg-mem2reg-stats=none)
		# shellcheck disable=SC2086
		M2R_BENCH=1 M2R_CLOCK=cpu timeout "$CTIME" "$CC" "${args[@]}" -fplugin-arg-mem2reg-output="$out/$idx.jsonl" \
			$lv $flags "${STOP[@]}" -S "$f" -o /dev/null 2>"$out/$idx.err" || rc=$?
		if [ $rc != 0 ]; then
			echo "$rc" >"$out/$idx.failed"
			continue
		fi
		if [ "$instr" -gt 0 ] && [ $((idx % instr)) = 0 ]; then
			# shellcheck disable=SC2086
			timeout $((10 * CTIME)) valgrind --tool=callgrind --trace-children=yes --collect-atstart=no \
				--toggle-collect=m2r_promote --callgrind-out-file=/dev/null \
				"$CC" "${args[@]}" $lv $flags "${STOP[@]}" -S "$f" -o /dev/null 2>&1 |
				tr -d , | awk '/I +refs:/ { s += $4 } END { print s + 0 }' >"$out/$idx.cg"
		fi
	done
}
if [ "${1:-}" = one ]; then
	one "$2"
	exit 0
fi

# run_set SET: every file of the set, JOBS at a time; then the files the
# first algorithm could not compile are dropped for every algorithm.
run_set() {
	local dir=$DIR/$1 alg first=
	rm -rf "$dir" || exit 1
	for alg in $ALGS; do
		mkdir -p "$dir/$alg" || exit 1
		first=${first:-$alg}
	done
	local instr=${ALG_INSTR_EVERY_REAL:-4}
	case $1 in ctorture-*) instr=${ALG_INSTR_EVERY:-40} ;; esac
	set_files "$1" | awk -v d="$dir" -v n="$instr" '{ printf "%s\t%s\t%d\t%s\n", d, n, NR, $0 }' >"$dir.list" ||
		exit 1
	xargs -d '\n' -P "$JOBS" -n 1 bash bench/algorithms-programs.sh one <"$dir.list"
	local f idx
	for f in "$dir/$first"/*.failed; do
		[ -e "$f" ] || continue
		idx=$(basename "$f" .failed)
		for alg in $ALGS; do rm -f "$dir/$alg/$idx".*; done
	done
	compgen -G "$dir/$first/*.err" >/dev/null || fail "$1: no file compiled (see $dir.list)"
}

# row SET ALG OUT: the table's row from OUT's files.
row() {
	python3 - "$@" <<'PY'
import glob, json, os, sys
set_, alg, out = sys.argv[1:4]
n = lambda pat: len(glob.glob(os.path.join(out, pat)))
funcs = built = kept = gcc = gcc_ns = 0
for p in glob.glob(os.path.join(out, "*.jsonl")):
    for line in open(p):
        r = json.loads(line)
        if r.get("type") == "function":
            funcs += 1
            built += r.get("phis", 0)
            kept += r.get("phis_kept", 0)
            gcc += r.get("gcc_phis", 0)
            gcc_ns += r.get("gcc_ns", 0)
ns = ins = cb = peak = gave = 0
for p in glob.glob(os.path.join(out, "*.err")):
    for line in open(p, errors="replace"):
        if line.startswith("m2r-bench @"):
            v = dict(kv.split("=", 1) for kv in line.split()[2:])
            ns += int(v["core_ns"]); ins += int(v["insts"]); cb += int(v["core_bytes"])
            peak = max(peak, int(v["core_bytes"]))
        gave += "gave up past" in line
cg = [int(open(p).read() or 0) for p in glob.glob(os.path.join(out, "*.cg"))]
instr = "%.2f (%d)" % (sum(cg) / 1e6, len(cg)) if cg else "-"
compared = alg in ("llvm", "cytron")  # braun: compare=no
print("| %s | %s | %d | %d | %d | %d | %s | %.1f | %s | %s | %.0f | %.0f | %d |" % (
    set_, alg, n("*.err") - n("*.failed"), funcs, built, kept, gcc if compared else "-",
    ns / 1e6, "%.1f" % (gcc_ns / 1e6) if compared else "-", instr, peak / 1024, cb / ins if ins else 0, gave))
PY
}

table=$DIR/table.md
{
	echo "| set | algorithm | files | functions | phis built | phis kept | GCC's phis | core ms | GCC ms | Minstr (files) | peak KB | core B/i | gave up |"
	echo "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
} >"$table"
cat "$table"
for set in $SETS; do
	run_set "$set"
	for alg in $ALGS; do
		row "$set" "$alg" "$DIR/$set/$alg" | tee -a "$table"
	done
done
echo "table in $table"
