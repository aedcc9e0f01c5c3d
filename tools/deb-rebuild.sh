#!/bin/bash
# deb-rebuild.sh - Debian source packages built by GCC alone and with the
# plugin in rewrite mode, their own build-time tests run both ways, and
# their .debs compared bit for bit.  Used by "make deb-rebuild" (in the
# Debian root of the suite, mk/rebuild.mk) and by
# testsuite/mem2reg.rebuild/ (on one tiny local package); doc/rebuild.md
# has the method and the results.
#
#   deb-rebuild.sh run OUT PKG...   build each PKG, write OUT/summary.tsv
#   deb-rebuild.sh diffs OUT        diffoscope over every pair of .debs
#                                   that differ with pruned placement
#                                   (run where diffoscope is)
#   deb-rebuild.sh tests LOG        pass, fail or none: the tests of the
#                                   build whose log is LOG (below)
#   deb-rebuild.sh retest OUT       OUT/summary.tsv's tests columns read
#                                   again from the builds' logs
#   deb-rebuild.sh wrappers DIR     the compilers' wrappers (below) into
#                                   DIR, their names printed
#
# PKG is a source package's name (apt-get source, from the deb-src lines
# of this system's apt) or the path of a .dsc.  Per package, into
# OUT/PKG/:
#   src/               the source package, as fetched
#   deps.log           apt-get build-dep (when the build dependencies are
#                      not all installed already: dpkg-checkbuilddeps)
#   wrappers.txt       the compilers' names wrapped for its builds (below)
#   VARIANT/build.log  dpkg-buildpackage -b -us -uc, VARIANT "gcc" (GCC
#                      alone) and each placement of PLACEMENTS (the plugin,
#                      mode=rewrite, verify); the same build directory
#                      (BUILD_DIR/PKG/tree) for every variant
#   VARIANT/debs/      the .deb, .udeb and .ddeb files it made
#   VARIANT/records.jsonl   the plugin's records (placements only)
#   VARIANT/differ.txt the .debs not bit for bit GCC alone's (placements)
#   VARIANT/seconds    how long the build took
#
# Every C, C++ and Fortran compile goes through wrappers that come first
# in PATH (every name of the gcc, g++ and gfortran drivers: cc, c++,
# f77, f95, with and without the version and the triple): they add
# -gno-record-gcc-switches (both variants, so that no command line
# differs in the debug info) and, for a placement, the plugin's
# arguments.  The wrappers catch builds that
# ignore dpkg-buildflags; a build that calls /usr/bin/gcc by its full
# path escapes them (its records then miss those compiles, and
# "functions" says so).
#
# Tests: the build runs its build-time tests as dpkg-buildpackage does
# (dh_auto_test, or the package's override_dh_auto_test).  With
# DH_VERBOSE=1 debhelper echoes what each step runs: "none" when the test
# step ran no command (or the package has no dh sequence), "fail" when
# the build stopped in it (then the build is made again with
# DEB_BUILD_OPTIONS=nocheck, for its .debs), "pass" otherwise.
#
# summary.tsv: one row per package and placement, tab-separated:
#   package version placement tests_gcc tests_plugin contents functions rewritten
# tests_*: pass, fail or none (GCC alone's and the plugin's); contents:
# identical (every .deb bit for bit GCC alone's), differ, or what stopped
# the comparison: "gcc-failed" (GCC alone did not build it: not counted
# against the plugin), "plugin-failed", "no-source", "no-deps";
# functions: the function records of the plugin's build, rewritten: those
# written back whole (tools/rewritten.py's definition; the others are
# listed in OUT/PKG/PLACEMENT/not-whole.txt).  A package that
# fails never stops the others.  Only pruned placement gives GCC's own
# phis: the other placements' contents may differ, and are listed, not
# counted as failures.
#
# Environment: RESUME (1: keep the rows of OUT/summary.tsv of packages
# done at every placement, build the others, and those without their
# source or build dependencies again), PLUGIN (the plugin,
# absolute: required for run), PLACEMENTS
# ("pruned minimal"), FALLBACK_SUITE (the suite whose source is built
# when the archive lacks this system's: fetch_other), JOBS (2), BUILD_DIR (/tmp/m2r-deb-build), CC_BIN
# (the directory of the real compilers, /usr/bin), BUILD_USER (the user
# the builds run as when run by root: m2r-build, made when missing; the
# tests of many packages fail as root), EXTRA_PLUGIN_FLAGS (more flags
# for the plugin's variant only: the test suite makes contents differ
# with it on purpose).  Exit status 0 when every row is clean or not the
# plugin's fault, 1 when one is not, 2 on bad usage.
set -u

PLACEMENTS=${PLACEMENTS:-pruned minimal}
JOBS=${JOBS:-2}
BUILD_DIR=${BUILD_DIR:-/tmp/m2r-deb-build}
CC_BIN=${CC_BIN:-/usr/bin}
BUILD_USER=${BUILD_USER:-m2r-build}
EXTRA_PLUGIN_FLAGS=${EXTRA_PLUGIN_FLAGS:-}
HERE=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=tools/torture-lib.sh
. "$HERE/torture-lib.sh"

die() { echo "deb-rebuild.sh: error: $*" >&2; exit 2; }
note() { echo "deb-rebuild: $*"; }

# ---------- the compilers' wrappers ----------

# wrappers DIR: in DIR, one script per name in CC_BIN of a GCC driver
# (gcc, g++ and gfortran: every name that resolves to the same file as
# one of them, with or without the version, such as cc, c++, f77, f95
# and the triple's), each running the real one with "$@" then the flags
# that DIR/flags sets (M2R_FLAGS): the same path for every variant,
# since a build may write its compiler's path into what it installs.
# Prints the names wrapped.  Made for each package after its build
# dependencies, which may install a driver or a name of one (gfortran,
# and f77 with it, for minpack): a list of names made once missed f77,
# and minpack's Fortran escaped the plugin.
wrappers() {
	local dir=$1 f real drivers=
	rm -rf "$dir" && mkdir -p "$dir"
	for f in "$CC_BIN"/gcc "$CC_BIN"/g++ "$CC_BIN"/gfortran \
		"$CC_BIN"/gcc-[0-9]* "$CC_BIN"/g++-[0-9]* "$CC_BIN"/gfortran-[0-9]*; do
		[ -x "$f" ] || continue
		real=$(readlink -f "$f")
		case " $drivers " in *" $real "*) ;; *) drivers="$drivers $real" ;; esac
	done
	for f in "$CC_BIN"/*; do
		for real in $drivers; do
			[ "$f" -ef "$real" ] || continue
			# shellcheck disable=SC2016
			printf '#!/bin/sh\n. %s/flags\nexec %s "$@" $M2R_FLAGS\n' "$dir" "$f" > "$dir/${f##*/}"
			chmod 755 "$dir/${f##*/}"
			echo "${f##*/}"
		done
	done
	echo "M2R_FLAGS=" > "$dir/flags"
}

# ---------- one build ----------

# as_builder CMD...: CMD as BUILD_USER when run by root, else as we are.
as_builder() {
	if [ "$(id -u)" = 0 ] && [ "$BUILD_USER" != root ]; then
		setpriv --reuid="$BUILD_USER" --regid="$BUILD_USER" --init-groups \
			env HOME="$BUILD_DIR" USER="$BUILD_USER" LOGNAME="$BUILD_USER" "$@"
	else
		"$@"
	fi
}

# tests_of LOG: pass, fail or none for the test step of the build in LOG.
# With debhelper's sequence, a step starts at a line of dh's (three
# spaces, then dh_* or "debian/rules override_*" or create-stamp) or of
# dpkg-buildpackage's (" debian/rules TARGET", " fakeroot debian/rules
# TARGET", "dh TARGET"); with DH_VERBOSE=1 the commands a step runs follow
# its line.  A debian/rules of its own runs "make test" or "make check"
# itself (zlib's, gzip's "make -C builddir check", mpclib3's
# "GMP_CHECK_RANDOMIZE=1 make check", mpfr4's "if ... make -C build
# check; then"), often ignoring its status: ran when make echoes that
# command, failed when a make error follows it in the same step,
# "(ignored)" or not (not ignored, it stops the build there).  A
# debian/rules that calls dh_* commands itself has no dh step lines:
# make's echo of the next dh_* command ends its own test step (libffi's
# "make -C build check | tee", then an ignored error of its install).
tests_of() {
	awk '
	/^   [^ \t]/ || /^ (fakeroot )?debian\/rules / || /^dh [a-z]/ {
		intest = ($0 ~ /^   (dh_auto_test|debian\/rules override_dh_auto_test)/)
		own = 0
		next
	}
	intest && !/^make\[[0-9]+\]: (Entering|Leaving) directory/ && !/^[ \t]*$/ { ran = 1 }
	/dh_auto_test: error:|override_dh_auto_test[^ ]*\] Error [0-9]/ { failed = 1 }
	/(^|^if +|[;&|(] *)([A-Za-z_][A-Za-z0-9_]*=[^ ]* +)*(\/usr\/bin\/)?make( +[^ ]+)* (test|check)( |;|$)/ { ran = 1; own = 1 }
	own && /^make(\[[0-9]+\])?: (\*\*\* )?\[.*\] Error [0-9]+/ { failed = 1; own = 0 }
	/^dh_[a-z_]+( |$)/ { own = 0 }
	END { print failed ? "fail" : ran ? "pass" : "none" }' "$1"
}

# build PKG DSC VARIANT FLAGS: one build of DSC into OUT/PKG/VARIANT;
# prints "TESTS STATUS" (STATUS: ok or failed).
build() {
	local pkg=$1 dsc=$2 variant=$3 flags=$4
	local dst=$OUT/$pkg/$variant dir=$BUILD_DIR/$pkg rc=0 t0
	rm -rf "$dst" "$dir"
	mkdir -p "$dst/debs" "$dir"
	: > "$dst/records.jsonl"
	printf "M2R_FLAGS='%s'\n" "$flags" > "$WRAP/flags"
	[ "$(id -u)" = 0 ] && [ "$BUILD_USER" != root ] && chown -R "$BUILD_USER:" "$dir" "$dst"
	t0=$(date +%s)
	as_builder dpkg-source --no-check -x "$dsc" "$dir/tree" > "$dst/build.log" 2>&1 || rc=$?
	if [ $rc = 0 ]; then
		(cd "$dir/tree" && as_builder env PATH="$WRAP:$PATH" DH_VERBOSE=1 \
			DEB_BUILD_OPTIONS="parallel=$JOBS" dpkg-buildpackage -b -us -uc -rfakeroot) \
			>> "$dst/build.log" 2>&1 || rc=$?
	fi
	local tests
	tests=$(tests_of "$dst/build.log")
	if [ $rc != 0 ] && [ "$tests" = fail ]; then
		# the tests failed: the .debs of the same build without them
		rm -rf "$dir/tree" && mkdir -p "$dir"
		: > "$dst/records.jsonl"
		[ "$(id -u)" = 0 ] && [ "$BUILD_USER" != root ] && chown "$BUILD_USER:" "$dir"
		rc=0
		{ as_builder dpkg-source --no-check -x "$dsc" "$dir/tree" &&
		  (cd "$dir/tree" && as_builder env PATH="$WRAP:$PATH" \
			DEB_BUILD_OPTIONS="nocheck parallel=$JOBS" dpkg-buildpackage -b -us -uc -rfakeroot); } \
			> "$dst/build-nocheck.log" 2>&1 || rc=$?
	fi
	echo $(($(date +%s) - t0)) > "$dst/seconds"
	find "$dir" -maxdepth 1 \( -name '*.deb' -o -name '*.udeb' -o -name '*.ddeb' \) -exec mv {} "$dst/debs/" \;
	rm -rf "$dir"
	if [ $rc = 0 ] && [ -n "$(ls "$dst/debs")" ]; then
		echo "$tests ok"
	else
		echo "$tests failed"
	fi
}

# contents GCCDIR DIR: identical when DIR/debs holds the same files as
# GCCDIR/debs, bit for bit; else differ, the names in DIR/differ.txt.
contents() {
	local a=$1/debs b=$2/debs f
	: > "$2/differ.txt"
	for f in $( (ls "$a"; ls "$b") | sort -u); do
		cmp -s "$a/$f" "$b/$f" || echo "$f" >> "$2/differ.txt"
	done
	[ -s "$2/differ.txt" ] && echo differ || echo identical
}

# ---------- one package ----------

# dsc_files DSC: the names of the files DSC's Files: field lists
dsc_files() {
	awk '/^Files:/ { f = 1; next } /^[^ ]/ { f = 0 } f && NF == 3 { print $3 }' "$1"
}

# fetch NAME PKG: PKG's .dsc's path (in OUT/NAME/src), or nothing.
fetch() {
	local name=$1 pkg=$2 src=$OUT/$1/src
	rm -rf "$src" && mkdir -p "$src"
	case $pkg in
	*.dsc)
		[ -f "$pkg" ] || return 0
		# the .dsc and the files its Files: field lists
		cp "$pkg" "$src/" &&
		dsc_files "$pkg" |
			while read -r f; do cp "$(dirname "$pkg")/$f" "$src/"; done
		;;
	*)
		rm -f "$OUT/$name/suite"
		(cd "$src" && apt-get source --download-only "$pkg") > "$OUT/$name/fetch.log" 2>&1 ||
			fetch_release "$pkg" "$src" >> "$OUT/$name/fetch.log" 2>&1 ||
			fetch_other "$name" "$pkg" "$src" >> "$OUT/$name/fetch.log" 2>&1 || return 0
		;;
	esac
	find "$src" -maxdepth 1 -name '*.dsc' | head -1
}

# fetch_release PKG SRC: an earlier version of PKG into SRC, when the
# archive served here lacks the files of the stable update its index
# names (VERSION+debNNuM: the .dsc gives 404, seen on trixie): the
# updates before it, newest first, then the release, from the same pool
# directory, which keeps them.  The version built is the one summary.tsv
# names, read from the .dsc.  dpkg-source checks the files against the
# .dsc's checksums when it unpacks them (the .dsc's own signature is not
# checked: the root has no keyring for it).
fetch_release() {
	local pkg=$1 src=$2 uri base u m
	uri=$(cd "$src" && apt-get source --print-uris "$pkg" 2>/dev/null |
		awk -F"'" '$2 ~ /\.dsc$/ { print $2; exit }')
	base=$(printf '%s\n' "$uri" | sed -n 's/%2[bB]deb[0-9]*u[0-9]*\.dsc$//p')
	[ -n "$base" ] || return 1
	u=${uri%.dsc} u=${u##*u} m=${uri%u"$u".dsc}
	while [ "$u" -gt 0 ]; do
		u=$((u - 1))
		if [ $u = 0 ]; then fetch_dsc "$base.dsc" "$src" && return 0
		else fetch_dsc "${m}u$u.dsc" "$src" && return 0; fi
	done
	return 1
}

# fetch_other NAME PKG SRC: PKG's source as FALLBACK_SUITE has it, when
# the archive served here has neither the version of this system's
# index nor one before it (trixie: about half the list).  Built by this
# root's GCC all the same; OUT/NAME/suite names the suite, and the
# version column says it.  The suite's Sources index is fetched once.
fetch_other() {
	local name=$1 pkg=$2 src=$3 mirror idx dsc
	[ -n "${FALLBACK_SUITE:-}" ] || return 1
	mirror=$(sed -n 's/^deb-src \([^ ]*\) .*/\1/p' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null | head -1)
	[ -n "$mirror" ] || return 1
	idx=$OUT/Sources-$FALLBACK_SUITE
	if [ ! -s "$idx" ]; then
		/usr/lib/apt/apt-helper download-file "$mirror/dists/$FALLBACK_SUITE/main/source/Sources.xz" "$idx.xz" &&
			xz -dc "$idx.xz" > "$idx" && rm -f "$idx.xz" || { rm -f "$idx" "$idx.xz"; return 1; }
	fi
	# the stanza of PKG: its directory in the pool and its .dsc
	# (Directory: comes after Files: in a stanza)
	dsc=$(awk -v p="$pkg" '/^Package: / { in_p = $2 == p; d = f = "" }
		in_p && /^Directory: / { d = $2 }
		in_p && f == "" && /^ [0-9a-f]+ [0-9]+ [^ ]*\.dsc$/ { f = $3 }
		in_p && d != "" && f != "" { print d "/" f; exit }' "$idx")
	[ -n "$dsc" ] || return 1
	fetch_dsc "$mirror/$(printf '%s' "$dsc" | sed 's/+/%2b/g; s/~/%7e/g')" "$src" || return 1
	echo "$FALLBACK_SUITE" > "$OUT/$name/suite"
}

# fetch_dsc URI SRC: the .dsc at URI and its files (beside it) into SRC.
fetch_dsc() {
	local uri=$1 src=$2 f
	echo "deb-rebuild: trying $uri"
	rm -f "$src"/*
	f=$(basename "$uri" | sed 's/%2[bB]/+/g; s/%3[aA]/:/g; s/%7[eE]/~/g')
	/usr/lib/apt/apt-helper download-file "$uri" "$src/$f" || return 1
	dsc_files "$src/$f" |
		while read -r f; do
			/usr/lib/apt/apt-helper download-file "${uri%/*}/$(printf '%s' "$f" | sed 's/+/%2b/g; s/~/%7e/g')" "$src/$f" || exit 1
		done
}

# deps DSC LOG: the build dependencies installed (as root, when missing).
deps() {
	local dsc=$1 log=$2 dir
	dir=$(mktemp -d) && dpkg-source --no-check -x "$dsc" "$dir/t" > /dev/null 2>&1 &&
		(cd "$dir/t" && dpkg-checkbuilddeps) > "$log" 2>&1
	local rc=$?
	rm -rf "$dir"
	[ $rc = 0 ] && return 0
	[ "$(id -u)" = 0 ] || return 1
	DEBIAN_FRONTEND=noninteractive apt-get build-dep -y "$dsc" >> "$log" 2>&1
}

package() {
	local pkg=$1 name dsc version
	name=$(basename "$pkg" .dsc)
	name=${name%%_*}
	dsc=$(fetch "$name" "$pkg")
	local pl
	if [ -z "$dsc" ]; then
		for pl in $PLACEMENTS; do row "$name" - "$pl" - - no-source 0 0; done
		return
	fi
	version=$(awk '/^Version:/ { print $2; exit }' "$dsc")
	[ -f "$OUT/$name/suite" ] && version="$version ($(cat "$OUT/$name/suite"))"
	if ! deps "$dsc" "$OUT/$name/deps.log"; then
		for pl in $PLACEMENTS; do row "$name" "$version" "$pl" - - no-deps 0 0; done
		return
	fi
	# after the build dependencies, which may bring a driver's names
	# (gfortran, and f77 with it, for minpack)
	wrappers "$WRAP" > "$OUT/$name/wrappers.txt"
	note "$name $version: GCC alone"
	local ref tg sg
	ref=$(build "$name" "$dsc" gcc "-gno-record-gcc-switches")
	tg=${ref% *} sg=${ref#* }
	for pl in $PLACEMENTS; do
		if [ "$sg" != ok ]; then
			row "$name" "$version" "$pl" "$tg" - gcc-failed 0 0
			continue
		fi
		note "$name $version: plugin, placement $pl"
		local rec=$OUT/$name/$pl/records.jsonl res tp sp c
		res=$(build "$name" "$dsc" "$pl" "-gno-record-gcc-switches -fplugin=$PLUGIN \
-fplugin-arg-mem2reg-mode=rewrite -fplugin-arg-mem2reg-placement=$pl -fplugin-arg-mem2reg-verify \
-fplugin-arg-mem2reg-stats=none -fplugin-arg-mem2reg-output=$rec $EXTRA_PLUGIN_FLAGS")
		tp=${res% *} sp=${res#* }
		if [ "$sp" = ok ]; then c=$(contents "$OUT/$name/gcc" "$OUT/$name/$pl"); else c=plugin-failed; fi
		# shellcheck disable=SC2046
		row "$name" "$version" "$pl" "$tg" "$tp" "$c" $(rewritten_counts "$rec" "$OUT/$name/$pl/not-whole.txt")
	done
}

# row PACKAGE VERSION PLACEMENT TESTS_GCC TESTS_PLUGIN CONTENTS FUNCTIONS REWRITTEN
row() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$OUT/summary.tsv"
	note "$(printf '%s ' "$@")"
}

# ---------- main ----------

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
run)
	[ $# -ge 2 ] || die "usage: deb-rebuild.sh run OUT PKG..."
	[ -n "${PLUGIN:-}" ] && [ -f "$PLUGIN" ] || die "PLUGIN='${PLUGIN:-}': not the plugin's file (PLUGIN=/abs/mem2reg.so)"
	case $PLUGIN in /*) ;; *) die "PLUGIN='$PLUGIN': an absolute path is needed (builds change directory)" ;; esac
	for pl in $PLACEMENTS; do
		case $pl in pruned | semipruned | minimal) ;; *) die "PLACEMENTS: '$pl' is not pruned, semipruned or minimal" ;; esac
	done
	OUT=$(mkdir -p "$1" && cd "$1" && pwd) || die "cannot make $1"
	shift
	if [ "$(id -u)" = 0 ] && ! id "$BUILD_USER" > /dev/null 2>&1; then
		useradd --system --home-dir "$BUILD_DIR" --no-create-home "$BUILD_USER" || die "cannot add the user $BUILD_USER"
	fi
	mkdir -p "$BUILD_DIR"
	# One run per BUILD_DIR: its wrappers' flags name the variant being
	# built, and a second run in the same root changed them under the
	# first one's builds (its compiles recorded into the other's records).
	exec 9> "$BUILD_DIR/.lock"
	flock -n 9 || die "$BUILD_DIR is in use by another run (give a second run a BUILD_DIR of its own)"
	[ "$(id -u)" = 0 ] && [ "$BUILD_USER" != root ] && chown "$BUILD_USER:" "$BUILD_DIR" "$OUT"
	chmod 755 "$BUILD_DIR"
	WRAP=$BUILD_DIR/wrap # made per package (package)
	# RESUME=1: the packages with a row for every placement are kept
	if [ "${RESUME:-0}" = 1 ] && [ -f "$OUT/summary.tsv" ]; then
		done_rows=$(mktemp)
		# (a package without its source or build dependencies is tried
		# again: what stopped it was the archive, not the build)
		awk -F'\t' -v n="$(echo $PLACEMENTS | wc -w)" 'NR > 1 && $6 !~ /^(no-source|no-deps)$/ { c[$1]++ }
			END { for (p in c) if (c[p] == n) print p }' "$OUT/summary.tsv" | sort > "$done_rows"
		awk -F'\t' 'NR == FNR { keep[$1] = 1; next } FNR == 1 || keep[$1]' "$done_rows" "$OUT/summary.tsv" > "$OUT/summary.tsv.new"
		mv "$OUT/summary.tsv.new" "$OUT/summary.tsv"
	else
		printf 'package\tversion\tplacement\ttests_gcc\ttests_plugin\tcontents\tfunctions\trewritten\n' > "$OUT/summary.tsv"
	fi
	for p in "$@"; do
		n=$(basename "$p" .dsc) && n=${n%%_*}
		if [ -n "${done_rows:-}" ] && grep -qx "$n" "$done_rows"; then
			note "$n: done (RESUME=1)"
			continue
		fi
		package "$p"
	done
	[ -n "${done_rows:-}" ] && rm -f "$done_rows"
	# clean: per row, the plugin's build made, its tests as GCC alone's
	# (or better), some function records and each rewritten, and with
	# pruned the contents identical (the other placements change the
	# code: their contents may differ); rows GCC alone failed, without
	# source or dependencies are not the plugin's
	# (functions not whole: only the documented fallback, and only with
	# a textbook placement, is accepted)
	awk -F'\t' -v out="$OUT" 'NR == 1 || $6 ~ /^(gcc-failed|no-source|no-deps)$/ { next }
		$7 != $8 {
			f = out "/" $1 "/" $3 "/not-whole.txt"; ok = $3 != "pruned"
			while ((getline l < f) > 0) if (l !~ /^documented /) ok = 0
			close(f)
			if (!ok) bad = 1
		}
		$6 == "plugin-failed" || ($3 == "pruned" && $6 != "identical") ||
		$7 == 0 || ($4 == "pass" && $5 != "pass") { bad = 1 }
		END { exit bad }' "$OUT/summary.tsv"
	;;
diffs)
	[ $# = 1 ] || die "usage: deb-rebuild.sh diffs OUT"
	command -v diffoscope > /dev/null || die "no diffoscope (apt-get install diffoscope)"
	for d in "$1"/*/pruned/differ.txt; do
		[ -s "$d" ] || continue
		v=$(dirname "$d") p=$(dirname "$v")
		while read -r f; do
			timeout 1800 diffoscope --text "$v/diffoscope.$f.txt" "$p/gcc/debs/$f" "$v/debs/$f" > /dev/null 2>&1
			echo "$v/diffoscope.$f.txt"
		done < "$d"
	done
	;;
tests)
	[ $# = 1 ] && [ -f "$1" ] || die "usage: deb-rebuild.sh tests LOG (a build's log)"
	tests_of "$1"
	;;
retest)
	# the tests columns of OUT/summary.tsv read again from the logs kept
	# (after a change of tests_of; the builds are not made again)
	[ $# = 1 ] && [ -f "$1/summary.tsv" ] || die "usage: deb-rebuild.sh retest OUT (with OUT/summary.tsv)"
	{
		IFS= read -r head
		printf '%s\n' "$head"
		while IFS=$'\t' read -r pkg ver pl tg tp rest; do
			[ -f "$1/$pkg/gcc/build.log" ] && tg=$(tests_of "$1/$pkg/gcc/build.log")
			[ -f "$1/$pkg/$pl/build.log" ] && tp=$(tests_of "$1/$pkg/$pl/build.log")
			printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$pkg" "$ver" "$pl" "$tg" "$tp" "$rest"
		done
	} < "$1/summary.tsv" > "$1/summary.tsv.new" && mv "$1/summary.tsv.new" "$1/summary.tsv"
	;;
wrappers)
	[ $# = 1 ] || die "usage: deb-rebuild.sh wrappers DIR"
	wrappers "$1"
	;;
*)
	die "usage: deb-rebuild.sh run OUT PKG... | diffs OUT | tests LOG | retest OUT | wrappers DIR"
	;;
esac
