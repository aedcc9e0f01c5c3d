#!/usr/bin/env bash
# goals.sh - the goals of issue 16 in one table (make bench-goals, a part of
# make bench; method: doc/performance-method.md, "bench-goals: the
# goals table"; results: doc/performance.md).
#
# For every shape of m2r-genc at two sizes (BENCH_GOALS_SIZES: the growth
# is from the first to the last), for c-torture at -O0 and -O2, and for
# the first function of a compile against warm ones, it measures
#  - instructions (callgrind, one compile each): analyze mode collecting
#    only inside bridge_lower, m2r_promote and pass_ssa_wrap::execute
#    (GCC's ssa pass, called by the plugin's wrapper), each function's
#    inclusive count; rewrite mode collecting inside pass_rewrite::execute
#    (the whole pass rewrite mode puts in place of GCC's: lowering, core,
#    write-back, update_ssa), its total; valgrind instruments only from the
#    plugin's first function to the end of the passes around "ssa"
#    (--instr-atstart=no, M2R_CALLGRIND=1), the rest of cc1 runs at its
#    base speed; a shape's compiles stop after the IPA passes (-flto:
#    bench/lib.sh's STOP);
#  - times (M2R_CLOCK=cpu): lower_ns, core_ns, gcc_ns of the analyze-mode
#    records and lower_ns + core_ns + rewrite_ns of the rewrite-mode ones,
#    summed over the file's functions, the median of RUNS compiles (c-torture:
#    one compile per file, summed over the files);
#  - memory: insts, ir_bytes and core_bytes of the M2R_BENCH lines (from
#    the analyze-mode callgrind compile: the walk it adds is outside the
#    counted functions), summed over the functions;
#  - memory (bench/memprobe.cc, under LD_PRELOAD=bench/memcount.c): per
#    function, the most heap (malloc'd blocks, a plugin's own mappings)
#    the pass in ssa's place took above its level at entry, and the GC
#    memory it allocated; GCC alone and rewrite mode, one compile each;
#    rewrite mode adds once per compile what the plugin held before any
#    pass (its load: its initialisation);
#  - the whole compile (c-torture at -O2): cc1's instructions, GCC alone
#    and rewrite mode, callgrind instrumenting everything (bench/lib.sh's
#    whole_instr, shared with bench-rewrite.sh);
# and the same for real programs at -O2 (bench/lib.sh's program_files,
# stopping after the IPA passes): zlib, libiberty and one large file,
# Lua's lvm.c (every BENCH_GOALS_PROGRAM_EVERY-th file of each).
# Writes DIR/raw.csv and DIR/cold.csv, then bench/goals.py prints the
# table and one line per goal and writes DIR/goals.csv and DIR/goals.md.
#
# Never fails on a time or a goal: only when a measurement cannot be
# made (a program missing or failing, no record, no profile), saying which.
#
# Environment: PLUGIN, GENC, MEMCOUNT, MEMPROBE, CC, BENCH_QUICK (1: sizes
# 2000 20000, 3 runs, every 400th c-torture file, every 8th file of a
# program), BENCH_GOALS_SHAPES (mix ladder loops flat
# switch deep entry temps funcs), BENCH_GOALS_SIZES (10000 100000),
# BENCH_GOALS_SIZES_shape (that shape's own sizes, e.g.
# BENCH_GOALS_SIZES_ladder="10000 30000"),
# BENCH_RUNS (5), BENCH_GOALS_EVERY (40: every k-th c-torture file; 0 to
# skip c-torture), BENCH_TORTURE_ROOT, BENCH_SLOW (60: one run only above
# that many seconds), BENCH_GOALS_PROGRAMS (zlib libiberty lvm; empty to
# skip), BENCH_GOALS_PROGRAM_EVERY (2), BENCH_GOALS_WHOLE (1; 0: no
# whole-compile counts), BENCH_GOALS_DIR (build/bench-goals).
set -uo pipefail
cd "$(dirname "$0")/.."
export M2R_CLOCK=${M2R_CLOCK:-cpu}
. bench/lib.sh

if [ "${BENCH_QUICK:-0}" = 1 ]; then
	d_sizes="2000 20000" d_runs=3 d_every=400 d_pevery=8
else
	d_sizes="10000 100000" d_runs=5 d_every=40 d_pevery=2
fi
PLUGIN=${PLUGIN:-build/mem2reg.so}
GENC=${GENC:-build/m2r-genc}
CC=${CC:-gcc}
SHAPES=${BENCH_GOALS_SHAPES-mix ladder loops flat switch deep entry temps funcs}
SIZES=${BENCH_GOALS_SIZES:-$d_sizes}
RUNS=${BENCH_RUNS:-$d_runs}
EVERY=${BENCH_GOALS_EVERY:-$d_every}
SLOW=${BENCH_SLOW:-60}
PROGRAMS=${BENCH_GOALS_PROGRAMS-zlib libiberty lvm}
PEVERY=${BENCH_GOALS_PROGRAM_EVERY:-$d_pevery}
WHOLE=${BENCH_GOALS_WHOLE:-1}
MEMCOUNT=${MEMCOUNT:-build/m2r-memcount.so}
MEMPROBE=${MEMPROBE:-build/m2r-memprobe.so}
DIR=${BENCH_GOALS_DIR:-build/bench-goals}

fail() { echo "bench-goals: cannot measure: $*" >&2; exit 1; }
for p in "$PLUGIN" "$GENC" "$MEMCOUNT" "$MEMPROBE"; do
	[ -e "$p" ] || fail "$p not built (run make)"
done
for p in valgrind callgrind_annotate python3; do
	command -v "$p" >/dev/null || fail "no $p (the instruction counts need valgrind)"
done
PLUGIN=$(realpath "$PLUGIN") MEMCOUNT=$(realpath "$MEMCOUNT") MEMPROBE=$(realpath "$MEMPROBE")
mkdir -p "$DIR"
DIR=$(realpath "$DIR")
raise_stack bench-goals
AN=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none)
RW=("${AN[@]}" -fplugin-arg-mem2reg-mode=rewrite)
RAW=$DIR/raw.csv
MEMCOLS=mem_gcc_heap,mem_gcc_gc,mem_gcc_kept,mem_rw_heap,mem_rw_gc,mem_rw_kept,mem_rw_load,mem_over,mem_n
echo "row,n,funcs,insts,phiargs,ir_bytes,core_bytes,lower_i,core_i,gcc_i,rw_i,rw_lower_i,rw_core_i,lower_ns,core_ns,gcc_ns,rw_ns,runs,$MEMCOLS,whole_gcc_i,whole_rw_i" >"$RAW"

# bsum FILE: "FUNCS INSTS IR_BYTES CORE_BYTES PHIARGS" over the m2r-bench lines.
bsum() {
	awk '/^m2r-bench @/ {
		f++
		for (i = 3; i <= NF; i++) { split($i, kv, "="); s[kv[1]] += kv[2] }
	}
	END { printf "%d %.0f %.0f %.0f %.0f\n", f, s["insts"], s["ir_bytes"], s["core_bytes"], s["phiargs"] }' "$1"
}

# Under callgrind, valgrind instruments only where the plugin switches
# instrumentation on (M2R_CALLGRIND=1, plugin/plugin.h: from its first
# function to the end of the function-at-a-time passes around "ssa"), so
# the rest of cc1 runs at valgrind's base speed; the counted functions
# lie wholly inside.
# --main-stacksize: valgrind gives cc1's main thread 16 MB whatever the
# ulimit, and the parser recurses once per nested if (ladder 100000
# overflowed it).
CG=(env M2R_CALLGRIND=1 valgrind --tool=callgrind --trace-children=yes --instr-atstart=no --collect-atstart=no
	--main-stacksize=1073741824)
# cgtotal PROFILE: the instructions collected
cgtotal() { sed -n 's/^totals: \([0-9]*\).*/\1/p' "$1" | head -1; }
# callgrind PREFIX PATTERNS CMD...: CMD under callgrind, collecting only
# inside the functions matching PATTERNS (comma-separated; they must not
# call one another: entering a nested one would switch collection off);
# cc1's profile into PREFIX.cc1, stderr (M2R_BENCH lines) into PREFIX.err.
# Fails when nothing was collected: a plugin that never switches the
# instrumentation on would give zeros.
callgrind() {
	local pre=$1 t args=() pats
	IFS=, read -ra pats <<<"$2"
	shift 2
	for t in "${pats[@]}"; do args+=(--toggle-collect="$t"); done
	rm -f "$pre".out.* "$pre.cc1"
	"${CG[@]}" "${args[@]}" --callgrind-out-file="$pre.out.%p" "$@" >/dev/null 2>"$pre.err" || return 1
	for t in "$pre".out.*; do
		grep -q '^cmd: .*/cc1 ' "$t" && mv "$t" "$pre.cc1"
	done
	rm -f "$pre".out.*
	[ -s "$pre.cc1" ] || return 1
	[ "$(cgtotal "$pre.cc1")" != 0 ] || fail "callgrind collected nothing in cc1: $PLUGIN does not" \
		"switch callgrind's instrumentation on (built before it did, or without valgrind's" \
		"<valgrind/callgrind.h>: install valgrind's headers and rebuild it)"
}
# incl PROFILE NAME...: the inclusive instructions of each function NAME
# (callgrind_annotate splits a function into one line per source file its
# code came from, the inlined headers' apart; the line of its own file is
# the whole, and the largest), 0 when absent.
incl() {
	local p=$1
	shift
	callgrind_annotate --inclusive=yes --threshold=100 "$p" 2>/dev/null | awk -v names="$*" '
		BEGIN { n = split(names, nm, " ") }
		/=>/ { next }
		{ for (i = 1; i <= n; i++)
			if ($0 ~ (":" nm[i] "([ (]|$)")) {
				v = $1; gsub(",", "", v)
				if (v + 0 > best[i]) best[i] = v + 0
			} }
		END { for (i = 1; i <= n; i++) printf "%.0f%s", best[i], i < n ? " " : "\n" }'
}
ANPATS='bridge_lower*,m2r_promote,pass_ssa_wrap::execute*'
RWPATS='pass_rewrite::execute*'

# count LVL FILE: adds FILE's instructions (both modes) and M2R_BENCH sums
# to the totals I_* and B_*.
count() {
	local lvl=$1 f=$2 li ci gi tot rl rc fb ib irb cb pa
	M2R_BENCH=1 callgrind "$DIR/cg" "$ANPATS" "$CC" "$lvl" "${XF[@]}" -w "${AN[@]}" -S -o /dev/null "$f" ||
		fail "callgrind of $CC $lvl (analyze mode) on $f: see $DIR/cg.err"
	read -r li ci gi < <(incl "$DIR/cg.cc1" bridge_lower m2r_promote pass_ssa_wrap::execute)
	tot=$(cgtotal "$DIR/cg.cc1")
	[ "$gi" -gt 0 ] || fail "no instructions of pass_ssa_wrap::execute in the profile of $f"
	# the three are disjoint: together all that was collected
	awk -v a=$((li + ci + gi)) -v t="$tot" 'BEGIN { exit !(t > 0 && (a - t) ^ 2 > (t / 100) ^ 2) }' &&
		echo "bench-goals: note: $f: lower+core+GCC = $((li + ci + gi)) of $tot instructions collected" >&2
	read -r fb ib irb cb pa < <(bsum "$DIR/cg.err")
	[ "$fb" -gt 0 ] || fail "no m2r-bench line from $f (M2R_BENCH=1)"
	callgrind "$DIR/cg" "$RWPATS" "$CC" "$lvl" "${XF[@]}" -w "${RW[@]}" -S -o /dev/null "$f" ||
		fail "callgrind of $CC $lvl (rewrite mode) on $f: see $DIR/cg.err"
	read -r rl rc < <(incl "$DIR/cg.cc1" bridge_lower m2r_promote)
	I_L=$((I_L + li)) I_C=$((I_C + ci)) I_G=$((I_G + gi))
	I_RW=$((I_RW + $(cgtotal "$DIR/cg.cc1"))) I_RL=$((I_RL + rl)) I_RC=$((I_RC + rc))
	B_F=$((B_F + fb)) B_I=$((B_I + ib)) B_IR=$((B_IR + irb)) B_C=$((B_C + cb)) B_PA=$((B_PA + pa))
	mem "$lvl" "$f"
}

# clock_ns LVL FILE: "LOWER CORE GCC REWRITE FUNCS" ns of one analyze-mode and
# one rewrite-mode compile of FILE (REWRITE: lowering + core + the rest of
# rewrite mode's pass).
clock_ns() {
	local lvl=$1 f=$2 l c g nf rl rc rr
	rm -f "$DIR/an.jsonl" "$DIR/rw.jsonl"
	"$CC" "$lvl" "${XF[@]}" -w "${AN[@]}" -fplugin-arg-mem2reg-output="$DIR/an.jsonl" -S -o /dev/null "$f" ||
		fail "$CC $lvl -fplugin=$PLUGIN failed on $f"
	"$CC" "$lvl" "${XF[@]}" -w "${RW[@]}" -fplugin-arg-mem2reg-output="$DIR/rw.jsonl" -S -o /dev/null "$f" ||
		fail "$CC $lvl -fplugin=$PLUGIN mode=rewrite failed on $f"
	read -r l c g nf < <(rsum "$DIR/an.jsonl" lower_ns core_ns gcc_ns)
	read -r rl rc rr _ < <(rsum "$DIR/rw.jsonl" lower_ns core_ns rewrite_ns)
	echo "$l $c $g $((rl + rc + rr)) $nf"
}

# mem LVL FILE: adds FILE's memory to the totals M_*: one compile by GCC
# alone and one in rewrite mode, each with bench/memprobe.cc in ssa's place
# and the heap counted (bench/memcount.c), the functions paired by name
# and rank; M_OVER counts those where rewrite mode's heap + GC is over
# GCC's.
mem() {
	local lvl=$1 f=$2 m
	LD_PRELOAD=$MEMCOUNT "$CC" "$lvl" "${XF[@]}" -w -fplugin="$MEMPROBE" -S -o /dev/null "$f" 2>"$DIR/mem-gcc.err" ||
		fail "$CC $lvl -fplugin=$MEMPROBE on $f: see $DIR/mem-gcc.err"
	LD_PRELOAD=$MEMCOUNT "$CC" "$lvl" "${XF[@]}" -w -fplugin="$MEMPROBE" "${RW[@]}" -S -o /dev/null "$f" \
		2>"$DIR/mem-rw.err" || fail "$CC $lvl -fplugin=$MEMPROBE, rewrite mode, on $f: see $DIR/mem-rw.err"
	m=$(awk 'function v(k) { match($0, " " k "=-?[0-9]+"); return substr($0, RSTART + length(k) + 2, RLENGTH - length(k) - 2) + 0 }
	FNR == 1 { side++ }
	/^m2r-mem-unit / { unit[side] = v("live") }
	/^m2r-mem @/ {
		key = $2 "#" (++rank[side, $2]); n[side]++
		h[side] += v("heap"); g[side] += v("gc"); k[side] += v("kept")
		tot[side, key] = v("heap") + v("gc")
		if (side == 2 && tot[2, key] > tot[1, key]) over++
		if (side == 2 && !((1, key) in tot)) bad = 1
	}
	END { if (side != 2 || bad || n[1] != n[2]) exit 1
		printf "%.0f %.0f %.0f %.0f %.0f %.0f %.0f %d %d\n", h[1], g[1], k[1], h[2], g[2], k[2], unit[2] - unit[1], over, n[2] }' \
		"$DIR/mem-gcc.err" "$DIR/mem-rw.err") || fail "$f: the m2r-mem lines of GCC alone and rewrite mode do not pair" \
		"($DIR/mem-gcc.err, $DIR/mem-rw.err)"
	read -r -a m <<<"$m"
	M_GH=$((M_GH + m[0])) M_GG=$((M_GG + m[1])) M_GK=$((M_GK + m[2])) M_RH=$((M_RH + m[3]))
	M_RG=$((M_RG + m[4])) M_RK=$((M_RK + m[5])) M_RL=$((M_RL + m[6])) M_OVER=$((M_OVER + m[7])) M_N=$((M_N + m[8]))
}

# zero: the totals of count, mem and whole_instr for a new row
zero() {
	I_L=0 I_C=0 I_G=0 I_RW=0 I_RL=0 I_RC=0 B_F=0 B_I=0 B_IR=0 B_C=0 B_PA=0
	M_GH=0 M_GG=0 M_GK=0 M_RH=0 M_RG=0 M_RK=0 M_RL=0 M_OVER=0 M_N=0 W_G='' W_R=''
}

row() { # row NAME N FUNCS L C G RW RUNS: one line of raw.csv from I_*, B_*, M_* and W_*
	echo "$1,$2,$3,$B_I,$B_PA,$B_IR,$B_C,$I_L,$I_C,$I_G,$I_RW,$I_RL,$I_RC,$4,$5,$6,$7,$8,$M_GH,$M_GG,$M_GK,$M_RH,$M_RG,$M_RK,$M_RL,$M_OVER,$M_N,$W_G,$W_R" >>"$RAW"
}

echo "bench-goals: $(date -u +%FT%TZ), $(nproc) cores, $CC $($CC -dumpversion), clock $M2R_CLOCK," \
	"sizes $SIZES, runs $RUNS (median)," \
	"$([ "$EVERY" = 0 ] && echo "c-torture skipped" || echo "c-torture every ${EVERY}th file")," \
	"programs: ${PROGRAMS:-none}, 1 file in $PEVERY"

# The plugin switches the instrumentation on (a small file, before the
# rows: an old plugin fails here, not after the first row's compiles).
small=$DIR/eleven.c
eleven "$small"
callgrind "$DIR/cg" "$ANPATS" "$CC" -O0 -w "${AN[@]}" -S -o /dev/null "$small" ||
	fail "callgrind of $CC -O0 on $small: see $DIR/cg.err"

# ---------- the shapes ----------
# XF: what count and clock_ns add to a compile (bench/lib.sh's STOP for the
# shapes; nothing for c-torture's small files)
XF=("${STOP[@]}")
for shape in $SHAPES; do
	sv=BENCH_GOALS_SIZES_$shape
	for n in ${!sv:-$SIZES}; do
		c=$DIR/$shape-$n.c
		"$GENC" "$shape" "$n" >"$c" || fail "$GENC $shape $n failed"
		lo=() co=() gc=() rw=() nf=0
		for ((r = 0; r < RUNS; r++)); do
			t0=$EPOCHREALTIME
			read -r l c_ g rwn nf < <(clock_ns -O0 "$c") || exit 1
			[ "$nf" -gt 0 ] || fail "no function record from $c"
			lo+=("$l") co+=("$c_") gc+=("$g") rw+=("$rwn")
			awk -v a="$t0" -v b="$EPOCHREALTIME" -v s="$SLOW" 'BEGIN { exit !(b - a > s) }' && break
		done
		zero
		count -O0 "$c"
		row "$shape" "$n" "$nf" "$(printf '%s\n' "${lo[@]}" | median)" "$(printf '%s\n' "${co[@]}" | median)" \
			"$(printf '%s\n' "${gc[@]}" | median)" "$(printf '%s\n' "${rw[@]}" | median)" "${#co[@]}"
		echo "bench-goals: $shape $n done (core $I_C of GCC's $I_G instructions)" >&2
	done
done

# ---------- c-torture: every EVERY-th file GCC compiles alone, summed ----------
XF=()
if [ "$EVERY" != 0 ]; then
	root=$(torture_root) || fail "no gcc.c-torture (install gcc-12-source, or BENCH_TORTURE_ROOT; BENCH_GOALS_EVERY=0 to skip)"
	root=$(realpath "$root")
	mapfile -t all < <(cd "$root" && find compile execute -name '*.c' | LC_ALL=C sort |
		awk -v k="$EVERY" '(NR - 1) % k == 0' | sed "s|^|$root/|")
	for lvl in -O0 -O2; do
		files=()
		for f in "${all[@]}"; do
			timeout "$CTIME" "$CC" "$lvl" -w -S -o /dev/null "$f" >/dev/null 2>&1 && files+=("$f")
		done
		[ "${#files[@]}" -gt 0 ] || fail "GCC compiles none of the ${#all[@]} c-torture files at $lvl"
		zero
		[ "$lvl" = -O2 ] && [ "$WHOLE" = 1 ] && W_G=0 W_R=0
		sl=0 sc=0 sg=0 sr=0 snf=0 nfiles=0
		for f in "${files[@]}"; do
			read -r l c_ g rwn nf < <(clock_ns "$lvl" "$f") || exit 1
			# a file of declarations only: no function, nothing to measure
			[ "$nf" -gt 0 ] || continue
			nfiles=$((nfiles + 1))
			sl=$((sl + l)) sc=$((sc + c_)) sg=$((sg + g)) sr=$((sr + rwn)) snf=$((snf + nf))
			count "$lvl" "$f"
			if [ -n "$W_G" ]; then
				read -r wg wr _ < <(whole_instr "$lvl" "$f") || exit 1
				W_G=$((W_G + wg)) W_R=$((W_R + wr))
			fi
		done
		[ "$nfiles" -gt 0 ] || fail "none of the c-torture files defines a function at $lvl"
		row "c-torture$lvl" "$nfiles" "$snf" "$sl" "$sc" "$sg" "$sr" 1
		echo "bench-goals: c-torture $lvl done ($nfiles files with functions, $snf functions)" >&2
	done
fi

# ---------- real programs: every PEVERY-th file, summed ----------
for prog in $PROGRAMS; do
	mapfile -t plist < <(program_files "$prog" | awk -v k="$PEVERY" '(NR - 1) % k == 0')
	[ "${#plist[@]}" -gt 0 ] || exit 1 # program_files said why
	zero
	sl=0 sc=0 sg=0 sr=0 snf=0 nfiles=0
	for line in "${plist[@]}"; do
		IFS=$'\t' read -r lvl flags f <<<"$line"
		# shellcheck disable=SC2206
		XF=("${STOP[@]}" $flags)
		if ! timeout "$CTIME" "$CC" "$lvl" "${XF[@]}" -w -S -o /dev/null "$f" >/dev/null 2>&1; then
			echo "bench-goals: note: GCC alone does not compile $f ($lvl $flags): left out" >&2
			continue
		fi
		read -r l c_ g rwn nf < <(clock_ns "$lvl" "$f") || exit 1
		[ "$nf" -gt 0 ] || continue
		nfiles=$((nfiles + 1))
		sl=$((sl + l)) sc=$((sc + c_)) sg=$((sg + g)) sr=$((sr + rwn)) snf=$((snf + nf))
		count "$lvl" "$f"
	done
	[ "$nfiles" -gt 0 ] || fail "no file of $prog defines a function"
	row "$prog" "$nfiles" "$snf" "$sl" "$sc" "$sg" "$sr" 1
	echo "bench-goals: $prog done ($nfiles files with functions, $snf functions)" >&2
done
XF=()

# ---------- cold and warm: eleven copies of a small function ----------
srec=$DIR/eleven.jsonl
rm -f "$srec"
for ((r = 0; r < RUNS; r++)); do
	"$CC" -O0 "${AN[@]}" -fplugin-arg-mem2reg-output="$srec" -S -o /dev/null "$small" ||
		fail "$CC -fplugin=$PLUGIN failed on $small"
done
# instructions of each call of m2r_promote: one dump after each
rm -f "$DIR"/cold.out.*
"${CG[@]}" --toggle-collect=m2r_promote --dump-after=m2r_promote --callgrind-out-file="$DIR/cold.out.%p" \
	"$CC" -O0 "${AN[@]}" -S -o /dev/null "$small" >/dev/null 2>&1 || fail "callgrind on $small"
ci=$(for t in "$DIR"/cold.out.*.*; do
	sed -n 's/^part: \([0-9]*\)/\1/p; s/^totals: \([0-9]*\).*/\1/p' "$t" | paste -sd' '
done | sort -n | awk '{ print $2 }')
rm -f "$DIR"/cold.out.*
[ "$(wc -l <<<"$ci")" = 11 ] || fail "callgrind on $small: not eleven calls of m2r_promote"
eleven_medians "$srec" | paste - <(echo "$ci") | awk -v runs="$RUNS" '
	{ c[NR] = $1; l[NR] = $2; i[NR] = $4 }
	END {
		for (k = 4; k <= 11; k++) { wc += c[k]; wl += l[k]; wi += i[k] }
		print "first_core_ns,warm_core_ns,first_lc_ns,warm_lc_ns,first_core_i,warm_core_i,runs"
		printf "%.0f,%.0f,%.0f,%.0f,%.0f,%.0f,%d\n", c[1], wc / 8, c[1] + l[1], (wc + wl) / 8, i[1], wi / 8, runs
	}' >"$DIR/cold.csv" || fail "cold and warm: no records in $srec"

echo
python3 bench/goals.py "$RAW" "$DIR/cold.csv" "$DIR" || fail "bench/goals.py on $RAW"
