# rebuild.mk - Debian's source packages rebuilt in rewrite mode, their
# tests run and their contents compared with GCC alone's (doc/rebuild.md;
# tools/deb-rebuild.sh says what each build and check is).  As root:
#
#   make deb-rebuild SUITE=bookworm|trixie [PACKAGES="zlib expat ..."]
#       [PLACEMENTS="pruned minimal"] [RESUME=1]
#
# The builds run in the Debian root of the suite's GCC (tools/gcc-root.sh:
# bookworm's GCC 12 in M2R_ROOTS/gcc-12, trixie's GCC 14 in gcc-14, the
# root of make check-gcc V=14), with the build tools added and the suite's
# deb-src line; the plugin is built there for that GCC.  On this machine
# then, in $(B)/deb-rebuild/SUITE/: summary.tsv (one row per package and
# placement), report.txt, report.csv and report.html (m2r-report over the
# records of every compile), and diffoscope's text for each .deb that
# differs with pruned placement (diffoscope/).  The builds' logs, .debs and records stay in
# the root (ROOT/src/mem2reg/build/deb-rebuild/SUITE/PACKAGE/).
# PACKAGES defaults to the list of tools/deb-rebuild.list; RESUME=1 keeps
# the packages done.  DEB_JOBS (2): parallel= of each build.
# DEB_FALLBACK_SUITE (bookworm for trixie): the suite whose source is
# built when the archive served here lacks the suite's own.

.PHONY: deb-rebuild debhelper-maybe

DEB_PACKAGES ?= $(shell grep -v '^\#' tools/deb-rebuild.list)
DEB_PLACEMENTS ?= pruned minimal
DEB_JOBS ?= 2
# what the builds need in the root beyond make check-gcc's
DEB_ROOT_PKGS := dpkg-dev,build-essential,fakeroot,debhelper,util-linux,passwd
# where a package's source comes from when the archive served here lacks
# the suite's own (deb-rebuild.sh's fetch_other): bookworm's, for trixie
DEB_FALLBACK_SUITE ?= $(if $(filter trixie,$(SUITE)),bookworm)
deb-suite-v = $(if $(filter bookworm,$(SUITE)),12,$(if $(filter trixie,$(SUITE)),14))

deb-rebuild: $(M2R_REPORT)
	@[ -n "$(deb-suite-v)" ] || { echo "error: which suite? make deb-rebuild SUITE=bookworm or SUITE=trixie" >&2; exit 2; }
	@rc=0; \
	EXTRA_PKGS=$(DEB_ROOT_PKGS) DEB_SRC=1 $(gcc-root) run $(deb-suite-v) sh -c \
		'make --no-print-directory $$M2R_MAKEFLAGS plugin && \
		 PLUGIN=$$PWD/build/mem2reg.so PLACEMENTS="$(or $(PLACEMENTS),$(DEB_PLACEMENTS))" RESUME=$(RESUME) \
		 FALLBACK_SUITE=$(DEB_FALLBACK_SUITE) \
		 JOBS=$(DEB_JOBS) bash tools/deb-rebuild.sh run build/deb-rebuild/$(SUITE) $(or $(PACKAGES),$(DEB_PACKAGES))' || rc=1; \
	in=$$($(gcc-root) path $(deb-suite-v))/src/mem2reg/build/deb-rebuild/$(SUITE); \
	out=$(B)/deb-rebuild/$(SUITE); mkdir -p $$out/diffoscope; \
	cp $$in/summary.tsv $$out/ || exit 1; \
	if awk -F'\t' '$$3 == "pruned" && $$6 == "differ" { f = 1 } END { exit !f }' $$out/summary.tsv; then \
		command -v diffoscope >/dev/null 2>&1 || { $(call apt-install,diffoscope (what differs in a .deb),--no-install-recommends diffoscope); }; \
		bash tools/deb-rebuild.sh diffs $$in | while read -r f; do \
			cp $$f $$out/diffoscope/$$(echo $${f#$$in/} | tr / _); done; \
	fi; \
	records=$$(find $$in -name records.jsonl -size +0 | sort); \
	for f in text csv html; do \
		[ -z "$$records" ] || $(M2R_REPORT) --format=$$f --dot=none \
			-o $$out/report.$$(echo $$f | sed 's/text/txt/') $$records || rc=1; \
	done; \
	column -t -s '	' $$out/summary.tsv; \
	echo "deb-rebuild: $$out (summary.tsv, report.txt, report.csv, report.html, diffoscope/)"; \
	exit $$rc

# make report-scale SUITE=bookworm|trixie: m2r-report over the records
# of every compile of the suite's rebuild (tools/report-scale.sh: the
# time and memory of the text, CSV and HTML reports, records per second,
# the pages' sizes, Chromium's load times) into $(B)/report-scale/SUITE/;
# REPORT_SCALE_IN: other records instead (files or directories).
.PHONY: report-scale
report-scale: $(M2R_REPORT) need-browser
	@in="$(REPORT_SCALE_IN)"; \
	if [ -z "$$in" ]; then \
		[ -n "$(deb-suite-v)" ] || { echo "error: which records? make report-scale SUITE=bookworm|trixie or REPORT_SCALE_IN=..." >&2; exit 2; }; \
		in=$$(find $$($(gcc-root) path $(deb-suite-v))/src/mem2reg/build/deb-rebuild/$(SUITE) \
			-name records.jsonl -size +0 2>/dev/null | sort); \
		[ -n "$$in" ] || { echo "error: no records of make deb-rebuild SUITE=$(SUITE)" >&2; exit 1; }; \
	fi; \
	M2R_REPORT=$(M2R_REPORT) bash tools/report-scale.sh $(B)/report-scale/$(or $(SUITE),records) $$in

# make check's rebuild test (testsuite/mem2reg.rebuild/) needs debhelper
# and fakeroot: installed as root, else the test is UNSUPPORTED.
check: debhelper-maybe
debhelper-maybe:
	@if ! command -v dh >/dev/null 2>&1 || ! command -v fakeroot >/dev/null 2>&1 || \
	    ! command -v dpkg-buildpackage >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			$(call apt-install,debhelper (the rebuild test),debhelper fakeroot dpkg-dev); \
		else \
			echo "note: no debhelper: the rebuild test will be skipped; run:" >&2; \
			echo "    sudo apt-get install debhelper fakeroot dpkg-dev" >&2; \
		fi; \
	fi
