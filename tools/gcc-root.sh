#!/bin/bash
# gcc-root.sh - a GCC release this machine does not have, in a Debian root
# of its own, to build and test the plugin with (make check-gcc V=N,
# mk/versions.mk; doc/versions.md).  Run as root.
#
#   gcc-root.sh create V     make the root of GCC V (13, 14, 15, 16 or
#                            snapshot) if it is not there, else make sure
#                            its packages are installed
#   gcc-root.sh run V CMD... create, copy this tree into ROOT/src/mem2reg
#                            (its files as they are now, tracked or not
#                            yet committed; ROOT/src/mem2reg/build/ is
#                            kept between runs), then run CMD there, in
#                            the root, with GCC V's variables set:
#                            M2R_GCC (what GCC= names), M2R_MAKEFLAGS
#                            (GCC=... and what else that GCC needs),
#                            M2R_PLUGIN_ID (git describe of this tree)
#   gcc-root.sh gcc V        print what GCC= names for V
#   gcc-root.sh path V       print the root's path
#
# EXTRA_PKGS (comma-separated) adds packages to the root, and with
# DEB_SRC=1 its apt gets the deb-src line of its suite (make deb-rebuild,
# mk/rebuild.mk; V=12 is bookworm's root, for that only).
#
# The root: M2R_ROOTS/gcc-V (M2R_ROOTS: /srv/m2r-roots), made by
# mmdebstrap from MIRROR (http://deb.debian.org/debian): trixie for GCC 13
# and 14, sid for 15, 16 and the snapshot of the development trunk
# (Debian's gcc-snapshot, in /usr/lib/gcc-snapshot).  It is kept between
# runs (about 0.5 GB, 2.7 GB for the snapshot); rm -rf removes it.  A
# root is made in ROOT.tmp and renamed when whole, so an interrupted
# creation leaves no root that looks ready.
#
# GCC 12's test sources, unpacked on this machine (BUILD/torture-src,
# torture-rewrite-src, zlib-src, libiberty-src: make gcc-src-maybe),
# are copied into the root's build/ when it has not the same: the samples of
# make check list GCC 12's files whatever the compiler.
#
# CMD runs in a mount namespace of its own with /proc and /dev mounted in
# the root: the mounts end with it, whatever happens.
set -euo pipefail

M2R_ROOTS=${M2R_ROOTS:-/srv/m2r-roots}
MIRROR=${MIRROR:-http://deb.debian.org/debian}
BUILD=${BUILD:-build}
HERE=$(cd "$(dirname "$0")/.." && pwd)

die() { echo "gcc-root.sh: error: $*" >&2; exit 2; }

# suite, packages and compiler of version $1
setup_version() {
	V=$1
	case $V in
	12) SUITE=bookworm ;;
	13 | 14) SUITE=trixie ;;
	15 | 16 | snapshot) SUITE=sid ;;
	11) die "GCC 11 is this machine's own (Debian 12): make check GCC=gcc-11" ;;
	*) die "no root for GCC '$V': V is 13, 14, 15, 16 or snapshot (or 12, bookworm's, for make deb-rebuild)" ;;
	esac
	COMMON="make,dejagnu,python3,python3-jsonschema,binutils,xz-utils,mawk${EXTRA_PKGS:+,$EXTRA_PKGS}"
	if [ "$V" = snapshot ]; then
		# (gcc-N-plugin-dev brings libgmp-dev, which GCC's system.h includes;
		# gcc-snapshot does not)
		PKGS="gcc-snapshot,libgmp-dev,$COMMON"
		M2R_GCC=/usr/lib/gcc-snapshot/bin/gcc
		# GCC 17 is newer than the plugin's supported range; its
		# programs need its own run-time libraries (libstdc++, libgfortran).
		M2R_MAKEFLAGS="GCC=$M2R_GCC UNRELEASED_GCC=1"
		RUN_ENV="LD_LIBRARY_PATH=/usr/lib/gcc-snapshot/lib"
	else
		PKGS="gcc-$V,g++-$V,gfortran-$V,gcc-$V-plugin-dev,$COMMON"
		M2R_GCC=gcc-$V
		M2R_MAKEFLAGS="GCC=$M2R_GCC"
		RUN_ENV=
	fi
	ROOT=$M2R_ROOTS/gcc-$V
}

need_root_user() {
	[ "$(id -u)" = 0 ] || die "making and entering a Debian root needs root (chroot, mmdebstrap)"
	command -v mmdebstrap >/dev/null 2>&1 || {
		echo "mmdebstrap not found: installing it"
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y mmdebstrap
	}
}

create() {
	setup_version "$1"
	need_root_user
	[ -f "$ROOT/.m2r-root" ] && deb_src
	# every package of the list installed already: nothing to do (a
	# root keeps what another list added)
	if [ -f "$ROOT/.m2r-root" ] && all_installed; then
		return 0
	fi
	if [ -f "$ROOT/.m2r-root" ]; then
		# The list of packages grew: install what is new.
		echo "root $ROOT: installing $PKGS"
		in_root apt-get update
		in_root apt-get install -y --no-install-recommends ${PKGS//,/ }
		echo "$SUITE $PKGS" > "$ROOT/.m2r-root"
		return 0
	fi
	echo "making the root of GCC $V in $ROOT ($SUITE, from $MIRROR)"
	rm -rf "$ROOT.tmp"
	mkdir -p "$M2R_ROOTS"
	# sid's Release file, as this machine's mirror serves it, is past its
	# Valid-Until date.
	mmdebstrap --variant=apt --aptopt='Acquire::Check-Valid-Until "false"' \
		--include="$PKGS" "$SUITE" "$ROOT.tmp" "$MIRROR"
	echo "$SUITE $PKGS" > "$ROOT.tmp/.m2r-root"
	ROOT=$ROOT.tmp deb_src
	rm -rf "$ROOT"
	mv "$ROOT.tmp" "$ROOT"
}

# deb_src: with DEB_SRC=1, the suite's deb-src line in the root's apt
# (once).
deb_src() {
	local list=$ROOT/etc/apt/sources.list.d/m2r-src.list
	[ "${DEB_SRC:-0}" = 1 ] && [ ! -f "$list" ] || return 0
	echo "deb-src $MIRROR $SUITE main" > "$list"
	in_root apt-get update
}

# all_installed: every package of PKGS is installed in the root.
all_installed() {
	local n
	# shellcheck disable=SC2016,SC2086
	n=$(in_root dpkg-query -W -f='${db:Status-Abbrev}\n' ${PKGS//,/ } 2>/dev/null | grep -c '^ii')
	# shellcheck disable=SC2086
	[ "$n" = "$(echo ${PKGS//,/ } | wc -w)" ]
}

# in_root CMD...: CMD in the root, with /proc and /dev, in a mount
# namespace that ends with it.
in_root() {
	unshare --mount --fork /bin/sh -c '
		root=$1; shift
		mount --make-rprivate / &&
		mount -t proc proc "$root/proc" &&
		mount --rbind /dev "$root/dev" &&
		exec chroot "$root" /usr/bin/env DEBIAN_FRONTEND=noninteractive \
			PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin "$@"' \
		sh "$ROOT" "$@"
}

# sync: this tree's files into ROOT/src/mem2reg (all but build*/), the
# test sources into its build/.  The files get the time of the copy, not
# their own (tar -m): a build/ made from another tree's files, newer than
# these, would otherwise be taken as up to date.
sync_tree() {
	local dst=$ROOT/src/mem2reg
	mkdir -p "$dst"
	find "$dst" -mindepth 1 -maxdepth 1 ! -name build -exec rm -rf {} +
	(cd "$HERE" && git ls-files -z --cached --others --exclude-standard |
		grep -zv '^build' | xargs -0 tar -cf - --no-recursion) | tar -xmf - -C "$dst"
	mkdir -p "$dst/build"
	local d
	for d in torture-src torture-rewrite-src zlib-src libiberty-src; do
		if [ -f "$HERE/$BUILD/$d/.unpacked" ] &&
		   ! cmp -s "$HERE/$BUILD/$d/.unpacked" "$dst/build/$d/.unpacked"; then
			rm -rf "${dst:?}/build/$d"
			cp -a "$HERE/$BUILD/$d" "$dst/build/$d"
		fi
	done
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case $cmd in
create)
	[ $# = 1 ] || die "usage: gcc-root.sh create V"
	create "$1" ;;
gcc)
	[ $# = 1 ] || die "usage: gcc-root.sh gcc V"
	setup_version "$1"
	echo "$M2R_GCC" ;;
path)
	[ $# = 1 ] || die "usage: gcc-root.sh path V"
	setup_version "$1"
	echo "$ROOT" ;;
run)
	[ $# -ge 2 ] || die "usage: gcc-root.sh run V CMD..."
	create "$1"
	shift
	sync_tree
	# (the copy has no .git: the runs' tables name the tree by this)
	id=$(cd "$HERE" && git describe --always --dirty 2>/dev/null || echo unknown)
	in_root /usr/bin/env M2R_GCC="$M2R_GCC" M2R_MAKEFLAGS="$M2R_MAKEFLAGS" M2R_PLUGIN_ID="$id" $RUN_ENV \
		/bin/sh -c 'cd /src/mem2reg && exec "$@"' sh "$@" ;;
*)
	die "usage: gcc-root.sh create V | run V CMD... | gcc V | path V" ;;
esac
