#!/bin/bash
# program-rewrite.sh - real programs on rewrite mode: a program built by
# GCC alone and with the plugin in rewrite mode, its own tests run on
# both builds, and compared.  Used by "make zlib-rewrite", "make
# libiberty-rewrite" and testsuite/mem2reg.rewrite/programs.exp.
#
#   program-rewrite.sh PROGRAM OUT SRC LEVELS PLACEMENTS
#
# PROGRAM and SRC:
#   zlib       zlib's *.c and *.h (make zlib-src), built by tools/zlib.mk;
#              its tests: example, and minigzip -1 -6 -9 -f -h -r on
#              zlib's own sources (the same compressed bytes, which its
#              -d gives back)
#   libiberty  GCC's libiberty/ and include/ (make libiberty-src),
#              configured once by GCC alone, built by its own Makefile;
#              its tests: test-demangle on its three files of expected
#              demanglings (C++, D, Rust), test-pexecute,
#              test-expandargv, test-strtol
# LEVELS and PLACEMENTS ";"-separated ("-O0;-O2 -g", "pruned;minimal").
# Environment: CC (gcc), PLUGIN (absolute), JOBS (2).  Per level, GCC
# alone builds the reference (-fchecking=1 -gno-record-gcc-switches);
# then per placement the plugin (mode=rewrite, verify) builds it again,
# and each check prints one line:
#   PASS|FAIL: PROGRAM LEVEL PLACEMENT: builds
#   ...: no diagnostic GCC alone does not give
#   ...: TEST runs as without the plugin   (exit status, output; one
#        line per test of the program)
#   ...: rewritten   (every function written back by the core, none of
#        its variables left to GCC's renamer but for the documented
#        fallback: tools/rewritten.py on the records of output=)
#   ...: objects byte-identical to GCC alone's   (pruned only)
# "UNSUPPORTED: PROGRAM LEVEL: why" when GCC alone cannot build it or
# its tests fail; "NOTE: " lines say why a check failed.  Exit status 1
# when one failed, 2 on bad arguments.
# (the recipes are called as "${prog}_build" and so on)
# shellcheck disable=SC2317
set -u

CC=${CC:-gcc}
JOBS=${JOBS:-2}
HERE=$(cd "$(dirname "$0")" && pwd)
PLUGIN=${PLUGIN:-$HERE/../build/mem2reg.so}
# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"

# ---------- zlib ----------

ZLIB_MODES="-1 -6 -9 -f -h -r"
zlib_src_ok() { [ -f "$src/zlib.h" ] && [ -f "$src/example.c" ]; }

# The input of minigzip: zlib's own sources, in a fixed order (~600 KB).
zlib_setup() { (LC_ALL=C; cat "$src"/*.[ch]) > "$out/input"; }

# zlib_build DIR CC CFLAGS: zlib into DIR, each compile's stderr in
# DIR/OBJ.stderr; the log in DIR.log.
zlib_build() {
	rm -rf "$1" && mkdir -p "$1"
	make -s --no-print-directory -f "$HERE/zlib.mk" -j"$JOBS" SRC="$src" OUT="$1" \
		CC="$2" LINK="$CC" CFLAGS="$3" > "$1.log" 2>&1
}
zlib_objects() { (cd "$1" && echo *.o); }
zlib_stderrs() { (cd "$1" && echo *.o.stderr); }

# zlib_run DIR: DIR/run.example (its exit status and output; run in DIR,
# it writes foo.gz there), DIR/MODE.gz (minigzip MODE of the input),
# DIR/MODE.back (minigzip -d of that).
zlib_run() {
	local d=$1 rc=0 m
	(cd "$d" && timeout 60 ./example > example.out 2>&1) || rc=$?
	{ echo "exit $rc"; cat "$d/example.out"; } > "$d/run.example"
	for m in $ZLIB_MODES; do
		timeout 60 "$d/minigzip" "$m" < "$out/input" > "$d/$m.gz" 2>/dev/null || echo "exit $?" >> "$d/$m.gz"
		timeout 60 "$d/minigzip" -d < "$d/$m.gz" > "$d/$m.back" 2>/dev/null || echo "exit $?" >> "$d/$m.back"
	done
}
zlib_ref_fails() { [ "$(head -1 "$1/run.example")" != "exit 0" ] && echo "example fails (see $1/run.example)"; }

# zlib_compare REF DIR NAME: the checks of the tests.
zlib_compare() {
	local ref=$1 d=$2 name=$3 ok=0 why='' m
	cmp -s "$ref/run.example" "$d/run.example" && ok=1
	check "$ok" "$name: example runs as without the plugin" \
		"$(diff "$ref/run.example" "$d/run.example" | head -10)"
	for m in $ZLIB_MODES; do
		cmp -s "$ref/$m.gz" "$d/$m.gz" || why="$why $m: compressed bytes differ;"
		cmp -s "$out/input" "$d/$m.back" || why="$why $m: -d does not give the input back;"
	done
	check "$([ -z "$why" ] && echo 1)" "$name: minigzip runs as without the plugin" "$why"
}

# ---------- libiberty ----------

LIBIBERTY_TESTS="demangle d-demangle rust-demangle pexecute expandargv strtol"
libiberty_src_ok() { [ -x "$src/libiberty/configure" ] && [ -f "$src/include/libiberty.h" ]; }

# Configured once, by GCC alone; each build starts from a copy (the
# configuration does not depend on the level).  Kept for the next run
# with the same sources and compiler.
libiberty_setup() {
	local c=$out/configured
	if [ -f "$c/.src" ] && [ "$(cat "$c/.src")" = "$src $CC" ]; then return 0; fi
	rm -rf "$c" && mkdir -p "$c" || exit 2
	if ! (cd "$c" && "$src/libiberty/configure" CC="$CC" CFLAGS=-O2 > configure.log 2>&1); then
		echo "error: libiberty's configure failed (see $c/configure.log)" >&2
		exit 2
	fi
	echo "$src $CC" > "$c/.src"
}

# libiberty_build DIR CC CFLAGS: libiberty.a and the test programs in DIR
# (the objects' DWARF names the directory "."), make's stderr sorted in
# DIR/build.stderr (parallel compiles interleave their diagnostics); the
# log in DIR.log.
libiberty_build() {
	local d=$1 cflags="$3 -fdebug-prefix-map=$1=."
	rm -rf "$d" && mkdir -p "${d%/*}" && cp -a "$out/configured" "$d" || return 1
	{ make -s --no-print-directory -C "$d" -j"$JOBS" CC="$2" CFLAGS="$cflags" libiberty.a &&
	  make -s --no-print-directory -C "$d/testsuite" -j"$JOBS" CC="$2" CFLAGS="$cflags" \
		test-demangle test-pexecute test-expandargv test-strtol; } > "$d.log" 2> "$d.err"
	local rc=$?
	LC_ALL=C sort "$d.err" > "$d/build.stderr"
	cat "$d.err" >> "$d.log" && rm -f "$d.err"
	return "$rc"
}
libiberty_objects() { (cd "$1" && echo *.o); }
libiberty_stderrs() { echo build.stderr; }

# libiberty_run DIR: DIR/run.TEST, each test's exit status and output
# (run in DIR/testsuite: test-pexecute runs itself).
libiberty_run() {
	local t=$1/testsuite exp=$src/libiberty/testsuite k rc
	for k in demangle d-demangle rust-demangle; do
		rc=0
		(cd "$t" && timeout 60 ./test-demangle < "$exp/$k-expected" > "$1/run.$k.out" 2>&1) || rc=$?
		{ echo "exit $rc"; cat "$1/run.$k.out"; } > "$1/run.$k"
	done
	for k in pexecute expandargv strtol; do
		rc=0
		(cd "$t" && timeout 60 "./test-$k" > "$1/run.$k.out" 2>&1 </dev/null) || rc=$?
		{ echo "exit $rc"; cat "$1/run.$k.out"; } > "$1/run.$k"
	done
}
libiberty_ref_fails() {
	local k
	for k in $LIBIBERTY_TESTS; do
		[ "$(head -1 "$1/run.$k")" = "exit 0" ] || { echo "test $k fails (see $1/run.$k)"; return; }
	done
}
libiberty_compare() {
	local ref=$1 d=$2 name=$3 k ok
	for k in $LIBIBERTY_TESTS; do
		ok=0
		cmp -s "$ref/run.$k" "$d/run.$k" && ok=1
		check "$ok" "$name: test $k runs as without the plugin" "$(diff "$ref/run.$k" "$d/run.$k" | head -10)"
	done
}

# ---------- the checks ----------

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

# differing REF DIR NAME...: " NAME" for each file whose copies in REF
# and DIR differ.
differing() {
	local ref=$1 d=$2 f
	shift 2
	for f in "$@"; do
		cmp -s "$ref/$f" "$d/$f" || printf ' %s' "$f"
	done
}

if [ $# != 5 ]; then
	echo "usage: $0 zlib|libiberty OUT SRC LEVELS PLACEMENTS" >&2
	exit 2
fi
prog=$1 out=$2 src=$3 levels=$4 placements=$5
case $prog in
zlib | libiberty) ;;
*) echo "error: unknown program '$prog' (zlib, libiberty)" >&2; exit 2 ;;
esac
if [ ! -d "$src" ] || ! src=$(cd "$src" && pwd) || ! "${prog}_src_ok"; then
	echo "error: $src: not $prog's sources (make $prog-src)" >&2
	exit 2
fi
if [ ! -f "$PLUGIN" ]; then
	echo "error: no plugin $PLUGIN (run make first)" >&2
	exit 2
fi
mkdir -p "$out" && out=$(cd "$out" && pwd) || exit 2
failed=0
"${prog}_setup"

IFS=';' read -r -a lvs <<< "$levels"
IFS=';' read -r -a pls <<< "$placements"
for lv in "${lvs[@]}"; do
	tag=$(level_tag "$lv")
	base="$lv -fchecking=1 -gno-record-gcc-switches"
	ref=$out/$tag/gcc
	if ! "${prog}_build" "$ref" "$CC" "$base"; then
		echo "UNSUPPORTED: $prog $lv: GCC alone does not build it (see $ref.log)"
		continue
	fi
	"${prog}_run" "$ref"
	why=$("${prog}_ref_fails" "$ref")
	if [ -n "$why" ]; then
		echo "UNSUPPORTED: $prog $lv: built by GCC alone, $why"
		continue
	fi
	for pl in "${pls[@]}"; do
		d=$out/$tag/$pl rec=$out/$tag/$pl.jsonl name="$prog $lv $pl"
		: > "$rec"
		if ! "${prog}_build" "$d" "$CC -fplugin=$PLUGIN" "$base -fplugin-arg-mem2reg-mode=rewrite \
-fplugin-arg-mem2reg-algorithm=$(variant_algorithm "$pl") \
-fplugin-arg-mem2reg-placement=$(variant_placement "$pl") -fplugin-arg-mem2reg-verify -fplugin-arg-mem2reg-stats=none \
-fplugin-arg-mem2reg-output=$rec"; then
			check 0 "$name: builds" "$(head -20 "$d.log")"
			continue
		fi
		check 1 "$name: builds"
		# shellcheck disable=SC2046
		why=$(differing "$ref" "$d" $("${prog}_stderrs" "$ref"))
		check "$([ -z "$why" ] && echo 1)" "$name: no diagnostic GCC alone does not give" \
			"the stderr of these compiles differs from GCC alone's:$why (in $d)"
		"${prog}_run" "$d"
		"${prog}_compare" "$ref" "$d" "$name"
		ok=0
		why=$(python3 "$HERE/rewritten.py" "$rec" 2>&1) && ok=1
		check "$ok" "$name: rewritten" "$rec: $(echo "$why" | grep -v "^file " | head -10 | tr "\n" " ")"
		if [ "$(variant_placement "$pl")" = pruned ]; then
			# shellcheck disable=SC2046
			why=$(differing "$ref" "$d" $("${prog}_objects" "$ref"))
			check "$([ -z "$why" ] && echo 1)" "$name: objects byte-identical to GCC alone's" \
				"these differ:$why"
		fi
	done
done
exit $failed
