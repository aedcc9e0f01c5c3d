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
