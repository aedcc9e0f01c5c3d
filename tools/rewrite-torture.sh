#!/bin/bash
# rewrite-torture.sh - compile programs with the mem2reg plugin in rewrite
# mode, run them, and check that they behave as when compiled by GCC
# alone.  Used by "make torture-rewrite" and "make csmith-rewrite"
# (mk/torture.mk); the method and the results are in doc/rewrite.md.
#
#   rewrite-torture.sh run OUTDIR SRCROOT LISTFILE LEVELS PLACEMENTS
#       every file of LISTFILE (paths relative to SRCROOT), at each level
#       and placement, JOBS at a time; a placement is the plugin's
#       placement= with the default algorithm (llvm), or ALGORITHM-PLACEMENT
#       for another one (cytron-pruned, braun-pruned), so that one run
#       compares algorithms against one compilation by GCC alone; writes OUTDIR/results (one line
#       "STATUS ASM PLACEMENT LEVEL FILE" per compilation), OUTDIR/records/
#       (the plugin's JSON Lines, per placement and level, gzipped:
#       PLACEMENT.LEVEL.jsonl.gz, one gzip member per file), OUTDIR/fail/
#       (what went wrong), then prints the table (rewrite-report.py).
#       RESUME=1 goes on with an interrupted run (whole files only).
#   rewrite-torture.sh report OUTDIR LEVELS PLACEMENTS   the table again
#
# LEVELS and PLACEMENTS are ";"-separated ("-O0;-O2 -g", "pruned;minimal").
# Environment: CC (gcc), PLUGIN (absolute), JOBS (2), RESUME (0),
# EXTRA_CFLAGS (both compilations, e.g. -I for csmith), LDLIBS (-lm),
# TIMEOUT (each compilation, 300 s of CPU time per process; twice that
# with the plugin), RUN_TIMEOUT (each run, 10 s of CPU time): limits of
# CPU time, not wall time, because on a loaded machine a limit of wall
# time killed compilations of 11 s and made a program that ends in 6 s
# "wrong"; ten times as much wall time stops one that waits.  COMPARE_DEBUG
# ("-O2 -g": the levels at which the plugin's compilation is also made
# with -fcompare-debug), TARGET_RUN (the command that runs a program of
# a cross compiler: "qemu-aarch64 -L /usr/aarch64-linux-gnu"; empty).
#
# Per file and level, GCC alone (the reference):
#   CC LEVEL -fchecking=1 -gno-record-gcc-switches EXTRA -S FILE -> ref.s,
#   its diagnostics -> ref.err; fails -> "skip" (GCC rejects the file
#   alone; past TIMEOUT -> "timeout", nothing checked); ref.s assembled
#   and linked, run twice: different exit status
#   or output -> "unstable" (listed, not compared); either run past
#   RUN_TIMEOUT -> "slow" (below).
# Then per placement, the same with -fplugin=PLUGIN mode=rewrite verify:
#   fails -> "error"; diagnostics not the reference's -> "diag";
#   with -fcompare-debug at COMPARE_DEBUG levels, fails -> "debug";
#   either compilation past its time limit (2 * TIMEOUT) ->
#   "timeout": not a failure of the check, which was not made, so it is
#   counted apart (its fail/ file gives GCC alone's time for the same
#   file) and still makes the run not clean;
#   run: exit status or output not the reference's -> "wrong"; else "ok",
#   or "okfail" when both fail alike (the test needs options or a target
#   feature it is not given here); a program past RUN_TIMEOUT when the
#   reference was not is run again with SLOW_FACTOR (6) times the limit,
#   and then "okslow" when it behaves as the reference (its fail/ file
#   gives both CPU times), "wrong" otherwise.  When the reference ran
#   past RUN_TIMEOUT the compilations are checked as above but nothing
#   more is run: "slow".
#   ASM is "same" when the assembly is byte-identical to ref.s, else
#   "diff".
set -u

CC=${CC:-gcc}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-300}
RUN_TIMEOUT=${RUN_TIMEOUT:-10}
SLOW_FACTOR=${SLOW_FACTOR:-6}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
LDLIBS=${LDLIBS:--lm}
COMPARE_DEBUG=${COMPARE_DEBUG:--O2 -g}
TARGET_RUN=${TARGET_RUN:-}
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=${PLUGIN:-$HERE/../build/mem2reg.so}

# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"

# cpu_limit LIMIT CMD...: CMD with LIMIT seconds of CPU time per process
# (SIGXCPU at LIMIT, SIGKILL 5 s later for one that ignores it) and ten
# times as much wall time (timeout's exit status 124) for one that waits;
# no core files.  Its exit status is CMD's.  (CPU time, so that the load
# of the machine does not decide.)  The shell's own report of a CMD
# killed by a signal ("Aborted", with a process id) goes nowhere: in the
# caller's redirection of CMD's output it would make two runs differ.
cpu_limit() {
	local limit=$1
	shift
	{ (exec 2>&3 3>&- && ulimit -c 0 && ulimit -S -t "$limit" && ulimit -H -t $((limit + 5)) &&
		exec timeout $((10 * limit)) "$@"); } 3>&2 2>/dev/null
}

# run_prog EXE DIR RES [LIMIT]: run DIR/EXE with LIMIT (RUN_TIMEOUT)
# seconds of CPU time; RES gets "exit STATUS", or "past the time limit",
# on its first line, the program's output after it, and RES.cpu the CPU
# seconds it took.  Every program runs as DIR/run/prog, its argv[0]
# the same both ways: a failed assert() prints the program's name.
run_prog() {
	local exe=$1 dir=$2 res=$3 limit=${4:-$RUN_TIMEOUT} rc=0
	mkdir -p "$dir/run" && ln -f "$dir/$exe" "$dir/run/prog"
	(cd "$dir" && TIMEFORMAT=%3U+%3S &&
		time cpu_limit "$limit" $TARGET_RUN ./run/prog >"$res.out" 2>&1 </dev/null) 2>"$res.time" || rc=$?
	awk -F+ '/^[0-9.]+[+][0-9.]+$/ { printf "%.2f\n", $1 + $2 }' "$res.time" > "$res.cpu"
	# SIGXCPU at the soft limit (152), SIGKILL at the hard one (137) if
	# the program ignores it, timeout's 124 for the limit of wall time
	if [ $rc = 152 ] || [ $rc = 124 ] ||
	   { [ $rc = 137 ] && awk -v l="$limit" '{ exit !($1 >= l) }' "$res.cpu"; }; then
		{ echo "past the time limit"; cat "$res.out"; } > "$res"
	else
		{ echo "exit $rc"; cat "$res.out"; } > "$res"
	fi
	rm -f "$res.out" "$res.time"
}
past_limit() { [ "$(head -1 "$1")" = "past the time limit" ]; }

# compile LIMIT ERR CMD...: the compilation CMD under cpu_limit LIMIT
# (per process: the driver's cc1 and as each), its output in ERR; exit
# status 124 when it went past either limit.
compile() {
	local limit=$1 err=$2 rc=0
	shift 2
	cpu_limit "$limit" "$@" >"$err" 2>&1 </dev/null || rc=$?
	# (the driver's "internal compiler error: CPU time limit exceeded
	# signal terminated program cc1", exit status 4, at the soft limit)
	if [ $rc != 0 ] && grep -q "CPU time limit exceeded signal terminated program" "$err"; then
		rc=124
	fi
	return $rc
}

# timed_out CMDLINE FILE REF_S: what fail/FILE.timeout says.
timed_out() {
	echo "past $((2 * TIMEOUT)) s of CPU time (2 * TIMEOUT): $1" > "$2"
	echo "GCC alone compiled the same file at the same level in $3 s (wall)" >> "$2"
}

one() {
	local out=$1 root=$2 f=$3 levels=$4 placements=$5
	local tmp
	file_tmp rewrite
	local IFS_SAVE=$IFS
	IFS=';'
	local -a lvs=($levels) pls=($placements)
	IFS=$IFS_SAVE
	local -a lines=() mod=() recs=()
	case "$f" in
	*.[fF] | *.[fF]90 | *.[fF]95 | *.[fF]03 | *.[fF]08) mod=(-J "$tmp") ;;
	esac
	cd "$root" || exit 1
	local key0
	key0=$(echo "$f" | tr '/' '_')
	# what an interrupted attempt at this file left (RESUME=1 redoes it)
	rm -f "$out/fail/"*".$key0."*
	local lv pl
	for lv in "${lvs[@]}"; do
		local tag
		tag=$(level_tag "$lv")
		local base=(-fchecking=1 -gno-record-gcc-switches -fdiagnostics-plain-output)
		local t0=$EPOCHREALTIME rc=0
		# shellcheck disable=SC2086
		compile "$TIMEOUT" "$tmp/ref.err" "$CC" $lv "${base[@]}" $EXTRA_CFLAGS "${mod[@]}" \
			-S "$f" -o "$tmp/ref.s" || rc=$?
		if [ $rc = 124 ]; then
			# GCC alone past its limit: nothing is checked at this
			# level, which is not a pass (nor GCC rejecting the file)
			for pl in "${pls[@]}"; do
				echo "GCC alone went past its time limit ($TIMEOUT s of CPU time, TIMEOUT, or" \
					"$((10 * TIMEOUT)) s of wall time), nothing checked:" \
					"$CC $lv ${base[*]} $EXTRA_CFLAGS ${mod[*]} -S $root/$f" > "$out/fail/$pl.$tag.$key0.timeout"
				lines+=("timeout - $pl $tag $f")
			done
			continue
		fi
		if [ $rc != 0 ] || ! "$CC" "$tmp/ref.s" -o "$tmp/ref.exe" $LDLIBS >/dev/null 2>&1; then
			for pl in "${pls[@]}"; do lines+=("skip - $pl $tag $f"); done
			continue
		fi
		local ref_s
		ref_s=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
		run_prog ref.exe "$tmp" "$tmp/ref.run"
		# A program that does not end within RUN_TIMEOUT without the
		# plugin cannot be compared by running it (csmith makes many):
		# its compilations are still checked, it is not run again.  So
		# for one that ends in about that time: one of its two runs
		# past the limit is enough.
		local slow=0
		if past_limit "$tmp/ref.run"; then
			slow=1
		else
			run_prog ref.exe "$tmp" "$tmp/ref.run2"
			if past_limit "$tmp/ref.run2"; then
				slow=1
			elif ! cmp -s "$tmp/ref.run" "$tmp/ref.run2"; then
				for pl in "${pls[@]}"; do lines+=("unstable - $pl $tag $f"); done
				continue
			fi
		fi
		for pl in "${pls[@]}"; do
			local rec="$tmp/$pl.$tag.jsonl" key="$pl.$tag.$key0"
			: > "$rec"
			recs+=("$pl.$tag")
			# The records come from this compilation only, not from the
			# -fcompare-debug one below.
			local pargs=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-mode=rewrite
				-fplugin-arg-mem2reg-algorithm="$(variant_algorithm "$pl")"
				-fplugin-arg-mem2reg-placement="$(variant_placement "$pl")" -fplugin-arg-mem2reg-verify
				-fplugin-arg-mem2reg-stats=none)
			local recarg=-fplugin-arg-mem2reg-output="$rec"
			rc=0
			# shellcheck disable=SC2086
			compile $((2 * TIMEOUT)) "$tmp/rw.err" "$CC" "${pargs[@]}" "$recarg" $lv "${base[@]}" $EXTRA_CFLAGS \
				"${mod[@]}" -S "$f" -o "$tmp/rw.s" || rc=$?
			local cmdline="$CC ${pargs[*]} $recarg $lv ${base[*]} $EXTRA_CFLAGS ${mod[*]} -S $root/$f"
			if [ $rc = 124 ]; then
				timed_out "$cmdline" "$out/fail/$key.timeout" "$ref_s"
				lines+=("timeout - $pl $tag $f")
				continue
			fi
			if [ $rc != 0 ] || ! "$CC" "$tmp/rw.s" -o "$tmp/rw.exe" $LDLIBS >"$tmp/link.err" 2>&1; then
				{ echo "exit status $rc: $cmdline"; cat "$tmp/rw.err" "$tmp/link.err"; } > "$out/fail/$key.error"
				lines+=("error - $pl $tag $f")
				continue
			fi
			local asm=same
			cmp -s "$tmp/ref.s" "$tmp/rw.s" || asm=diff
			if [ $asm = diff ]; then
				diff "$tmp/ref.s" "$tmp/rw.s" | head -100 > "$out/fail/$key.asm"
			fi
			if ! cmp -s "$tmp/ref.err" "$tmp/rw.err"; then
				{ echo "$cmdline"; diff "$tmp/ref.err" "$tmp/rw.err"; } > "$out/fail/$key.diag"
				lines+=("diag $asm $pl $tag $f")
				continue
			fi
			if [ "$lv" = "$COMPARE_DEBUG" ]; then
				rc=0
				# shellcheck disable=SC2086
				compile $((2 * TIMEOUT)) "$tmp/cd.err" \
					"$CC" "${pargs[@]}" \
					$lv -fcompare-debug "${base[@]}" $EXTRA_CFLAGS "${mod[@]}" -S "$f" -o "$tmp/cd.s" || rc=$?
				if [ $rc = 124 ]; then
					timed_out "$cmdline -fcompare-debug" "$out/fail/$key.timeout" "$ref_s"
					lines+=("timeout $asm $pl $tag $f")
					continue
				elif [ $rc != 0 ]; then
					{ echo "exit status $rc: $cmdline -fcompare-debug"; cat "$tmp/cd.err"; } \
						> "$out/fail/$key.debug"
					lines+=("debug $asm $pl $tag $f")
					continue
				fi
			fi
			if [ $slow = 1 ]; then
				lines+=("slow $asm $pl $tag $f")
				continue
			fi
			run_prog rw.exe "$tmp" "$tmp/rw.run"
			local st=ok
			if past_limit "$tmp/rw.run"; then
				# Slower code, or a loop that does not end: run it
				# again with more time to tell which.
				{ echo "$cmdline"; echo "GCC alone's program: $(cat "$tmp/ref.run.cpu") s of CPU time;" \
					"this one: past $RUN_TIMEOUT s, then run with $((SLOW_FACTOR * RUN_TIMEOUT)) s"; } \
					> "$out/fail/$key.okslow"
				run_prog rw.exe "$tmp" "$tmp/rw.run" $((SLOW_FACTOR * RUN_TIMEOUT))
				echo "then: $(head -1 "$tmp/rw.run") after $(cat "$tmp/rw.run.cpu") s" >> "$out/fail/$key.okslow"
				st=okslow
			fi
			if ! cmp -s "$tmp/ref.run" "$tmp/rw.run"; then
				[ $st = okslow ] && mv "$out/fail/$key.okslow" "$out/fail/$key.wrong.time"
				{ echo "$cmdline"; diff "$tmp/ref.run" "$tmp/rw.run" | head -50; } \
					> "$out/fail/$key.wrong"
				lines+=("wrong $asm $pl $tag $f")
				continue
			fi
			if [ $st = okslow ]; then
				lines+=("okslow $asm $pl $tag $f")
			elif [ "$(head -1 "$tmp/ref.run")" = "exit 0" ]; then
				lines+=("ok $asm $pl $tag $f")
			else # the same failure: the test needs options it is not given
				lines+=("okfail $asm $pl $tag $f")
			fi
		done
	done
	finish_file "$tmp" "$out" records/ gz
}

report() {
	python3 "$HERE/rewrite-report.py" "$@"
}

run() {
	local out=$1 root=$2 list=$3 levels=$4 placements=$5
	# (sets out, root, todo, PLUGIN)
	run_setup torture-rewrite "$out" "$root" "$list" 4 fail records results
	mkdir -p "$out/fail" "$out/records"
	local total per
	total=$(wc -l < "$todo")
	per=$(( $(echo "$levels" | awk -F';' '{print NF}') * $(echo "$placements" | awk -F';' '{print NF}') ))
	echo "torture-rewrite: $total files x $per (levels $levels; placements $placements), $JOBS jobs"
	local tty=0
	[ -t 1 ] && tty=1
	local start=$SECONDS
	tr '\n' '\0' < "$todo" |
	xargs -0 -r -P "$JOBS" -n 1 "$HERE/rewrite-torture.sh" one "$out" "$root" "--levels=$levels" \
		"--placements=$placements" 2>&1 |
	awk -v total="$total" -v per="$per" -v tty="$tty" '
		# prints what went wrong, "okslow" and any stray line; the
		# expected states are only counted (the table lists them)
		{ n++; c[$1]++
		  if ($1 !~ /^(ok|okfail|skip|unstable|slow)$/)
			printf "%s%s %s %s %s\n", (tty ? "\r\033[K" : ""), $1, $3, $4, $5
		  if (tty)
			printf "\r%d/%d files, %d wrong, %d errors, %d diag, %d debug, %d timeout", int(n / per), total, c["wrong"], c["error"], c["diag"], c["debug"], c["timeout"]
		  else if (n % (per * 250) == 0)
			printf "%d/%d files\n", int(n / per), total
		  fflush() }
		END { printf "%s%d/%d files done\n", (tty ? "\r\033[K" : ""), int(n / per), total }'
	echo "time: $((SECONDS - start)) s"
	report "$out" "$levels" "$placements"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
one)
	# one OUTDIR SRCROOT --levels=L --placements=P FILE  (as xargs calls it)
	out=$1 root=$2 lv=${3#--levels=} pl=${4#--placements=} f=$5
	one "$out" "$root" "$f" "$lv" "$pl" ;;
run) run "$@" ;;
report) report "$@" ;;
*)
	echo "usage: $0 run OUTDIR SRCROOT LISTFILE LEVELS PLACEMENTS | report OUTDIR LEVELS PLACEMENTS" >&2
	exit 2 ;;
esac
