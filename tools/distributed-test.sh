#!/usr/bin/env bash
# distributed-test.sh - the plugin through distcc and icecc, for real, on
# daemons that listen on 127.0.0.1 only (make check-distributed; root).
#
#   distributed-test.sh WORK ZLIB_SRC M2R_GCC PLUGIN GCC [M2R_REPORT]
#
# WORK: a scratch directory (emptied); ZLIB_SRC: the unpacked zlib
# (tools/zlib.mk builds it); M2R_GCC: the wrapper "make install" wrote;
# PLUGIN: the installed mem2reg.so it loads; GCC: that GCC's absolute
# path; M2R_REPORT: build/m2r-report when it exists (else "").
#
# Builds zlib with make -j4 three ways: locally with m2r-gcc, through
# distcc (two distccd on two ports, DISTCC_CMDLIST naming m2r-gcc),
# through icecc (a scheduler, the client's own iceccd that takes no jobs
# and two iceccd that do, ICECC_TESTS=1), and checks:
#   - every compile ran remotely: the daemons' logs count the jobs, the
#     distcc client must not fall back (DISTCC_FALLBACK=0), the icecc
#     client's log must show no local build;
#   - the records of each distributed build equal the local build's,
#     function for function, with the times, host, working directory, pid and
#     dumpbase removed: records written by output=PATH (distcc: the
#     server writes the absolute path; icecc: lost in the chroot) and
#     records on stderr (output=-, split records joined), kept per
#     compile in OBJ.stderr;
#   - with m2r-report, its CSV of both builds, time columns removed;
#   - what ccache does with the records on a hit.
# Every daemon runs under timeout(1) and is stopped by its process id
# (process group) on exit, whatever happens.
set -u
WORK=$1 ZSRC=$2 M2R_GCC=$3 PLUGIN=$4 GCC=$5 M2R_REPORT=${6:-}
HERE=$(cd "$(dirname "$0")" && pwd)
JOBS=4
LIMIT=${DIST_TIME_LIMIT:-600}   # seconds any daemon may live
ZLIB_MK=$HERE/zlib.mk
NCOMPILES=$(make -s -f "$ZLIB_MK" names | wc -w)
FAILS=0

say() { echo "check-distributed: $*"; }
fail() { echo "check-distributed: FAIL: $*" >&2; FAILS=$((FAILS + 1)); }
die() { echo "check-distributed: error: $*" >&2; exit 1; }

[ "$(id -u)" = 0 ] || die "needs root (iceccd runs compiles in a chroot; distccd and iceccd change user)"
for t in distcc distccd icecc iceccd icecc-scheduler ccache; do
	command -v $t >/dev/null 2>&1 || die "$t not installed (sudo apt-get install distcc icecc ccache)"
done
case $PLUGIN in /*) ;; *) die "PLUGIN must be an absolute path: $PLUGIN" ;; esac

# Everything runs in a network namespace of its own, whose one interface
# is lo: nothing the test starts can be reached from outside.  distccd
# listens on 127.0.0.1 anyway (--listen); iceccd 1.4 cannot (-i lo binds
# the same address twice and fails: "Address already in use"), so in the
# host's namespace it would listen on every interface.
if [ -z "${M2R_NETNS:-}" ]; then
	unshare --net true 2>/dev/null ||
		die "cannot make a network namespace (unshare --net): the daemons would be reachable from outside"
	exec unshare --net -- env M2R_NETNS=1 bash "$0" "$@"
fi
ip link set lo up || die "cannot bring up lo in the test's network namespace"

rm -rf "$WORK" && mkdir -p "$WORK" || exit 1
WORK=$(cd "$WORK" && pwd)
# The daemons change to their own users (distccd, icecc): their logs and
# the records of output=PATH live in directories everyone may write.
mkdir -p "$WORK/daemons" "$WORK/records" && chmod 1777 "$WORK/daemons" "$WORK/records"

# ---------- daemons: started under timeout, stopped by pid ----------
TPIDS=()       # timeout(1) of each daemon: the leader of its process group
DPIDS=()       # the daemons (each enters a process group of its own)
stop_daemons() {
	local p
	for p in "${TPIDS[@]}"; do kill -TERM -- "-$p" 2>/dev/null; done
	for p in "${DPIDS[@]}"; do kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null; done
	for p in "${TPIDS[@]}"; do wait "$p" 2>/dev/null; done
	sleep 0.2
	for p in "${DPIDS[@]}"; do
		if ps -o pid= -g "$p" >/dev/null 2>&1; then
			echo "check-distributed: process group $p still there after SIGTERM: SIGKILL" >&2
			kill -KILL -- "-$p" 2>/dev/null
		fi
	done
	[ ${#DPIDS[@]} = 0 ] || say "stopped the daemons (pids ${DPIDS[*]})"
	TPIDS=() DPIDS=()
}
trap stop_daemons EXIT
trap 'exit 130' INT TERM

# free_port N: the first TCP port from N that nothing listens on.
free_port() {
	local p=$1
	while ss -ltnH "sport = :$p" | grep -q .; do p=$((p + 1)); done
	echo "$p"
}

# start NAME CMD...: CMD under timeout (which leads a process group of
# its own); NAME_pid is the daemon's own pid.
start() {
	local name=$1; shift
	timeout "$LIMIT" "$@" >>"$WORK/daemons/$name.out" 2>&1 &
	local t=$! d= i
	TPIDS+=($t)
	for i in $(seq 50); do
		d=$(ps -o pid= --ppid $t | head -1 | tr -d ' ')
		[ -n "$d" ] && break
		sleep 0.05
	done
	[ -n "$d" ] || die "$name did not start: $(cat "$WORK/daemons/$name.out")"
	DPIDS+=($d)
	eval "${name}_pid=$d"
}

# ---------- the stderr channel: output=- ----------
STDERR_ARGS="-fplugin-arg-mem2reg-output=-"
say "records on stderr: output=- (m2r-record: lines)"

# records_of_stderr DIR: the records that the compiles of DIR printed on
# stderr (one OBJ.stderr per compile).
records_of_stderr() {
	cat "$1"/*.o.stderr 2>/dev/null | record_lines
}

# record_lines: the record lines of a stream, "m2r-record: " removed.
record_lines() {
	sed -n 's/^m2r-record: //p'
}

# norm: function records only, without what differs by where and when
# they were made (times, host, working directory, dumpbase, pid), sorted.
# A record output=- split under PIPE_BUF is joined first (its "variables"
# records, by host and pid, doc/statistics.md): where it is split depends
# on the lengths of cwd and dumpbase, which differ from host to host.
norm() {
	python3 -c '
import json, sys
fns, open_ = [], {}
for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    r = json.loads(line)
    if r.get("type") == "variables":
        open_[(r["host"], r["pid"])]["variables"] += r["variables"]
        continue
    if r.get("type") != "function":
        continue
    if r.get("parts", 1) > 1:
        open_[(r["host"], r["pid"])] = r
    fns.append(r)
out = []
for r in fns:
    for k in list(r):
        if k.endswith("_ns") or k in ("host", "cwd", "dumpbase", "pid", "parts", "time"):
            del r[k]
    out.append(json.dumps(r, sort_keys=True))
for l in sorted(out):
    print(l)
'
}

# build NAME CC EXTRA_ARGS: zlib with make -jJOBS into WORK/NAME; records
# of output=PATH in WORK/records/NAME.jsonl (created writable by all)
# unless NOFILE is set.
build() {
	local name=$1 cc=$2 extra=$3
	local rec=$WORK/records/$name.jsonl
	: > "$rec" && chmod 666 "$rec"
	[ -z "${NOFILE:-}" ] && extra="-fplugin-arg-mem2reg-output=$rec $extra"
	local t0=$(date +%s.%N)
	make -s -f "$ZLIB_MK" -j$JOBS SRC="$ZSRC" OUT="$WORK/$name" \
		CC="$cc" CFLAGS="-O2 -fno-diagnostics-show-caret $extra" \
		>"$WORK/$name.log" 2>&1
	local rc=$?
	local t1=$(date +%s.%N)
	if [ $rc != 0 ]; then
		fail "$name: the build failed (log: $WORK/$name.log)"
		tail -20 "$WORK/$name.log" >&2
		return 1
	fi
	# zlib's example writes foo.gz where it runs
	(cd "$WORK/$name" && ./example >/dev/null 2>&1) || fail "$name: zlib's example program fails"
	say "$name: built zlib ($NCOMPILES compiles) in $(awk "BEGIN { printf \"%.1f\", $t1 - $t0 }") s"
}

# build2 NAME CC: the two record channels need two builds (the last
# output= given wins): output=PATH, then output=- alone.  NOFILE=1: no
# output=PATH (icecc: an absolute path does not exist in the daemon's
# chroot, and the compile fails).
build2() {
	local name=$1 cc=$2
	if [ -z "${NOFILE:-}" ]; then
		build "$name" "$cc" "" || return 1
	fi
	NOFILE=1 build "$name-stderr" "$cc" "$STDERR_ARGS" || return 1
	if [ -n "${NOFILE:-}" ]; then
		ln -sfn "$name-stderr" "$WORK/$name"
	fi
}

# same WHAT A B: two record sets equal, function for function.
same() {
	local what=$1 a=$2 b=$3
	local na=$(wc -l < "$a") nb=$(wc -l < "$b")
	if [ "$na" = 0 ]; then
		fail "$what: no function records in $a"
	elif cmp -s "$a" "$b"; then
		say "$what: $na function records, equal"
	else
		fail "$what: records differ ($na vs $nb): diff $a $b"
		diff "$a" "$b" | head -6 | cut -c1-200 >&2
	fi
}

# csv_same WHAT A B: m2r-report --format=csv of both, time columns removed.
csv_same() {
	[ -n "$M2R_REPORT" ] && [ -x "$M2R_REPORT" ] || return 0
	local what=$1 a=$2 b=$3 ca=$2.csv cb=$3.csv
	for f in "$a" "$b"; do
		"$M2R_REPORT" --format=csv "$f" 2>/dev/null | python3 -c '
import csv, sys
rows = list(csv.reader(sys.stdin))
if not rows:
    sys.exit(0)
keep = [i for i, h in enumerate(rows[0])
        if not (h.endswith("_ns") or h.endswith("_us") or "time" in h or h in ("host", "cwd", "dumpbase", "pid"))]
w = csv.writer(sys.stdout, lineterminator="\n")
w.writerow([rows[0][i] for i in keep])
for r in sorted(rows[1:]):
    w.writerow([r[i] for i in keep if i < len(r)])
' > "$f.csv"
	done
	if [ -s "$ca" ] && cmp -s "$ca" "$cb"; then
		say "$what: m2r-report --format=csv equal ($(($(wc -l < "$ca") - 1)) rows)"
	else
		fail "$what: m2r-report --format=csv differs: diff $ca $cb"
	fi
}

# compare NAME: NAME's records against the local build's.
compare() {
	local name=$1 with_file=$2
	records_of_stderr "$WORK/local-stderr" | norm > "$WORK/local.stderr.norm"
	records_of_stderr "$WORK/$name-stderr" | norm > "$WORK/$name.stderr.norm"
	same "$name vs local, records on stderr" "$WORK/local.stderr.norm" "$WORK/$name.stderr.norm"
	if [ "$with_file" = yes ]; then
		norm < "$WORK/records/local.jsonl" > "$WORK/local.file.norm"
		norm < "$WORK/records/$name.jsonl" > "$WORK/$name.file.norm"
		same "$name vs local, records of output=PATH" "$WORK/local.file.norm" "$WORK/$name.file.norm"
		csv_same "$name vs local" "$WORK/records/local.jsonl" "$WORK/records/$name.jsonl"
	else
		records_of_stderr "$WORK/local-stderr" > "$WORK/local.stderr.jsonl"
		records_of_stderr "$WORK/$name-stderr" > "$WORK/$name.stderr.jsonl"
		csv_same "$name vs local (stderr)" "$WORK/local.stderr.jsonl" "$WORK/$name.stderr.jsonl"
	fi
}

# ---------- 1. local ----------
export PATH="$(dirname "$M2R_GCC"):$PATH"
build2 local m2r-gcc || exit 1

# ---------- 2. distcc ----------
# distccd refuses -fplugin= on the command line; the client sends
# "m2r-gcc" and DISTCC_CMDLIST maps its last word to the wrapper's
# absolute path (which also lifts the /usr/lib/distcc masquerade rule).
D=$WORK/daemons
echo "$M2R_GCC" > "$D/distcc-cmdlist"
dports=()
p=3700
for n in 1 2; do
	p=$(free_port $p)
	dports+=($p)
	start distccd$n env DISTCC_CMDLIST=$D/distcc-cmdlist DISTCC_CMDLIST_NUMWORDS=1 distccd --daemon --no-detach --listen 127.0.0.1 --allow 127.0.0.1 \
		--port $p --jobs 2 --job-lifetime 120 --log-file "$D/distccd$n.log" --verbose
	p=$((p + 1))
done
for i in $(seq 50); do
	ss -ltnH "sport = :${dports[0]}" | grep -q 127.0.0.1 && ss -ltnH "sport = :${dports[1]}" | grep -q 127.0.0.1 && break
	sleep 0.1
done
say "distccd on 127.0.0.1:${dports[0]} (pid $distccd1_pid) and 127.0.0.1:${dports[1]} (pid $distccd2_pid)"
ss -ltnH "( sport = :${dports[0]} or sport = :${dports[1]} )" | sed 's/^/    listening: /'
mkdir -p "$WORK/distcc-client"
export DISTCC_HOSTS="127.0.0.1:${dports[0]}/2 127.0.0.1:${dports[1]}/2"
export DISTCC_DIR=$WORK/distcc-client DISTCC_FALLBACK=0 DISTCC_SKIP_LOCAL_RETRY=1 \
	DISTCC_LOG=$WORK/distcc-client.log
if build2 distcc "distcc m2r-gcc"; then
	n1=$(grep -c 'COMPILE_OK' "$D/distccd1.log") n2=$(grep -c 'COMPILE_OK' "$D/distccd2.log")
	bad=$(cat "$D"/distccd?.log | grep -c -e 'COMPILE_ERROR' -e 'insecure and not supported' -e 'DISTCC_CMDLIST failed')
	want=$((NCOMPILES * $([ -L "$WORK/distcc-stderr" ] && echo 1 || echo 2)))
	say "distcc: jobs in the daemons' logs: distccd1 $n1, distccd2 $n2 (COMPILE_OK), refused or failed $bad; compiles $want"
	grep -h 'COMPILE_OK' "$D"/distccd?.log | head -2 | sed 's/^/    /'
	[ $((n1 + n2)) = "$want" ] || fail "distcc: $((n1 + n2)) remote compiles for $want compiles: some ran locally"
	[ "$n1" -gt 0 ] && [ "$n2" -gt 0 ] || fail "distcc: a daemon got no job"
	[ "$bad" = 0 ] || fail "distcc: $bad jobs refused or failed on a daemon"
	grep -q -i 'locally' "$WORK/distcc-client.log" 2>/dev/null && fail "distcc: the client compiled locally ($WORK/distcc-client.log)"
	compare distcc yes
fi
unset DISTCC_HOSTS DISTCC_DIR DISTCC_FALLBACK DISTCC_SKIP_LOCAL_RETRY DISTCC_LOG
stop_daemons

# ---------- 3. icecc ----------
# As icecream's own tests do (ICECC_TESTS=1): a scheduler, the client's
# daemon (--no-remote: takes no job; the client talks to it through
# ICECC_TEST_SOCKET) and two daemons that take jobs, all on lo.  The
# client ships the compiler and the plugin (-fplugin=) in an environment;
# the daemons run the compiles in a chroot of it.
sport=$(free_port 8767)
netname=m2rtest$$
icenv="ICECC_TESTS=1 ICECC_TEST_SCHEDULER_PORTS=$sport:$sport ICECC_TEST_FLUSH_LOG_MARK=$D/flush-mark"
start scheduler env $icenv icecc-scheduler -p $sport -l "$D/scheduler.log" -n $netname -v -v -v
# iceccd reports itself full (load 1000) while its host is less than 10%
# idle (icecream's daemon/main.cpp), and the scheduler then gives every
# job back to the client: on a machine busy with other work, nothing would
# go remote.  The two daemons that take jobs see a frozen copy of
# /proc/stat (in a mount namespace of their own), so they look idle;
# nothing else changes.
cp /proc/stat "$D/proc-stat"
frozen_stat=(unshare --mount -- sh -c 'mount --bind "$0" /proc/stat && exec "$@"' "$D/proc-stat")
# start_ice NAME PORT: one iceccd.
start_ice() {
	local name=$1 port=$2 extra="-m 2" wrap=("${frozen_stat[@]}")
	# -m 0: the scheduler gives the client's own jobs back to it only
	# when it may run some (while the others install the environment)
	[ $name = client ] && extra="--no-remote -m 0" wrap=()
	start $name "${wrap[@]}" env $icenv ICECC_TEST_SOCKET=$D/socket-$name ICECC_SCHEDULER=127.0.0.1:$sport \
		iceccd -b "$D/envs-$name" -l "$D/$name.log" -n $netname -N $name -p $port $extra -v -v -v
}
iports=()
p=10246
for name in client ice1 ice2; do
	p=$(free_port $p)
	iports+=($p)
	start_ice $name $p
	p=$((p + 1))
done
flush_mark=0
# flush_logs: the daemons buffer their logs; ICECC_TESTS makes SIGHUP
# write the mark of the flush file, after which a log is complete.
flush_logs() {
	flush_mark=$((flush_mark + 1))
	echo "=$flush_mark=" > "$D/flush-mark"; chmod 644 "$D/flush-mark"
	local n
	for n in scheduler client ice1 ice2; do
		eval "kill -HUP \$${n}_pid" 2>/dev/null
	done
	for i in $(seq 20); do
		local ok=1
		for n in scheduler client ice1 ice2; do
			grep -q "flush log mark: =$flush_mark=" "$D/$n.log" 2>/dev/null || ok=
		done
		[ -n "$ok" ] && return 0
		sleep 0.1
	done
	return 1
}
# wait_ice: every daemon logged in to the scheduler (ready=1), or not.
wait_ice() {
	local i n
	ready=
	for i in $(seq 10); do
		flush_logs
		ready=1
		for n in client ice1 ice2; do
			grep -q "Connected to scheduler" "$D/$n.log" 2>/dev/null || ready=
			grep -q "login $n protocol" "$D/scheduler.log" 2>/dev/null || ready=
		done
		[ -n "$ready" ] && break
		sleep 0.5
	done
}
wait_ice
# Seen once in a few dozen runs: a daemon that never writes its log
# (no log, no environment directory, no message).  It is started once
# more, and the run says so; a second failure fails the test.
if [ -z "$ready" ]; then
	k=0
	for name in client ice1 ice2; do
		if [ ! -s "$D/$name.log" ]; then
			say "icecc: $name wrote no log after its start: started once more"
			eval "kill -KILL \$${name}_pid" 2>/dev/null
			start_ice $name ${iports[$k]}
		fi
		k=$((k + 1))
	done
	wait_ice
fi
if [ -z "$ready" ]; then
	fail "icecc: the daemons did not connect to the scheduler (logs: $D/*.log)"
else
	grep -q "Cannot use chroot" "$D/ice1.log" "$D/ice2.log" && fail "icecc: the daemons cannot use chroot"
	say "icecc: scheduler 127.0.0.1:$sport (pid $scheduler_pid), client daemon (pid $client_pid, no jobs)," \
		"ice1 127.0.0.1:${iports[1]} (pid $ice1_pid), ice2 127.0.0.1:${iports[2]} (pid $ice2_pid)"
	say "icecc: listening sockets in the test's network namespace (its one interface: lo):"
	ss -ltunH | sed 's/^/    /'
	export ICECC_TEST_SOCKET=$D/socket-client ICECC_TEST_REMOTEBUILD=1 ICECC_DEBUG=debug \
		ICECC_LOGFILE=$WORK/icecc-client.log ICECC_CARET_WORKAROUND=0
	if NOFILE=1 build2 icecc "icecc $GCC -fplugin=$PLUGIN"; then
		flush_logs
		n1=$(grep -c 'Remote compilation completed with exit code 0' "$D/ice1.log")
		n2=$(grep -c 'Remote compilation completed with exit code 0' "$D/ice2.log")
		nl=$(grep -c '<building_local>' "$WORK/icecc-client.log")
		nf=$(grep -c -e 'local build forced' -e 'building myself' "$WORK/icecc-client.log")
		want=$NCOMPILES
		say "icecc: jobs in the daemons' logs: ice1 $n1, ice2 $n2 (Remote compilation completed);" \
			"client log: $nl built locally, $nf built by the client (forced or given back); compiles $want"
		grep -h 'Remote compilation completed' "$D"/ice?.log | head -2 | sed 's/^/    /'
		grep -ho 'Have to use host [0-9.:]*' "$WORK/icecc-client.log" | sort | uniq -c | sed 's/^/    client:/'
		[ $((n1 + n2)) = "$want" ] || fail "icecc: $((n1 + n2)) remote compiles for $want compiles"
		[ "$n1" -gt 0 ] && [ "$n2" -gt 0 ] || fail "icecc: a daemon got no job"
		[ "$nl" = 0 ] && [ "$nf" = 0 ] || fail "icecc: compiles ran locally"
		compare icecc no
	fi
	unset ICECC_TEST_SOCKET ICECC_TEST_REMOTEBUILD ICECC_DEBUG ICECC_LOGFILE ICECC_CARET_WORKAROUND
fi
stop_daemons

# ---------- 4. ccache: what a hit does with the records ----------
# Each channel apart (output=- would replace output=PATH), each compiled
# twice: a miss, then a hit.
C=$WORK/ccache
mkdir -p "$C"
export CCACHE_DIR=$C/cache
unset CCACHE_PREFIX
ccache_run() { # ARGS: one zlib compile through ccache
	(cd "$C" && ccache "$M2R_GCC" -O2 -I"$ZSRC" -c "$ZSRC/adler32.c" -o a.o "$@")
}
: > "$C/rec.jsonl"
ccache_run -fplugin-arg-mem2reg-output="$C/rec.jsonl" 2>/dev/null
n_miss=$(wc -l < "$C/rec.jsonl")
ccache_run -fplugin-arg-mem2reg-output="$C/rec.jsonl" 2>/dev/null
n_hit=$(($(wc -l < "$C/rec.jsonl") - n_miss))
ccache_run $STDERR_ARGS 2>"$C/miss.err"
ccache_run $STDERR_ARGS 2>"$C/hit.err"
hits=$(ccache --print-stats 2>/dev/null | awk '$1 ~ /^(direct|preprocessed)_cache_hit$/ { s += $2 } END { print s + 0 }')
e_miss=$(record_lines < "$C/miss.err" | wc -l) e_hit=$(record_lines < "$C/hit.err" | wc -l)
say "ccache: miss then hit, twice ($hits hits): output=PATH got $n_miss records, then $n_hit;" \
	"stderr $e_miss record lines, then $e_hit (replayed)"
[ "$hits" = 2 ] || fail "ccache: $hits hits for 2 compiles that should hit"
[ "$n_miss" -gt 0 ] && [ "$n_hit" = 0 ] || fail "ccache: output=PATH: expected records on the miss only ($n_miss, $n_hit)"
[ "$e_miss" -gt 0 ] || fail "ccache: no records on stderr"
cmp -s "$C/miss.err" "$C/hit.err" || fail "ccache: stderr of the hit differs from the miss's"
unset CCACHE_DIR

if [ $FAILS = 0 ]; then
	say "PASS (work: $WORK)"
	exit 0
fi
say "$FAILS checks failed (work: $WORK)"
exit 1
