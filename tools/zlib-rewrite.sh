#!/bin/bash
# zlib-rewrite.sh - a real program on rewrite mode: zlib (GCC's copy,
# tools/zlib.mk) built by GCC alone and with the plugin in rewrite mode,
# its own test program and minigzip run on both, and compared.  Used by
# "make zlib-rewrite" and testsuite/mem2reg.rewrite/zlib.exp.
#
#   zlib-rewrite.sh OUT SRC LEVELS PLACEMENTS
#
# SRC: zlib's unpacked sources (make zlib-src); LEVELS and PLACEMENTS
# ";"-separated ("-O0;-O2 -g", "pruned;minimal").  Environment: CC
# (gcc), PLUGIN (absolute), JOBS (2).  Per level, GCC alone builds the
# reference (-fchecking=1 -gno-record-gcc-switches); then per placement
# the plugin (mode=rewrite, verify) builds it again, and each check
# prints one line:
#   PASS|FAIL: zlib LEVEL PLACEMENT: builds
#   ...: no diagnostic GCC alone does not give   (each file's stderr)
#   ...: example runs as without the plugin      (exit status, output)
#   ...: minigzip as without the plugin   (-1 -6 -9 -f -h -r on zlib's
#        own sources: the same compressed bytes, which its -d gives back)
#   ...: rewritten   (every function written back by the core, none of
#        its variables left to GCC's renamer but for the documented
#        fallback: tools/rewritten.py on the records of output=)
#   ...: objects byte-identical to GCC alone's   (pruned only)
# "UNSUPPORTED: zlib LEVEL: why" when GCC alone cannot build or run it;
# "NOTE: " lines say why a check failed.  Exit status 1 when one failed,
# 2 on bad arguments.
set -u

CC=${CC:-gcc}
JOBS=${JOBS:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=${PLUGIN:-$HERE/../build/mem2reg.so}
# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"
MODES="-1 -6 -9 -f -h -r"

if [ $# != 4 ]; then
	echo "usage: $0 OUT SRC LEVELS PLACEMENTS" >&2
	exit 2
fi
out=$1 src=$2 levels=$3 placements=$4
if [ ! -f "$src/zlib.h" ] || [ ! -f "$src/example.c" ]; then
	echo "error: $src: not zlib's sources (make zlib-src)" >&2
	exit 2
fi
if [ ! -f "$PLUGIN" ]; then
	echo "error: no plugin $PLUGIN (run make first)" >&2
	exit 2
fi
src=$(cd "$src" && pwd)
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 2
failed=0

check() { # check OK NAME [WHY...]: one result line
	local ok=$1 name=$2
	shift 2
	if [ "$ok" = 1 ]; then
		echo "PASS: $name"
	else
		failed=1
		echo "FAIL: $name"
		[ $# = 0 ] || echo "NOTE: $name: $*"
	fi
}

# build DIR CC CFLAGS: zlib into DIR; its log in DIR.log.
build() {
	rm -rf "$1" && mkdir -p "$1"
	make -s --no-print-directory -f "$HERE/zlib.mk" -j"$JOBS" SRC="$src" OUT="$1" \
		CC="$2" LINK="$CC" CFLAGS="$3" > "$1.log" 2>&1
}

# run DIR: DIR/run.example (exit status and output of example, run in
# DIR: it writes its foo.gz there) and DIR/MODE.gz, minigzip MODE of
# the input; DIR/MODE.back, minigzip -d of that.
run() {
	local d=$1 rc=0 m
	(cd "$d" && timeout 60 ./example > example.out 2>&1) || rc=$?
	{ echo "exit $rc"; cat "$d/example.out"; } > "$d/run.example"
	for m in $MODES; do
		timeout 60 "$d/minigzip" "$m" < "$out/input" > "$d/$m.gz" 2>/dev/null || echo "exit $?" >> "$d/$m.gz"
		timeout 60 "$d/minigzip" -d < "$d/$m.gz" > "$d/$m.back" 2>/dev/null || echo "exit $?" >> "$d/$m.back"
	done
}

# The input of minigzip: zlib's own sources, in a fixed order (~600 KB).
(LC_ALL=C; cat "$src"/*.[ch]) > "$out/input"

IFS=';' read -r -a lvs <<< "$levels"
IFS=';' read -r -a pls <<< "$placements"
for lv in "${lvs[@]}"; do
	tag=$(level_tag "$lv")
	base="$lv -fchecking=1 -gno-record-gcc-switches"
	ref=$out/$tag/gcc
	# shellcheck disable=SC2086
	if ! build "$ref" "$CC" "$base"; then
		echo "UNSUPPORTED: zlib $lv: GCC alone does not build it (see $ref.log)"
		continue
	fi
	run "$ref"
	if [ "$(head -1 "$ref/run.example")" != "exit 0" ]; then
		echo "UNSUPPORTED: zlib $lv: example built by GCC alone fails (see $ref/run.example)"
		continue
	fi
	for pl in "${pls[@]}"; do
		d=$out/$tag/$pl rec=$out/$tag/$pl.jsonl name="zlib $lv $pl"
		: > "$rec"
		if ! build "$d" "$CC -fplugin=$PLUGIN" "$base -fplugin-arg-mem2reg-mode=rewrite \
-fplugin-arg-mem2reg-placement=$pl -fplugin-arg-mem2reg-verify -fplugin-arg-mem2reg-stats=none \
-fplugin-arg-mem2reg-output=$rec"; then
			check 0 "$name: builds" "$(head -20 "$d.log")"
			continue
		fi
		check 1 "$name: builds"
		why=
		for e in "$ref"/*.o.stderr; do
			cmp -s "$e" "$d/${e##*/}" || why="$why ${e##*/}"
		done
		check "$([ -z "$why" ] && echo 1)" "$name: no diagnostic GCC alone does not give" \
			"the stderr of these compiles differs from GCC alone's:$why (in $d)"
		run "$d"
		ok=0
		cmp -s "$ref/run.example" "$d/run.example" && ok=1
		check $ok "$name: example runs as without the plugin" \
			"$(diff "$ref/run.example" "$d/run.example" | head -10)"
		why=
		for m in $MODES; do
			cmp -s "$ref/$m.gz" "$d/$m.gz" || why="$why $m: compressed bytes differ;"
			cmp -s "$out/input" "$d/$m.back" || why="$why $m: -d does not give the input back;"
		done
		check "$([ -z "$why" ] && echo 1)" "$name: minigzip as without the plugin" "$why"
		ok=0
		why=$(python3 "$HERE/rewritten.py" "$rec" 2>&1) && ok=1
		check $ok "$name: rewritten" "$rec: $(echo "$why" | grep -v "^file " | head -10 | tr "\n" " ")"
		if [ "$pl" = pruned ]; then
			why=
			for o in "$ref"/*.o; do
				cmp -s "$o" "$d/${o##*/}" || why="$why ${o##*/}"
			done
			check "$([ -z "$why" ] && echo 1)" "$name: objects byte-identical to GCC alone's" \
				"these differ:$why"
		fi
	done
done
exit $failed
