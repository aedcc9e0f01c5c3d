#!/usr/bin/env bash
# llvm-compare.sh - compare m2r-opt with LLVM's "opt -passes=mem2reg" on C files.
#
# usage: tools/llvm-compare.sh [options] [FILE.c ...]
#   -j N          run N files in parallel (default: the number of cores)
#   -l LIST       read more file names from LIST (one per line; relative
#                 names are relative to -C DIR)
#   -C DIR        base directory for the names in LIST (default: .)
#   -o DIR        work and result directory (default: build/llvm-compare)
#   -k            keep the .ll files of matching files too
#   -q            no summary on stdout (results file only)
#
# Environment: CLANG (default clang-14 or clang), OPT (opt-14 or opt),
# M2R_OPT (build/m2r-opt), CFLAGS_EXTRA (more clang flags),
# M2R_ALGORITHM (llvm, cytron or braun: m2r-opt's --algorithm; braun
# has its own placement, so only the pruned output is made and verified).
#
# For each C file:
#   clang -O0 -Xclang -disable-O0-optnone -emit-llvm -S -w   -> in.ll
#   (a file clang rejects is skipped and counted: "skip-clang")
#   opt -passes=mem2reg -S in.ll      -> ref.ll
#   m2r-opt in.ll                     -> our.ll
#   m2r-opt --placement=P in.ll       -> our-P.ll, P semipruned and minimal
#   opt -passes=verify                must accept all three
# then, per function defined in ref.ll, compares the number of allocas
# left and the number of phis in each block.  Blocks are matched by their
# position in the function (the CFG is unchanged), so phi and value names
# and numbering do not matter (m2r-opt numbers its phis, LLVM names them
# "%.0", so numbered block labels shift); a named label that differs at
# the same position is a difference ("labels").
#
# Results: DIR/results.txt, one line per file:
#   FILE <TAB> STATUS <TAB> FUNCTIONS <TAB> MATCHING <TAB> EXPLAINED <TAB> VERIFIED <TAB> DETAILS
# STATUS is match, explained (only explained differences), diff,
# skip-clang or skip-opt; MATCHING and EXPLAINED count functions;
# VERIFIED counts the placements whose output opt accepted (of 3; braun: 1).
# DETAILS lists the differences as KIND:@function[:detail] separated by
# " ; ".  Kinds:
#   reader    m2r-opt rejected the input (exit 1; the message is kept)
#   crash     m2r-opt died, timed out or exited with another status
#             (detail: the placement)
#   verify    opt -passes=verify rejects m2r-opt's output (detail: the
#             placement, opt's message)
#   missing   a function of ref.ll is not in our.ll (or has another
#             number of blocks: "blocks")
#   allocas   another number of allocas left in the function
#   phis      another number of phis in a block (detail: block=ref/ours)
#   labels    another block label at the same position
# Explained (doc/llvm-comparison.md), not failures:
#   array-alloca  allocas LLVM promotes (or deletes) and the core does not
#                 because they have an element count other than 1
#   unused-cast   allocas LLVM promotes whose only other uses are unused
#                 bitcasts or all-zero getelementptrs (or such casts that
#                 feed only lifetime/debug intrinsics)
#   undef-phi     (braun) phis braun keeps and LLVM removes (by its rule
#                 on undef, or its single-store path): a block with more
#                 phis than LLVM's by exactly braun's phis whose leaves
#                 are undef and one value that dominates them (see
#                 summarize)
#   redundant-phi (braun) phis LLVM keeps and braun removes (the paper's
#                 Algorithm 5): a block with fewer phis than LLVM's by
#                 exactly LLVM's phis whose leaves are one value
# The files of a file that differs are kept in DIR/diffs/NAME/.
# Exit status: 0 when every compiled file matches or differs only as
# explained and all its outputs verify, 1 otherwise, 2 on a usage or
# setup error.

set -u

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(dirname "$here")

pick() { # first command that exists
	local c
	for c in "$@"; do
		if command -v "$c" >/dev/null 2>&1; then
			command -v "$c"
			return 0
		fi
	done
	return 1
}

: "${CLANG:=$(pick clang-14 clang || true)}"
: "${OPT:=$(pick opt-14 opt || true)}"
: "${M2R_OPT:=$root/build/m2r-opt}"
: "${CFLAGS_EXTRA:=}"
: "${M2R_TIMEOUT:=60}"
: "${M2R_ALGORITHM:=llvm}"
case $M2R_ALGORITHM in
braun) PLACEMENTS=pruned ;;
llvm | cytron) PLACEMENTS="pruned semipruned minimal" ;;
*) echo "llvm-compare: M2R_ALGORITHM=$M2R_ALGORITHM: not llvm, cytron or braun" >&2; exit 2 ;;
esac
NPL=$(set -- $PLACEMENTS; echo $#)
export CLANG OPT M2R_OPT CFLAGS_EXTRA M2R_TIMEOUT M2R_ALGORITHM

# ---------------------------------------------------------------------------
# Summary of a module: one line per defined function,
#   @name <TAB> allocas <TAB> nblocks <TAB> label:phis ... <TAB> folds ...
#   <TAB> redundant ...
# The entry block's label is "(entry)" when it has none.  The last two
# fields count, per block, phis by their leaves: the values other than
# phis that reach them through phis (undef being a value, as for Braun
# et al.).  "redundant": the phis whose leaves are one value; they
# always hold it, and braun removes them (the paper's Algorithm 5)
# where LLVM's mem2reg may keep a group of them.  "folds": the phis
# whose leaves are undef and one value that dominates every phi (a
# constant, an argument, an instruction of the entry block); braun keeps
# them, LLVM removes them, by its simplification's rule on undef or by
# its single-store path (a variable stored once with a constant gives
# that constant to every load, the loads the store does not dominate
# included).  (LLVM also folds to an instruction of another block that
# dominates the phi; the CFG is not read here, so such a block is left a
# difference to look at, never explained by guess.)
summarize() {
	awk -v braun="$([ "$M2R_ALGORITHM" = braun ] && echo 1)" '
	# Per block: reds, the phis whose leaves (the values other than phis
	# that reach them through phis) are one value; folds, those whose
	# leaves are undef and one value that dominates every phi (a
	# constant, an argument, or an instruction of the entry block).
	function leaves(   p, q, i, n, v, val, nd, und, sp, st, seen) {
		for (i = 1; i <= nb; i++) { reds[i] = 0; folds[i] = 0 }
		for (p = 1; p <= np; p++) {
			delete seen; sp = 1; st[1] = p; seen[p] = 1; val = ""; nd = 0; und = 0
			while (sp > 0 && nd < 2) {
				q = st[sp--]
				n = split(pops[q], o, SUBSEP)
				for (i = 1; i <= n; i++) {
					v = o[i]
					if (v in pidx) {
						if (!(pidx[v] in seen)) { seen[pidx[v]] = 1; st[++sp] = pidx[v] }
					} else if (v == "undef") und = 1
					else if (val == "") { val = v; nd = 1 } else if (v != val) nd = 2
				}
			}
			if (nd == 1 && !und) reds[pblk[p]]++
			if (nd == 1 && und && (val !~ /^%/ || (val in isarg) || (val in entrydef))) folds[pblk[p]]++
		}
	}
	function flush(   s, t, u, i) {
		if (fn == "") return
		if (braun) leaves() # (only the comparison of braun reads them)
		else for (i = 1; i <= nb; i++) folds[i] = reds[i] = 0
		s = ""; t = ""; u = ""
		for (i = 1; i <= nb; i++) {
			s = s (i > 1 ? " " : "") lab[i] ":" phis[i]
			t = t (i > 1 ? " " : "") folds[i]
			u = u (i > 1 ? " " : "") reds[i]
		}
		printf "%s\t%d\t%d\t%s\t%s\t%s\n", fn, allocas, nb, s, t, u
		fn = ""
	}
	function phi(line,   name, i, c, d, td, n, v, k) { # record one phi: name, block, operands
		name = line; sub(/^[ \t]+/, "", name); sub(/ .*/, "", name)
		np++; pname[np] = name; pblk[np] = nb; pidx[name] = np; pops[np] = ""
		# the operands are [ VALUE, %LABEL ] at depth 0 after the type;
		# a constant expression holds brackets and commas of its own
		sub(/^[^=]*= phi /, "", line)
		d = 0; n = 0; v = ""; td = 0
		for (i = 1; i <= length(line); i++) {
			c = substr(line, i, 1)
			if (d == 0) { # the type, or between operands: "[ " opens one
				if (td == 0 && c == "[" && substr(line, i + 1, 1) == " ") { d = 1; v = ""; continue }
				if (c ~ /[[({<]/) td++
				else if (c ~ /[])}>]/) td--
				continue
			}
			if (c == "]" && d == 1) {
				d = 0
				k = v; sub(/, *%("[^"]*"|[-a-zA-Z$._0-9]+) *$/, "", k)
				gsub(/^ +| +$/, "", k)
				pops[np] = pops[np] (n++ ? SUBSEP : "") k
				continue
			}
			if (c ~ /[[({<]/) d++
			else if (c ~ /[])}>]/) d--
			v = v c
		}
	}
	/^define / {
		if (match($0, /@("[^"]*"|[-a-zA-Z$._0-9]+)/)) {
			fn = substr($0, RSTART, RLENGTH)
		} else {
			fn = "@?"
		}
		allocas = 0; nb = 1; lab[1] = "(entry)"; phis[1] = 0; inbody = 1
		np = 0; delete pidx; delete isarg; delete entrydef
		a = $0; sub(/^[^(]*\(/, "", a)
		while (match(a, /%("[^"]*"|[-a-zA-Z$._0-9]+)/)) {
			isarg[substr(a, RSTART, RLENGTH)] = 1; a = substr(a, RSTART + RLENGTH)
		}
		first = 1
		next
	}
	!inbody { next }
	/^}/ { flush(); inbody = 0; next }
	/^("[^"]*"|[-a-zA-Z$._0-9]+):/ {
		l = $0
		sub(/:.*/, "", l)
		if (first) { lab[1] = l } else { nb++; lab[nb] = l; phis[nb] = 0 }
		first = 0
		next
	}
	/^[ \t]+[^ \t;]/ {
		first = 0
		if ($0 ~ /^[ \t]+%("[^"]*"|[-a-zA-Z$._0-9]+) = phi /) { phis[nb]++; if (braun) phi($0) }
		else if ($0 ~ /^[ \t]+%("[^"]*"|[-a-zA-Z$._0-9]+) = alloca /) allocas++
		if (nb == 1 && match($0, /^[ \t]+%("[^"]*"|[-a-zA-Z$._0-9]+) = /)) {
			d = substr($0, RSTART, RLENGTH); sub(/^[ \t]+/, "", d); sub(/ = $/, "", d)
			entrydef[d] = 1
		}
	}
	END { flush() }
	' "$1"
}

# Compare two summaries (ref, ours); prints the differences, one per line,
# as KIND:@fn[:detail], then "FUNCS N MATCH M" on the last line.  With
# braun, a block where ours has more phis than LLVM's by exactly its
# "folds" is "undef-phi", one with fewer by exactly LLVM's "redundant"
# is "redundant-phi": both explained (summarize).
compare() {
	awk -F '\t' -v braun="$([ "$M2R_ALGORITHM" = braun ] && echo 1)" '
	NR == FNR { ref[$1] = $0; order[++n] = $1; next }
	{ ours[$1] = $0 }
	END {
		match_ = 0
		for (k = 1; k <= n; k++) {
			f = order[k]
			split(ref[f], r, "\t")
			bad = 0
			if (!(f in ours)) { print "missing:" f; continue }
			split(ours[f], o, "\t")
			if (r[3] != o[3]) { print "blocks:" f ":" r[3] "/" o[3]; continue }
			if (r[2] != o[2]) { print "allocas:" f ":" r[2] "/" o[2]; bad = 1 }
			nr = split(r[4], rb, " "); split(o[4], ob, " "); split(o[5], of, " "); split(r[6], rr, " ")
			redd = ""
			labd = ""; phid = ""; undd = ""
			for (i = 1; i <= nr; i++) {
				rl = rb[i]; sub(/:[0-9]+$/, "", rl); rp = rb[i]; sub(/.*:/, "", rp)
				ol = ob[i]; sub(/:[0-9]+$/, "", ol); op = ob[i]; sub(/.*:/, "", op)
				if (rl != ol && (rl !~ /^[0-9]+$/ || ol !~ /^[0-9]+$/) && labd == "") labd = "labels:" f ":" rl "/" ol
				if (rp == op) continue
				if (braun && op - rp > 0 && op - rp == of[i] + 0)
					undd = undd (undd == "" ? "undef-phi:" f ":" : ",") rl "=" rp "/" op
				else if (braun && rp - op > 0 && rp - op == rr[i] + 0)
					redd = redd (redd == "" ? "redundant-phi:" f ":" : ",") rl "=" rp "/" op
				else
					phid = phid (phid == "" ? "phis:" f ":" : ",") rl "=" rp "/" op
			}
			if (phid != "") { print phid; bad = 1 }
			if (labd != "") { print labd; bad = 1 }
			if (undd != "") print undd
			if (redd != "") print redd
			if (!bad && undd == "" && redd == "") match_++
		}
		print "FUNCS " n " MATCH " match_
	}
	' "$1" "$2"
}

# The allocas of one function of m2r-opt's output that LLVM 14's
# isAllocaPromotable accepts although m2r-opt left them: prints
# "array N" and "cast N".  LLVM accepts an alloca whose every use is a
# non-volatile load, a non-volatile store into it, a lifetime or debug
# intrinsic, or a bitcast or all-zero getelementptr used only by such
# intrinsics (or unused); it does not look at the element count.  The
# core refuses an element count other than 1 ("array") and any bitcast or
# getelementptr ("cast").
llvm_promotable() {
	awk -v fn="$2" '
	function skiptype(s,   i, c, d) { # length of the type at the start of s
		d = 0
		for (i = 1; i <= length(s); i++) {
			c = substr(s, i, 1)
			if (c ~ /[[({<]/) d++
			else if (c ~ /[])}>]/) d--
			else if (c == "," && d == 0) return i - 1
		}
		return length(s)
	}
	function uses(s, arr,   n, t) { # local names used in s, in order
		n = 0
		while (match(s, /%("[^"]*"|[-a-zA-Z$._0-9]+)/)) {
			t = substr(s, RSTART, RLENGTH)
			arr[++n] = t
			s = substr(s, RSTART + RLENGTH)
		}
		return n
	}
	/^define / { infn = (index($0, fn "(") > 0); next }
	!infn { next }
	/^}/ { infn = 0; next }
	/^[ \t]+[^ \t;]/ {
		line = $0; sub(/^[ \t]+/, "", line)
		res = ""
		if (match(line, /^%("[^"]*"|[-a-zA-Z$._0-9]+) = /)) {
			res = substr(line, 1, RLENGTH - 3); line = substr(line, RLENGTH + 1)
		}
		if (line ~ /^alloca /) {
			isarr = 0
			# the count: ", TY VALUE" right after the allocated type
			r2 = substr(line, 8); r2 = substr(r2, skiptype(r2) + 1)
			if (r2 ~ /^, / && r2 !~ /^, (align|addrspace)/ && r2 !~ /^, i[0-9]+ 1(,|$)/) isarr = 1
			alloc[res] = 1; arr[res] = isarr; bad[res] = 0; ncast[res] = 0
			order[++na] = res
			next
		}
		n = uses(line, u)
		if (line ~ /^call .*@llvm\.(lifetime\.(start|end)|dbg\.(declare|addr|value))/) {
			for (i = 1; i <= n; i++) if (u[i] in castof) castok_use[u[i]]++
			next
		}
		for (i = 1; i <= n; i++) {
			v = u[i]
			if (v in castof) { castbad[v] = 1; continue }
			if (!(v in alloc)) continue
			if (line ~ /^load / && line !~ /^load (atomic|volatile)/ && i == n) continue
			if (line ~ /^store / && line !~ /^store (atomic|volatile)/ && i == n) continue
			if (res != "" && line ~ /^bitcast /) { castof[res] = v; ncast[v]++; continue }
			if (res != "" && line ~ /^getelementptr /) {
				t = line; sub(/.*%("[^"]*"|[-a-zA-Z$._0-9]+)/, "", t)
				if (i == n && t !~ /, i[0-9]+ [^0]/ && t !~ /, i[0-9]+ 0[0-9]/) {
					castof[res] = v; ncast[v]++; continue
				}
			}
			bad[v] = 1
		}
	}
	END {
		for (c in castof) if (castbad[c]) bad[castof[c]] = 1
		for (k = 1; k <= na; k++) {
			a = order[k]
			if (bad[a]) continue
			if (arr[a]) na_arr++
			else if (ncast[a]) na_cast++
		}
		printf "array %d\ncast %d\n", na_arr, na_cast
	}' "$1"
}

# ---------------------------------------------------------------------------
# One file: prints its result line on stdout.
oneline() { # file message: the first line, cleaned, for a results field
	head -n 1 "$1" | sed "s|$OUTDIR/diffs/[^/]*/||g; s|[[:space:]]\+| |g; s|;|,|g"
}
one() {
	local src=$1 base dir nf in
	base=$(printf '%s' "$src" | sed 's|^\./||; s|^/||; s|/|__|g')
	dir=$OUTDIR/diffs/${base%.c}
	rm -rf "$dir"
	mkdir -p "$dir"
	# shellcheck disable=SC2086
	if ! "$CLANG" -O0 -Xclang -disable-O0-optnone -emit-llvm -S -w $CFLAGS_EXTRA \
		-o "$dir/in.ll" "$src" >"$dir/clang.err" 2>&1; then
		printf '%s\tskip-clang\t0\t0\t0\t0\t\n' "$src"
		[ -n "$KEEP" ] || rm -rf "$dir"
		return
	fi
	in=$dir/in.ll
	if ! "$OPT" -passes=mem2reg -S -o "$dir/ref.ll" "$in" >"$dir/opt.err" 2>&1; then
		printf '%s\tskip-opt\t0\t0\t0\t0\t\n' "$src"
		return
	fi
	summarize "$dir/ref.ll" >"$dir/ref.sum"
	nf=$(wc -l <"$dir/ref.sum")
	# Every placement's output must be valid LLVM; the counts are
	# compared for the default one (pruned, as LLVM's).
	local rc pl our verify="" verified=0
	for pl in $PLACEMENTS; do
		our=$dir/our-$pl.ll
		[ "$pl" = pruned ] && our=$dir/our.ll
		rc=0
		timeout "$M2R_TIMEOUT" "$M2R_OPT" --algorithm="$M2R_ALGORITHM" --placement=$pl \
			-o "$our" "$in" >/dev/null \
			2>"$dir/m2r.err" || rc=$?
		if [ "$rc" != 0 ]; then
			local kind=crash msg
			[ "$rc" = 1 ] && kind=reader
			msg=$(oneline "$dir/m2r.err")
			[ "$kind" = crash ] && msg="$pl: exit $rc${msg:+: $msg}"
			printf '%s\tdiff\t%s\t0\t0\t%s\t%s:%s\n' "$src" "$nf" "$verified" "$kind" "$msg"
			return
		fi
		if "$OPT" -passes=verify -disable-output "$our" >"$dir/verify-$pl.err" 2>&1; then
			verified=$((verified + 1))
			rm -f "$dir/verify-$pl.err"
		else
			verify="$verify${verify:+ ; }verify:$pl: $(grep -v '^opt.*input module is broken' \
				"$dir/verify-$pl.err" | oneline /dev/stdin)"
		fi
	done
	summarize "$dir/our.ll" >"$dir/our.sum"
	compare "$dir/ref.sum" "$dir/our.sum" >"$dir/cmp.txt"
	# Explain the allocas LLVM promotes and the core by design does not.
	local line kind fn rest r o na nc out=() expl=0 bad=0 funcs match
	declare -A fbad=() fexpl=()
	while IFS= read -r line; do
		case $line in
		FUNCS*) read -r _ funcs _ match <<<"$line"; continue ;;
		undef-phi:* | redundant-phi:*)
			fn=${line#*:}; fn=${fn%%:*}
			fexpl[$fn]=1
			out+=("$line")
			continue
			;;
		allocas:*)
			IFS=: read -r kind fn rest <<<"$line"
			r=${rest%/*} o=${rest#*/}
			read -r _ na _ nc < <(llvm_promotable "$dir/our.ll" "$fn" | tr '\n' ' ')
			if [ $((o - r)) -gt 0 ] && [ $((o - r)) = $((na + nc)) ]; then
				[ "$na" -gt 0 ] && out+=("array-alloca:$fn:$na")
				[ "$nc" -gt 0 ] && out+=("unused-cast:$fn:$nc")
				fexpl[$fn]=1
				continue
			fi
			;;
		esac
		fn=${line#*:}; fn=${fn%%:*}
		fbad[$fn]=1
		out+=("$line")
	done <"$dir/cmp.txt"
	for fn in "${!fexpl[@]}"; do [ -n "${fbad[$fn]-}" ] || expl=$((expl + 1)); done
	bad=${#fbad[@]}
	[ -n "$verify" ] && { out=("$verify" "${out[@]}"); bad=$nf; expl=0; }
	local details="" status=match e
	for e in "${out[@]}"; do details="$details${details:+ ; }$e"; done
	if [ -n "$verify" ] || [ "${#fbad[@]}" -gt 0 ]; then
		status=diff
		match=$((nf - bad - expl))
		[ -n "$verify" ] && match=0
	elif [ "${#fexpl[@]}" -gt 0 ]; then
		status=explained
		match=$((nf - expl))
	fi
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$src" "$status" "$funcs" "$match" "$expl" \
		"$verified" "$details"
	if [ "$status" = match ] && [ -z "$KEEP" ]; then rm -rf "$dir"; fi
}

if [ "${1-}" = "--one" ]; then
	shift
	for f in "$@"; do one "$f"; done
	exit 0
fi
# (An error inside the branch above ends the branch, not the script: never
# let a worker fall through to here and start workers of its own.)
if [ -n "${LLVM_COMPARE_WORKER-}" ]; then
	echo "llvm-compare: internal error in a worker" >&2
	exit 2
fi
export LLVM_COMPARE_WORKER=1

# ---------------------------------------------------------------------------
jobs=$(nproc 2>/dev/null || echo 1)
list="" base="." OUTDIR="$root/build/llvm-compare" KEEP="" quiet=""
while getopts "j:l:C:o:kqh" c; do
	case $c in
	j) jobs=$OPTARG ;;
	l) list=$OPTARG ;;
	C) base=$OPTARG ;;
	o) OUTDIR=$OPTARG ;;
	k) KEEP=1 ;;
	q) quiet=1 ;;
	h) sed -n '2,/^$/s/^# \{0,1\}//p' "$0"; exit 0 ;;
	*) exit 2 ;;
	esac
done
shift $((OPTIND - 1))

for t in "$CLANG" "$OPT"; do
	if [ -z "$t" ] || ! command -v "$t" >/dev/null 2>&1; then
		echo "llvm-compare: clang and opt (LLVM 14) are needed: apt-get install clang-14 llvm-14" >&2
		exit 2
	fi
done
if [ ! -x "$M2R_OPT" ]; then
	echo "llvm-compare: $M2R_OPT not found: run make first" >&2
	exit 2
fi

mkdir -p "$OUTDIR"
OUTDIR=$(cd "$OUTDIR" && pwd)
export OUTDIR KEEP
files=$OUTDIR/files.txt
{
	for f in "$@"; do printf '%s\n' "$f"; done
	if [ -n "$list" ]; then
		grep -v '^[[:space:]]*\(#\|$\)' "$list" | while read -r f; do
			case $f in /*) printf '%s\n' "$f" ;; *) printf '%s\n' "$base/$f" ;; esac
		done
	fi
} >"$files"
if [ ! -s "$files" ]; then
	echo "llvm-compare: no input files" >&2
	exit 2
fi
results=$OUTDIR/results.txt
# Several files per process; the results come back in input order.
tr '\n' '\0' <"$files" | xargs -0 -r -n 8 -P "$jobs" bash "$0" --one >"$results.tmp"
awk -F '\t' 'NR == FNR { pos[$0] = NR; next } { print pos[$1] "\t" $0 }' "$files" "$results.tmp" |
	sort -n -k1,1 | cut -f2- >"$results"
rm -f "$results.tmp"

# Summary.
awk -F '\t' -v quiet="$quiet" -v nin="$(wc -l <"$files")" -v npl="$NPL" -v alg="$M2R_ALGORITHM" '
	{ nfiles++; st[$2]++; funcs += $3; match_ += $4; expl += $5; ver += $6
	  n = split($7, d, / ; /)
	  delete seen
	  for (i = 1; i <= n; i++) {
		k = d[i]; if (k !~ /^[a-z-]+:/) continue
		sub(/:.*/, "", k)
		kinds[k]++
		if (!(k in seen)) { kfiles[k]++; seen[k] = 1 }
	  } }
	END {
		compiled = nfiles - st["skip-clang"] - st["skip-opt"]
		bad = (st["diff"] > 0 || st["skip-opt"] > 0 || nfiles != nin || ver != npl * compiled)
		if (quiet) exit bad
		printf "files:      %d (%d compiled, %d rejected by clang, %d rejected by opt)\n",
			nfiles, compiled, st["skip-clang"], st["skip-opt"]
		printf "            %d match, %d differ only as explained, %d differ\n",
			st["match"], st["explained"], st["diff"]
		printf "functions:  %d: %d match, %d differ only as explained, %d differ\n",
			funcs, match_, expl, funcs - match_ - expl
		printf "verified:   %d of %d outputs (%d files x %d placement%s) accepted by opt -passes=verify\n",
			ver, npl * compiled, compiled, npl, npl == 1 ? "" : "s"
		if (alg != "llvm")
			printf "algorithm:  %s\n", alg
		for (k in kinds) {
			e = (k == "array-alloca" || k == "unused-cast" || k == "undef-phi" || k == "redundant-phi") ? "explained difference" : "DIFFERENCE"
			printf "  %-13s %4d in %4d files  (%s)\n", k, kinds[k], kfiles[k], e
		}
		if (nfiles != nin) printf "error: %d results for %d files\n", nfiles, nin
		exit bad
	}' "$results"
