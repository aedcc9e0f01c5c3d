#!/bin/bash
# report-scale.sh - m2r-report at the scale of a whole build: over the
# records INPUT... (files or directories, as m2r-report reads them), the
# time (wall and CPU) and peak memory of its text, CSV and HTML reports,
# the records read per CPU second, the size of the page and of the pages
# beside it, and the time headless Chromium takes to load the page and
# the largest page beside it.  Used by "make report-scale"
# (mk/rebuild.mk); doc/rebuild.md has its figures.
#
#   report-scale.sh OUT INPUT...
#
# Writes OUT/report.txt, report.csv, report.html and report-pages/, and
# prints one "name value" line per measure.  Environment: M2R_REPORT
# (build/m2r-report), CHROMIUM (chromium-headless-shell or chromium;
# none: the load times are not measured, and it says so).
set -u

die() { echo "report-scale.sh: error: $*" >&2; exit 2; }

[ $# -ge 2 ] || die "usage: report-scale.sh OUT INPUT..."
OUT=$1
shift
REP=${M2R_REPORT:-build/m2r-report}
[ -x "$REP" ] || die "no m2r-report at '$REP' (make all)"
mkdir -p "$OUT" || die "cannot make $OUT"
rm -rf "$OUT/report-pages" "$OUT/report-explain"

# timed NAME CMD...: runs CMD, prints NAME_seconds, NAME_cpu_seconds
# (user + system: what a shared machine does not stretch) and
# NAME_peak_MB (peak resident memory), and sets SECS to the CPU time.
timed() {
	local name=$1 wall user sys kb
	shift
	/usr/bin/time -o "$OUT/$name.time" -f '%e %U %S %M' "$@" >/dev/null 2>"$OUT/$name.err" ||
		die "m2r-report failed ($name): $(head -3 "$OUT/$name.err")"
	read -r wall user sys kb <"$OUT/$name.time"
	SECS=$(awk -v u="$user" -v s="$sys" 'BEGIN { printf "%.2f", u + s }')
	echo "${name}_seconds $wall"
	echo "${name}_cpu_seconds $SECS"
	echo "${name}_peak_MB $((kb / 1024))"
}

timed text "$REP" -o "$OUT/report.txt" "$@"
text_secs=$SECS
timed csv "$REP" --format=csv -o "$OUT/report.csv" "$@"
timed html "$REP" --format=html --dot=none -o "$OUT/report.html" "$@"
read -r recs fns < <(sed -n 's/^read: .*; \([0-9]*\) records (\([0-9]*\) function.*/\1 \2/p' "$OUT/report.txt")
[ -n "${recs:-}" ] || die "no 'read:' line in $OUT/report.txt"
echo "records $recs"
echo "function_records $fns"
echo "bytes_read $(find "$@" -type f -printf '%s\n' | awk '{ n += $1 } END { print n + 0 }')"
echo "records_per_second $(awk -v r="$recs" -v s="$text_secs" 'BEGIN { printf "%.0f", (s > 0 ? r / s : r) }')"
echo "page_bytes $(stat -c %s "$OUT/report.html")"
npages=$(find "$OUT/report-pages" -name '*.html' 2>/dev/null | wc -l)
echo "pages_beside $npages"
echo "pages_beside_bytes $(find "$OUT/report-pages" -name '*.html' -printf '%s\n' 2>/dev/null | awk '{ n += $1 } END { print n + 0 }')"
largest=$(ls -S "$OUT"/report-pages/*.html 2>/dev/null | head -1)
echo "largest_page_beside_bytes $( [ -n "$largest" ] && stat -c %s "$largest" || echo 0)"

# load_ms PAGE: the page's load time in Chromium (navigation start to
# the load event, performance.timing), from a copy beside it that
# writes it into the DOM.
CHROMIUM=${CHROMIUM:-$(command -v chromium-headless-shell || command -v chromium || echo none)}
load_ms() {
	local page=$1 probe
	probe=$(dirname "$page")/probe-$(basename "$page")
	sed 's|</body>|<script>addEventListener("load",function(){setTimeout(function(){var t=performance.timing;document.body.insertAdjacentHTML("beforeend","<pre id=\\"loadms\\">"+(t.loadEventStart-t.navigationStart)+"</pre>")},0)})</script></body>|' \
		"$page" > "$probe"
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --no-first-run \
		--host-resolver-rules='MAP * ~NOTFOUND' --window-size=1200,1600 --dump-dom "file://$(realpath "$probe")" \
		2>/dev/null | sed -n 's|.*<pre id="loadms">\([0-9]*\)</pre>.*|\1|p'
	rm -f "$probe"
}
if [ "$CHROMIUM" = none ]; then
	echo "note: no chromium-headless-shell or chromium: load times not measured"
else
	echo "page_load_ms $(load_ms "$OUT/report.html")"
	[ -n "$largest" ] && echo "largest_page_beside_load_ms $(load_ms "$largest")"
fi
exit 0
