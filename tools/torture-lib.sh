# torture-lib.sh - what the drivers of the long runs share (sourced by
# torture.sh, rewrite-torture.sh, placement-study.sh, deb-rebuild.sh and
# stage2.sh).

# file_tmp NAME: sets tmp to a fresh directory for one file's work.  A
# worker stopped by a signal (a run interrupted to go on later with
# RESUME=1) removes it: a stopped run leaves nothing behind in /tmp.
# (Bash runs the trap once the compiler or program in the foreground
# has ended.)
file_tmp() {
	tmp=$(mktemp -d "${TMPDIR:-/tmp}/m2r-$1.XXXXXX") || exit 1
	M2R_FILE_TMP=$tmp
	trap 'rm -rf "$M2R_FILE_TMP"; exit 143' TERM
	trap 'rm -rf "$M2R_FILE_TMP"; exit 130' INT
	trap 'rm -rf "$M2R_FILE_TMP"; exit 129' HUP
}

# "-O2 -g" -> "O2-g"
level_tag() { echo "$1" | sed 's/^-//; s/ -/-/g; s/ /_/g'; }

# A placement of a rewrite run is the plugin's placement= with the
# default algorithm, or ALGORITHM-PLACEMENT with another (mk/rewrite.mk):
# "braun-pruned" -> braun and pruned, "minimal" -> llvm and minimal.
variant_algorithm() { case $1 in *-*) echo "${1%%-*}" ;; *) echo llvm ;; esac; }
variant_placement() { echo "${1#*-}"; }

# run_setup NAME OUT ROOT LIST FIELDS CLEAN...: the start of a run.
# Sets out and root (absolute), todo (the files still to do) and PLUGIN
# (exported: the run's own copy, so that a "make" elsewhere cannot
# replace it under a running compilation, cc1: "file too short").
# RESUME=1 with a results file whose lines are FIELDS fields then the
# file goes on with the files not in it, with the plugin the run began
# with, and only with the driver it began with (this file and the
# caller, their digest in OUT/driver.txt: a newer driver may pass
# arguments the old plugin does not know, and every compile would fail);
# otherwise CLEAN (paths below OUT) are removed and a new copy of the
# plugin is described in OUT/plugin.txt.
run_setup() {
	local name=$1 list=$4 fields=$5
	out=$2 root=$3
	shift 5
	if [ ! -f "$PLUGIN" ]; then
		echo "error: no plugin $PLUGIN (run make first)" >&2
		exit 1
	fi
	root=$(cd "$root" && pwd)
	mkdir -p "$out"
	out=$(cd "$out" && pwd)
	todo=$list
	local drv
	drv=$(cat "$0" "${BASH_SOURCE[0]}" | sha256sum | cut -c1-16)
	if [ "${RESUME:-0}" = 1 ] && [ -f "$out/results" ] && [ -f "$out/mem2reg.so" ]; then
		if [ -f "$out/driver.txt" ] && [ "$(cat "$out/driver.txt")" != "$drv" ]; then
			echo "error: $out: the run began with another version of $(basename "$0") or" \
				"torture-lib.sh; start it again without RESUME=1" >&2
			exit 2
		fi
		# Whole files only are in results: go on with the others.
		todo="$out/todo"
		# (FILENAME, not NR == FNR: an empty results file is no list)
		awk -v k="$fields" 'FILENAME == ARGV[1] { for (i = 0; i < k; i++) sub(/^[^ ]+ /, ""); done[$0] = 1; next }
			!($0 in done)' "$out/results" "$list" > "$todo"
		echo "$name: resuming: $(($(wc -l < "$list") - $(wc -l < "$todo"))) of $(wc -l < "$list") files already done"
		cat "$out/plugin.txt" 2>/dev/null
	else
		local c
		# shellcheck disable=SC2086
		for c in "$@"; do rm -rf "${out:?}"/$c; done
		rm -f "$out/todo"
		cp "$PLUGIN" "$out/mem2reg.so.tmp" && mv -f "$out/mem2reg.so.tmp" "$out/mem2reg.so" || exit 1
		echo "$drv" > "$out/driver.txt"
		{ echo "plugin: ${PLUGIN_ID:-unknown}, $(date -u +%Y-%m-%dT%H:%MZ)"
		  sha256sum "$out/mem2reg.so"; } > "$out/plugin.txt"
	fi
	: >> "$out/results"
	export PLUGIN="$out/mem2reg.so"
}

# finish_file TMP OUT RECDIR [gz]: the end of one file of a run.  Appends
# the caller's records TMP/R.jsonl (R in the array recs) to
# OUT/RECDIR/R.jsonl, or with gz as one gzip member to OUT/RECDIR/
# R.jsonl.gz (gzip -dc reads every member: a 25th of the size, and
# csmith's 10,000 programs would otherwise keep 40 GB of records), and
# its result lines (the array lines) to OUT/results, both at once under
# a lock, so that an interrupted run has only whole files and parallel
# jobs never interleave; prints the lines, removes TMP.  (A worker
# stopped by a signal finishes the append first: bash runs the trap
# once the command in the foreground has ended.)
finish_file() {
	local tmp=$1 out=$2 dir=$3 gz=${4:-}
	(
		flock 9 || exit 1
		local r
		for r in "${recs[@]}"; do
			if [ "$gz" = gz ]; then
				gzip -c "$tmp/$r.jsonl" >> "$out/$dir$r.jsonl.gz"
			else
				cat "$tmp/$r.jsonl" >> "$out/$dir$r.jsonl"
			fi
		done
		[ ${#lines[@]} = 0 ] || printf '%s\n' "${lines[@]}" >> "$out/results"
	) 9>>"$out/.lock"
	[ ${#lines[@]} = 0 ] || printf '%s\n' "${lines[@]}"
	rm -rf "$tmp"
}

# rewritten_counts RECORDS NOTWHOLE: "FUNCTIONS REWRITTEN" over the
# function records of RECORDS (tools/rewritten.py's definition of whole);
# the functions not whole go to NOTWHOLE, "not ..." or "documented ..."
# (the accepted fallback of the textbook placements) a line.
rewritten_counts() {
	: > "$2"
	[ -s "$1" ] || { echo "0 0"; return; }
	python3 "$(dirname "${BASH_SOURCE[0]}")/rewritten.py" "$1" 2>/dev/null |
		awk -v nw="$2" '$1 == "file" { n += $NF } $1 == "not" || $1 == "documented" { bad++; print > nw }
		     END { printf "%d %d\n", n, n - bad }'
}
