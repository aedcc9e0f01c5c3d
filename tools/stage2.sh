#!/bin/bash
# stage2.sh - a compiler built by our into-SSA: GCC 12's C compiler
# (cc1 and its driver, from Debian's gcc-12-source, --disable-bootstrap)
# built by GCC alone and with the plugin in rewrite mode for each
# placement; then each of those compilers compiles all of gcc.c-torture
# at LEVEL to assembly, and the assembly of each plugin-built compiler
# must be byte-identical to that of the compiler GCC alone built.  Used
# by "make stage2" (mk/stage2.mk); doc/rebuild.md has the method and the
# results.
#
#   stage2.sh OUT TARBALL TORTURE_ROOT
#
# TARBALL is gcc-12's source tarball (/usr/src/gcc-12/gcc-*.tar.xz),
# unpacked once into OUT/src.  Per variant ("gcc", then each placement):
#   OUT/VARIANT/obj/        the build (configured and made in OUT/obj,
#                           the same path for every variant, then moved
#                           here, by the wrappers OUT/wrap/cc and c++,
#                           which add the plugin's options, and with
#                           -gno-record-gcc-switches: so that neither a
#                           path nor the plugin's options differ in the
#                           built compilers, which are compared too)
#   OUT/VARIANT/build.log   configure and make all-gcc
#   OUT/VARIANT/records.jsonl   the plugin's records (placements)
#   OUT/VARIANT/seconds     how long the build took
#   OUT/VARIANT/asm/        the torture files compiled by that compiler
# OUT/results: one line per placement and file, "STATUS PLACEMENT FILE":
#   same     the assembly is the reference's, byte for byte
#   diff     it is not (the failure this run exists to find)
#   fail     the plugin-built compiler failed where the reference did not
#   skip     the reference compiler (built by GCC alone) rejects the file
# OUT/summary.tsv: per placement, the counts, whether the built cc1 is
# bit for bit the reference's, and the functions rewritten (every
# compile of the build went through the plugin: tools/rewritten.py).
# Exit status 0 when every placement built and no file is diff or fail.
#
# Environment: CC (gcc-12), CXX (g++-12): the compilers that build GCC,
# the plugin's own; PLUGIN (absolute); PLACEMENTS ("pruned minimal"); JOBS
# (2); LEVEL (-O2); RESUME (1: a variant whose OUT/VARIANT/obj/gcc/cc1
# exists is not built again, and one whose torture compile ran to its end
# at the same LEVEL, OUT/VARIANT/asm/done, not compiled again).
set -u

CC=${CC:-gcc-12}
CXX=${CXX:-g++-12}
PLACEMENTS=${PLACEMENTS:-pruned minimal}
JOBS=${JOBS:-2}
LEVEL=${LEVEL:--O2}
RESUME=${RESUME:-0}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"

die() { echo "stage2.sh: error: $*" >&2; exit 2; }
note() { echo "stage2: $*"; }

[ $# = 3 ] || die "usage: stage2.sh OUT TARBALL TORTURE_ROOT"
OUT=$(mkdir -p "$1" && cd "$1" && pwd) || die "cannot make $1"
TARBALL=$2 ROOT=$3
[ -f "$TARBALL" ] || die "no GCC source tarball '$TARBALL' (apt-get install gcc-12-source)"
[ -d "$ROOT/execute" ] || die "no gcc.c-torture in '$ROOT' (make torture-src)"
[ -n "${PLUGIN:-}" ] && [ -f "$PLUGIN" ] || die "PLUGIN='${PLUGIN:-}': not the plugin's file"
for pl in $PLACEMENTS; do
	case $pl in pruned | semipruned | minimal) ;; *) die "PLACEMENTS: '$pl' is not pruned, semipruned or minimal" ;; esac
done

# ---------- the source, once ----------
if [ ! -f "$OUT/src/.unpacked" ]; then
	note "unpacking $TARBALL"
	rm -rf "$OUT/src" && mkdir -p "$OUT/src"
	tar -xJf "$TARBALL" -C "$OUT/src" --strip-components=1 || die "cannot unpack $TARBALL"
	touch "$OUT/src/.unpacked"
fi

# ---------- one compiler per variant ----------

# wrappers FLAGS: OUT/wrap/cc and c++, the compilers every variant is
# configured with: $CC and $CXX with FLAGS after the arguments.  The
# same path for every variant, so that the configure command line GCC
# keeps (gcc -v, plugin.o, cc1-checksum.o) is the same, and the built
# cc1s can be compared bit for bit.
wrappers() {
	local w=$OUT/wrap
	mkdir -p "$w"
	printf '#!/bin/sh\nexec %s "$@" %s\n' "$CC" "$1" > "$w/cc"
	printf '#!/bin/sh\nexec %s "$@" %s\n' "$CXX" "$1" > "$w/c++"
	chmod 755 "$w/cc" "$w/c++"
}

# build VARIANT FLAGS: the compiler of VARIANT in OUT/VARIANT/obj; 0 when built.
build() {
	local v=$1 flags=$2 dst=$OUT/$1 t0 rc=0
	if [ "$RESUME" = 1 ] && [ -x "$dst/obj/gcc/cc1" ]; then
		note "$v: built already (RESUME=1)"
		return 0
	fi
	rm -rf "$dst" "$OUT/obj" && mkdir -p "$dst" "$OUT/obj"
	: > "$dst/records.jsonl"
	flags=${flags//@REC@/$dst/records.jsonl}
	note "$v: building GCC's C compiler ($CC $flags)"
	wrappers "$flags"
	t0=$(date +%s)
	(cd "$OUT/obj" &&
		"$OUT/src/configure" --disable-bootstrap --enable-languages=c --disable-multilib \
			--disable-nls --disable-werror --without-isl \
			CC="$OUT/wrap/cc" CXX="$OUT/wrap/c++" CFLAGS="-O2 -g -gno-record-gcc-switches" \
			CXXFLAGS="-O2 -g -gno-record-gcc-switches" &&
		make -j"$JOBS" all-gcc) > "$dst/build.log" 2>&1 || rc=$?
	echo $(($(date +%s) - t0)) > "$dst/seconds"
	mv "$OUT/obj" "$dst/obj"
	[ $rc = 0 ] && [ -x "$dst/obj/gcc/cc1" ]
}

# compile VARIANT: every file of OUT/files by VARIANT's compiler into
# OUT/VARIANT/asm (FILE.s, or FILE.fail when it failed).
compile() {
	local v=$1 g=$OUT/$1/obj/gcc
	if [ "$RESUME" = 1 ] && [ "$(cat "$OUT/$v/asm/done" 2>/dev/null)" = "$LEVEL" ]; then
		note "$v: compiled already at $LEVEL (RESUME=1)"
		return
	fi
	rm -rf "$OUT/$v/asm" && mkdir -p "$OUT/$v/asm"
	note "$v: compiling $(wc -l < "$OUT/files") files at $LEVEL"
	# shellcheck disable=SC2016
	tr '\n' '\0' < "$OUT/files" | (cd "$ROOT" && xargs -0 -P "$JOBS" -n 16 sh -c '
		g=$1 out=$2 lv=$3; shift 3
		for f in "$@"; do
			s=$out/$(echo "$f" | tr / _).s
			timeout 300 "$g/xgcc" -B"$g/" $lv -w -S "$f" -o "$s" 2>/dev/null ||
				{ rm -f "$s"; touch "${s%.s}.fail"; }
		done' sh "$g" "$OUT/$v/asm" "$LEVEL") &&
		echo "$LEVEL" > "$OUT/$v/asm/done"
}

(cd "$ROOT" && find compile execute -name '*.c' | LC_ALL=C sort) > "$OUT/files"

build gcc "" || die "GCC alone did not build its compiler: $OUT/gcc/build.log"
compile gcc
: > "$OUT/results"
printf 'placement\tcc1\tfiles\tsame\tdiff\tfail\tskip\tfunctions\trewritten\n' > "$OUT/summary.tsv"
rc=0
for pl in $PLACEMENTS; do
	if ! build "$pl" "-fplugin=$PLUGIN -fplugin-arg-mem2reg-mode=rewrite -fplugin-arg-mem2reg-placement=$pl \
-fplugin-arg-mem2reg-verify -fplugin-arg-mem2reg-stats=none -fplugin-arg-mem2reg-output=@REC@"; then
		note "$pl: the compiler did not build: $OUT/$pl/build.log"
		printf '%s\tnot-built\t-\t-\t-\t-\t-\t-\t-\n' "$pl" >> "$OUT/summary.tsv"
		rc=1
		continue
	fi
	compile "$pl"
	while read -r f; do
		k=$(echo "$f" | tr / _)
		a=$OUT/gcc/asm/$k.s b=$OUT/$pl/asm/$k.s
		if [ ! -f "$a" ]; then
			echo "skip $pl $f"
		elif [ ! -f "$b" ]; then
			echo "fail $pl $f"
		elif cmp -s "$a" "$b"; then
			echo "same $pl $f"
		else
			echo "diff $pl $f"
		fi
	done < "$OUT/files" >> "$OUT/results"
	cc1=differs
	cmp -s "$OUT/gcc/obj/gcc/cc1" "$OUT/$pl/obj/gcc/cc1" && cc1=identical
	fr=$(rewritten_counts "$OUT/$pl/records.jsonl" "$OUT/$pl/not-whole.txt" | tr ' ' '\t')
	awk -v pl="$pl" -v cc1="$cc1" -v fr="$fr" '$2 == pl { n++; c[$1]++ }
		END { printf "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%s\n", pl, cc1, n, c["same"], c["diff"], c["fail"], c["skip"], fr }' \
		"$OUT/results" >> "$OUT/summary.tsv"
	grep -q "^\(diff\|fail\) $pl " "$OUT/results" && rc=1
done
column -t -s "$(printf '\t')" "$OUT/summary.tsv"
exit $rc
