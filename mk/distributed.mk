# distributed.mk - whole builds of a real project with the plugin
# (doc/distributed.md).
#
#   make report-demo        zlib (from Debian's gcc-12-source) built with
#                           the plugin on every compile, make -j2; records
#                           in build/report/records.jsonl, then the text
#                           report of build/m2r-report, its CSV rows and
#                           its HTML page build/report/index.html
#   make check-distributed  as root: zlib through distcc (two distccd) and
#                           icecc (a scheduler, iceccd) on 127.0.0.1 only,
#                           make -j4; the daemons' logs must show every
#                           compile remote, and the records must equal a
#                           local build's; and what ccache does with them
#                           (tools/distributed-test.sh).  Not part of make
#                           check: it needs root and starts daemons.
#
# The project: zlib/ of the GCC source tarball, only its *.c and *.h,
# unpacked once into build/zlib-src/; tools/zlib.mk lists its files.

.PHONY: report-demo check-distributed zlib-src need-distributed

ZLIB_DIR   := $(B)/zlib-src
ZLIB_STAMP := $(ZLIB_DIR)/.unpacked
DIST_DIR   := $(B)/distributed

# zlib-src: zlib's *.c and *.h from gcc-12-source (need-gcc-source,
# mk/torture.mk, installs it as root).
zlib-src: $(ZLIB_STAMP)
$(ZLIB_STAMP): | need-gcc-source
	@$(gcc-tarball); \
	echo "unpacking $$top/zlib/*.[ch] from $$tar"; \
	rm -rf $(ZLIB_DIR) && mkdir -p $(ZLIB_DIR) && \
	tar -xJf $$tar -C $(ZLIB_DIR) --strip-components=2 --wildcards --no-wildcards-match-slash \
		"$$top/zlib/*.c" "$$top/zlib/*.h" && \
	touch $@

# report-demo: zlib with the plugin, records into one file (absolute
# output= path: every compile appends whole records with one write).
report-demo: $(PLUGIN) $(M2R_REPORT) zlib-src
	@out=$(abspath $(B))/report; rec=$$out/records.jsonl; \
	rm -rf $$out/zlib && mkdir -p $$out && : > $$rec; \
	echo "==== zlib with $(CC) -fplugin=$(abspath $(PLUGIN)), make -j2 (objects in $$out/zlib)"; \
	$(MAKE) -s --no-print-directory -f tools/zlib.mk -j2 SRC=$(abspath $(ZLIB_DIR)) OUT=$$out/zlib \
		CC="$(CC) -fplugin=$(abspath $(PLUGIN))" \
		CFLAGS="-O2 -fplugin-arg-mem2reg-stats=none -fplugin-arg-mem2reg-output=$$rec -fplugin-arg-mem2reg-explain-differences -fplugin-arg-mem2reg-explain=adler32_z" || exit 1; \
	echo "records: $$rec ($$(grep -c '"type":"function"' $$rec) functions, $$(grep -c '"type":"unit"' $$rec) units)"; \
	echo "==== $(M2R_REPORT) $$rec"; \
	$(M2R_REPORT) $$rec || exit 1; \
	$(M2R_REPORT) --format=csv -o $$out/functions.csv $$rec || exit 1; \
	$(M2R_REPORT) --format=html -o $$out/index.html $$rec || exit 1; \
	echo "the report above is of $$rec; one row per function: $$out/functions.csv"; \
	echo "the HTML page (offline, open it in a browser): $$out/index.html, the functions that differ from GCC and adler32_z (explain=) explained in $$out/index-explain/"

# need-distributed: distcc, icecc and ccache (Debian's packages of those
# names), installed when running as root.
need-distributed:
	@for t in distcc distccd icecc iceccd icecc-scheduler ccache; do \
		command -v $$t >/dev/null 2>&1 && continue; \
		$(call apt-install,$$t,distcc icecc ccache); break; \
	done

# check-distributed: make install into $(DIST_DIR)/inst (the wrapper as
# installed, with the plugin's absolute path), then the test.
check-distributed: $(PLUGIN) $(M2R_REPORT) zlib-src
	@if [ "$$(id -u)" != 0 ]; then \
		echo "error: make check-distributed needs root: iceccd runs the compiles in a chroot," >&2; \
		echo "    and the daemons change to their own users (run it as root, e.g. in CI)" >&2; \
		exit 1; \
	fi
	@$(MAKE) -s --no-print-directory need-distributed
	@rm -rf $(DIST_DIR)/inst && mkdir -p $(DIST_DIR)/inst/lib
	@$(MAKE) -s --no-print-directory install PLUGINDIR=$(abspath $(DIST_DIR))/inst/lib BINDIR=$(abspath $(DIST_DIR))/inst/bin
	@gcc=$$(readlink -f "$$(command -v $(GCC))"); \
	bash tools/distributed-test.sh $(DIST_DIR)/work $(abspath $(ZLIB_DIR)) \
		$(abspath $(DIST_DIR))/inst/bin/m2r-gcc $(abspath $(DIST_DIR))/inst/lib/mem2reg.so $$gcc \
		$(abspath $(M2R_REPORT))
