# stage2.mk - a compiler built by our into-SSA (doc/rebuild.md, "A
# compiler built by it"; tools/stage2.sh says what each step is).
#
#   make stage2     GCC 12's C compiler (gcc-12-source, --disable-bootstrap,
#                   make all-gcc) built by GCC alone and with the plugin in
#                   rewrite mode (STAGE2_PLACEMENTS: pruned, minimal); each
#                   compiles all of gcc.c-torture at STAGE2_LEVEL (-O2); the
#                   plugin-built compilers' assembly must be the reference's,
#                   byte for byte.  Into $(B)/stage2/ (summary.tsv,
#                   results); RESUME=1 keeps the compilers built and the
#                   torture compiles that ran to their end.  Hours on
#                   two cores: three builds of GCC, three torture runs.
#
# It needs GCC 12 (the plugin's own GCC, the one GCC= names),
# gcc-12-source and GCC's build dependencies (libgmp-dev, libmpfr-dev,
# libmpc-dev), installed as root when missing.

.PHONY: stage2 need-stage2-deps

STAGE2_PLACEMENTS ?= pruned minimal
STAGE2_LEVEL ?= -O2

need-stage2-deps:
	@pk=; for p in libgmp-dev libmpfr-dev libmpc-dev; do \
		dpkg-query -W -f='$${db:Status-Abbrev}' $$p 2>/dev/null | grep -q '^ii' || pk="$$pk $$p"; \
	done; \
	if [ -n "$$pk" ]; then $(call apt-install,GCC's build dependencies,$$pk); fi

stage2: all need-gcc-source need-stage2-deps torture-src
	@[ "$(GCC_MAJOR)" = 12 ] || { echo "error: make stage2 builds GCC 12 with the plugin: GCC=$(GCC) is $(GCC_VERSION)" >&2; exit 2; }
	@$(gcc-tarball); \
	CC="$(CC)" CXX="$(CXX)" PLUGIN=$(abspath $(PLUGIN)) PLACEMENTS="$(STAGE2_PLACEMENTS)" \
		LEVEL="$(STAGE2_LEVEL)" RESUME=$(RESUME) JOBS=$(TORTURE_JOBS) \
		bash tools/stage2.sh $(B)/stage2 $$tar $(abspath $(TORTURE_ROOT))
