#!/bin/bash
# torture.sh - compile many C files with the mem2reg plugin in analyze mode
# and check that it neither crashes, nor finds an unexplained difference
# with GCC, nor changes a byte of the assembly.  Used by "make torture"
# and "make csmith" (mk/torture.mk); the method is in doc/torture.md.
#
#   torture.sh run OUTDIR SRCROOT LISTFILE [LEVELS]
#       compile every file of LISTFILE (paths relative to SRCROOT) at each
#       level, two at a time (xargs -P$JOBS), showing progress; write
#       OUTDIR/LEVEL.jsonl (the plugin's records), OUTDIR/results (one line
#       "STATUS LEVEL FILE" per compilation), OUTDIR/fail/ (stderr and
#       assembly diffs of what went wrong), then print the table.
#       A file's records and results are appended together, once all its
#       levels are done, so an interrupted run leaves only whole files:
#       RESUME=1 keeps OUTDIR, skips the files it has and goes on with the
#       same copy of the plugin (OUTDIR/mem2reg.so, OUTDIR/plugin.txt).
#   torture.sh report OUTDIR [LEVELS]    print the table again
#   torture.sh one OUTDIR SRCROOT FILE [LEVELS]   (internal: one file)
#
# LEVELS: a ";"-separated list, default "-O0;-O2;-O2 -g".
# Environment: CC (gcc), PLUGIN (build/mem2reg.so, absolute), JOBS (2),
# RESUME (0), PLUGIN_ID (what the plugin was built from, for plugin.txt),
# EXTRA_CFLAGS (added to both compilations, e.g. -I for csmith),
# PLUGIN_ARGS (more -fplugin-arg-mem2reg-* for the plugin's compilation:
# "-fplugin-arg-mem2reg-mode=rewrite" checks that rewrite mode gives the
# same assembly),
# TIMEOUT (seconds per compilation without the plugin, 300; twice that
# with it, so that a loaded machine does not turn a slow file into a crash), VERIFY (1: also the plugin's
# "verify" of the core's SSA).
#
# Per file and level:
#   1. CC LEVEL -w -gno-record-gcc-switches EXTRA -S FILE -o ref.s
#      fails -> "skip" (GCC rejects the file alone: missing dg-options,
#      target-specific code, intentional errors)
#   2. the same with -fplugin=PLUGIN, stats=none, output=OUTDIR/LEVEL.jsonl
#      (and verify) -> plug.s
#      fails (ICE, signal, error, timeout) -> "crash"
#   3. cmp ref.s plug.s: different -> "asm"; else "ok".
# Unexplained differences are read from the JSON Lines by the report.
set -u

LEVELS_DEFAULT="-O0;-O2;-O2 -g"
CC=${CC:-gcc}
JOBS=${JOBS:-2}
TIMEOUT=${TIMEOUT:-300}
VERIFY=${VERIFY:-1}
EXTRA_CFLAGS=${EXTRA_CFLAGS:-}
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=${PLUGIN:-$HERE/../build/mem2reg.so}

# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"

one() {
	local out=$1 root=$2 f=$3 levels=${4:-$LEVELS_DEFAULT}
	local tmp
	file_tmp torture
	local IFS_SAVE=$IFS lv
	IFS=';'
	local -a lvs=($levels)
	IFS=$IFS_SAVE
	local -a tags=() lines=() mod=()
	# Fortran modules go to this compile's own directory: two jobs
	# writing m.mod into the source tree race ("Cannot rename module file").
	case "$f" in
	*.[fF] | *.[fF]90 | *.[fF]95 | *.[fF]03 | *.[fF]08) mod=(-J "$tmp") ;;
	esac
	cd "$root" || exit 1
	for lv in "${lvs[@]}"; do
		local tag
		tag=$(level_tag "$lv")
		tags+=("$tag")
		: > "$tmp/$tag.jsonl"
		# shellcheck disable=SC2086
		if ! timeout "$TIMEOUT" "$CC" $lv -w -gno-record-gcc-switches $EXTRA_CFLAGS "${mod[@]}" \
			-S "$f" -o "$tmp/ref.s" >/dev/null 2>&1; then
			lines+=("skip $tag $f")
			continue
		fi
		local pargs=(-fplugin="$PLUGIN" -fplugin-arg-mem2reg-stats=none
			-fplugin-arg-mem2reg-output="$tmp/$tag.jsonl")
		[ "$VERIFY" = 1 ] && pargs+=(-fplugin-arg-mem2reg-verify)
		# shellcheck disable=SC2206
		[ -n "${PLUGIN_ARGS:-}" ] && pargs+=($PLUGIN_ARGS)
		local rc=0
		# shellcheck disable=SC2086
		timeout $((2 * TIMEOUT)) "$CC" "${pargs[@]}" $lv -w -gno-record-gcc-switches $EXTRA_CFLAGS "${mod[@]}" \
			-S "$f" -o "$tmp/plug.s" >"$tmp/err" 2>&1 || rc=$?
		local key
		key=$(echo "$tag/$f" | tr '/' '_')
		if [ $rc != 0 ]; then
			{ echo "exit status $rc: $CC ${pargs[*]} $lv -w -gno-record-gcc-switches $EXTRA_CFLAGS ${mod[*]} -S $root/$f"
			  cat "$tmp/err"; } > "$out/fail/$key.crash"
			lines+=("crash $tag $f")
		elif ! cmp -s "$tmp/ref.s" "$tmp/plug.s"; then
			diff "$tmp/ref.s" "$tmp/plug.s" | head -200 > "$out/fail/$key.asm"
			lines+=("asm $tag $f")
		else
			lines+=("ok $tag $f")
		fi
	done
	local -a recs=("${tags[@]}")
	finish_file "$tmp" "$out" ""
}

report() {
	local out=$1 levels=${2:-$LEVELS_DEFAULT}
	python3 "$HERE/torture-report.py" "$out" "$levels"
}

run() {
	local out=$1 root=$2 list=$3 levels=${4:-$LEVELS_DEFAULT}
	# (sets out, root, todo, PLUGIN)
	run_setup torture "$out" "$root" "$list" 2 fail results '*.jsonl'
	mkdir -p "$out/fail"
	local total nlv
	total=$(wc -l < "$todo")
	nlv=$(echo "$levels" | awk -F';' '{print NF}')
	echo "torture: $total files x $nlv levels ($levels), $JOBS jobs, plugin $PLUGIN"
	local tty=0
	[ -t 1 ] && tty=1
	local start=$SECONDS
	tr '\n' '\0' < "$todo" |
	xargs -0 -r -P "$JOBS" -n 1 "$HERE/torture.sh" one "$out" "$root" --levels="$levels" 2>&1 |
	awk -v total="$total" -v nlv="$nlv" -v tty="$tty" -v start="$start" '
		{ n++; c[$1]++
		  if ($1 == "crash" || $1 == "asm") printf "%s%s %s %s\n", (tty ? "\r\033[K" : ""), $1, $2, $3
		  files = int(n / nlv)
		  if (tty)
			printf "\r%d/%d files, %d crashes, %d asm differences, %d skipped", files, total, c["crash"], c["asm"], c["skip"]
		  else if (n % (nlv * 250) == 0)
			printf "%d/%d files, %d crashes, %d asm differences, %d skipped\n", files, total, c["crash"], c["asm"], c["skip"]
		  fflush() }
		END { printf "%s%d/%d files done, %d crashes, %d asm differences, %d skipped\n", (tty ? "\r\033[K" : ""), int(n / nlv), total, c["crash"], c["asm"], c["skip"] }'
	echo "time: $((SECONDS - start)) s"
	report "$out" "$levels"
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
one)
	# one OUTDIR SRCROOT --levels=L FILE  (as xargs calls it)
	out=$1 root=$2 lv=${3#--levels=} f=$4
	one "$out" "$root" "$f" "$lv" ;;
run) run "$@" ;;
report) report "$@" ;;
*)
	echo "usage: $0 run OUTDIR SRCROOT LISTFILE [LEVELS] | report OUTDIR [LEVELS]" >&2
	exit 2 ;;
esac
