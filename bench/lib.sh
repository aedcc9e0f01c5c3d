# lib.sh - what the bench scripts share (sourced, not run).
#
# The caller sets DIR (its output directory), CC, GENC, RUNS and defines
# fail MESSAGE (prints and exits).

# STOP: added to every compile of a generated shape. -flto makes cc1 stop
# after the IPA passes and stream its GIMPLE instead of compiling on to
# assembly. Everything the benches measure (lowering, core, GCC's "ssa"
# pass, rewrite mode's pass) runs before that point, and nothing after it
# is measured; but after it, GCC's out-of-SSA took 66 of the 82 s of a
# mix-100000 compile, and is superlinear on loops. Only free_lang_data,
# before the passes, works harder: the counted instructions move by
# 0.01 % at most (doc/performance-method.md, "The compile stops after
# the IPA passes").
STOP=(-flto)

# CTIME: the time limit of a c-torture compile, in seconds. GCC alone
# never ends on some files at some levels (compile/asmgoto-5.c at -O0:
# its dg-skip-if says "no O0" on x86_64; make bench hung there for 43
# minutes): a file that does not compile within it counts as one GCC does
# not compile (BENCH_COMPILE_TIMEOUT; ten times that under valgrind).
CTIME=${BENCH_COMPILE_TIMEOUT:-120}

# The parsers recurse once per nesting level (ladder): a big stack.
raise_stack() {
	ulimit -s unlimited 2>/dev/null || ulimit -s 1048576 2>/dev/null ||
		echo "$1: note: could not raise the stack limit ($(ulimit -s)); the deepest shapes may fail" >&2
}

# The median of the numbers on stdin, one a line ("" when none).
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR == 0) print ""; else if (NR % 2) print v[(NR + 1) / 2]; else printf "%.0f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
# value of "KEY":N in a JSON line, or of KEY=N in a key=value line
jfield() { sed -n "s/.*\"$1\":\([0-9][0-9]*\).*/\1/p" <<<"$2" | head -1; }
kfield() { sed -n "s/.* $1=\([0-9][0-9]*\).*/\1/p" <<<"$2" | head -1; }

# torture_root: the gcc.c-torture directory (compile/ and execute/):
# BENCH_TORTURE_ROOT, else the tree make torture unpacks, else unpacked
# from Debian's gcc-12-source into DIR/torture-src.  Prints nothing and
# returns 1 when there is none.
torture_root() {
	local d tar top
	if [ -n "${BENCH_TORTURE_ROOT:-}" ]; then
		[ -d "$BENCH_TORTURE_ROOT/execute" ] || return 1
		echo "$BENCH_TORTURE_ROOT"
		return 0
	fi
	for d in build/torture-src/gcc.c-torture build/ctorture-src/gcc/testsuite/gcc.c-torture \
		"$DIR/torture-src/gcc.c-torture"; do
		[ -d "$d/compile" ] && [ -d "$d/execute" ] && { echo "$d"; return 0; }
	done
	tar=$(ls /usr/src/gcc-12/gcc-*.tar.xz 2>/dev/null | grep -v /gm2- | head -1)
	[ -n "$tar" ] || return 1
	top=$(basename "$tar" .tar.xz | sed 's/-dfsg$//')
	echo "bench: unpacking gcc.c-torture from $tar" >&2
	mkdir -p "$DIR/torture-src"
	tar -xJf "$tar" -C "$DIR/torture-src" --strip-components=3 \
		"$top/gcc/testsuite/gcc.c-torture/compile" "$top/gcc/testsuite/gcc.c-torture/execute" ||
		fail "unpacking $tar failed"
	echo "$DIR/torture-src/gcc.c-torture"
}

# eleven FILE: eleven copies of one small function (m2r-genc mix 30,
# renamed small_1 .. small_11) into FILE.  In one compile the first
# functions find the plugin's code and memory (and GCC's) cold, the later
# ones warm; c-torture has about 2.3 functions per file.
eleven() {
	local k
	: >"$1"
	for k in 1 2 3 4 5 6 7 8 9 10 11; do
		"$GENC" mix 30 | sed "s/bench_mix/small_$k/" >>"$1" || fail "$GENC failed"
	done
}

# eleven_medians RECORDS: for each position 1..11 of the eleven functions
# (records of one or more compiles of eleven's file, in order), the
# medians over the compiles of "CORE_NS LOWER_NS GCC_NS", one line each.
eleven_medians() {
	grep '"type":"function"' "$1" | awk '
	function num(key,   m) {
		if (!match($0, "\"" key "\":[0-9]+")) return 0
		return substr($0, RSTART + length(key) + 3, RLENGTH - length(key) - 3) + 0
	}
	{ k = (NR - 1) % 11; r = int((NR - 1) / 11)
	  c[k, r] = num("core_ns"); l[k, r] = num("lower_ns"); g[k, r] = num("gcc_ns")
	  runs = r + 1 }
	function med(a, k,   n, i, j, t, v) {
		n = 0
		for (i = 0; i < runs; i++) v[n++] = a[k, i]
		for (i = 0; i < n; i++) for (j = i + 1; j < n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
		return v[int(n / 2)]
	}
	END { if (NR % 11) exit 1; for (k = 0; k < 11; k++) print med(c, k), med(l, k), med(g, k) }'
}

# ---------- a whole compile's instructions (callgrind) ----------
# cc1_instr OUT FN ARGS...: "TOTAL INCLUSIVE" instructions of cc1 in the
# command ARGS (a compile) under callgrind instrumenting everything (the
# plugin switches nothing without M2R_CALLGRIND); INCLUSIVE: of the
# function matching FN, 0 when FN is empty.  Profiles in OUT.*, removed.
cc1_instr() {
	local out=$1 fn=$2 t
	shift 2
	rm -f "$out".*
	valgrind --tool=callgrind --trace-children=yes --callgrind-out-file="$out.%p" "$@" >/dev/null 2>&1 || return 1
	for t in "$out".*; do
		grep -q '^cmd: .*/cc1' "$t" || continue
		local tot inc=0
		tot=$(sed -n 's/^totals: \([0-9]*\).*/\1/p' "$t")
		if [ -n "$fn" ]; then
			inc=$(callgrind_annotate --inclusive=yes --threshold=100 "$t" 2>/dev/null | grep -F "$fn" | head -1 |
				awk '{ gsub(",", "", $1); print $1 + 0 }')
		fi
		echo "$tot ${inc:-0}"
		rm -f "$out".*
		return 0
	done
	return 1
}

# whole_instr LEVEL FILE: "GCC REWRITE PASS": cc1's instructions over a
# whole compile (gcc LEVEL -w -S) of FILE by GCC alone and with the
# plugin in rewrite mode (the caller's RW: -fplugin=... mode=rewrite),
# and PASS the inclusive count of pass_rewrite::execute in the latter.
# Profiles in DIR/whole.*.
whole_instr() {
	local x y z
	read -r x _ < <(cc1_instr "$DIR/whole" "" "$CC" $1 -w -S -o /dev/null "$2") ||
		fail "callgrind of $CC $1 on $2"
	read -r y z < <(cc1_instr "$DIR/whole" "pass_rewrite::execute" "$CC" $1 -w "${RW[@]}" -S -o /dev/null "$2") ||
		fail "callgrind of $CC $1 (rewrite mode) on $2"
	echo "$x $y $z"
}

# ---------- real programs: Lua, zlib, libiberty ----------
# Lua 5.4.4: Debian's orig tarball, checked by its SHA-256, fetched once
# into build/lua-src (LUA_URL); zlib and libiberty: zlib/ and libiberty/ of
# Debian's gcc-12-source, unpacked by make zlib-src and make libiberty-src
# (mk/distributed.mk, mk/rewrite.mk) into build/zlib-src and
# build/libiberty-src.
LUA_URL=${LUA_URL:-http://deb.debian.org/debian/pool/main/l/lua5.4/lua5.4_5.4.4.orig.tar.gz}
LUA_SHA=164c7849653b80ae67bec4b7473b884bf5cc8d2dca05653475ec2ed27b9ebf61
LUA_DIR=build/lua-src

# lua_src: Lua's src/ in LUA_DIR (fetched once).
lua_src() {
	local t=$LUA_DIR/lua.tar.gz
	[ -f "$LUA_DIR/src/.unpacked" ] && return 0
	mkdir -p "$LUA_DIR" || fail "cannot make $LUA_DIR"
	if [ ! -f "$t" ]; then
		curl -sSfL -o "$t.tmp" "$LUA_URL" && mv "$t.tmp" "$t" || fail "cannot fetch $LUA_URL"
	fi
	[ "$(sha256sum <"$t" | cut -d' ' -f1)" = "$LUA_SHA" ] || fail "$t: not the expected Lua 5.4.4 (SHA-256)"
	rm -rf "$LUA_DIR/src" && mkdir -p "$LUA_DIR/src" &&
		tar -xzf "$t" -C "$LUA_DIR/src" --strip-components=2 lua-5.4.4/src && touch "$LUA_DIR/src/.unpacked" ||
		fail "unpacking $t failed"
}

# libiberty_conf: libiberty configured once by GCC alone (its config.h)
# in DIR/libiberty-conf.
libiberty_conf() {
	local c=$DIR/libiberty-conf src
	src=$(cd build/libiberty-src && pwd) || fail "no build/libiberty-src (make libiberty-src)"
	[ -f "$c/config.h" ] && return 0
	rm -rf "$c" && mkdir -p "$c" &&
		(cd "$c" && "$src/libiberty/configure" CC="$CC" CFLAGS=-O2 >configure.log 2>&1 && make -s config.h >/dev/null 2>&1) ||
		fail "libiberty's configure failed ($c/configure.log)"
}

# program_files SET: "LEVEL<TAB>FLAGS<TAB>FILE" lines (absolute file
# names) of a real program at -O2: lua (Lua's src/*.c), lvm (Lua's lvm.c
# alone: its interpreter loop, luaV_execute, one of the largest functions
# of common C code), zlib or libiberty.
program_files() {
	local d
	case $1 in
	lua | lvm)
		lua_src
		d=$(cd "$LUA_DIR/src" && pwd)
		if [ "$1" = lvm ]; then echo "$d/lvm.c"; else ls "$d"/*.c; fi | sed "s|^|-O2\t-DLUA_USE_LINUX\t|" ;;
	zlib)
		[ -d build/zlib-src ] || fail "no build/zlib-src (make zlib-src)"
		ls "$(cd build/zlib-src && pwd)"/*.c | sed "s|^|-O2\t-DHAVE_UNISTD_H\t|" ;;
	libiberty)
		libiberty_conf
		d=$(cd build/libiberty-src && pwd)
		ls "$d"/libiberty/*.c | sed "s|^|-O2\t-DHAVE_CONFIG_H -I$DIR/libiberty-conf -I$d/include\t|" ;;
	*) fail "unknown program '$1' (lua lvm zlib libiberty)" ;;
	esac
}

# rsum FILE KEY...: sums of "KEY":N over the function records, and their
# number last.
rsum() {
	local f=$1
	shift
	awk -v keys="$*" 'BEGIN { n = split(keys, k, " ") }
	/"type":"function"/ {
		nf++
		for (i = 1; i <= n; i++)
			if (match($0, "\"" k[i] "\":[0-9]+"))
				s[i] += substr($0, RSTART + length(k[i]) + 3, RLENGTH - length(k[i]) - 3)
	}
	END { for (i = 1; i <= n; i++) printf "%.0f ", s[i]; printf "%d\n", nf }' "$f"
}
