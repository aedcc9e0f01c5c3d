# versions.mk - the plugin on GCC releases this Debian 12 machine does not
# have (13 to 16, and the development trunk), each in a Debian root of
# its own (tools/gcc-root.sh; doc/versions.md).  As root:
#
#   make check-gcc V=N     the plugin's tests (make check-plugin) with GCC
#                          N = 13, 14, 15, 16 or snapshot (GCC 17's trunk),
#                          in the root M2R_ROOTS/gcc-N (made once, kept);
#                          QUICK=1 as for check-plugin (.ci/run)
#   make torture-gcc V=N   the long runs with GCC N, in its root: analyze
#                          mode over the C, Fortran and C++ torture tests
#                          (make torture) and rewrite mode over their
#                          programs (make torture-rewrite) at
#                          VERSIONS_LEVELS; the tables are copied to
#                          build/versions/gcc-N/
#   make root-gcc V=N      only make (or update) the root
#
# A user with GCC N installed needs none of this: make GCC=gcc-N.
# Variables: V, M2R_ROOTS (/srv/m2r-roots), MIRROR
# (http://deb.debian.org/debian), VERSIONS_LEVELS ("-O0;-O2;-O2 -g"),
# VERSIONS_PLACEMENTS ("pruned;semipruned;minimal"), VERSIONS_SUITES
# ("c fortran c++"), VERSIONS_RUNS ("torture torture-rewrite": either
# half alone, to split a run that takes hours), RESUME.

.PHONY: check-gcc torture-gcc root-gcc need-v

M2R_ROOTS ?= /srv/m2r-roots
VERSIONS_LEVELS ?= -O0;-O2;-O2 -g
VERSIONS_PLACEMENTS ?= pruned;semipruned;minimal
VERSIONS_SUITES ?= c fortran c++
VERSIONS_RUNS ?= torture torture-rewrite
gcc-root = M2R_ROOTS=$(M2R_ROOTS) BUILD=$(B) bash tools/gcc-root.sh

need-v:
	@[ -n "$(V)" ] || { echo "error: which GCC? make $(MAKECMDGOALS) V=N, N = 13, 14, 15, 16 or snapshot" >&2; exit 2; }

root-gcc: need-v
	@$(gcc-root) create $(V)

# The test sources are unpacked here, from GCC 12's, and copied in.
check-gcc: need-v gcc-src-maybe torture-rewrite-src
	@$(gcc-root) run $(V) sh -c 'make check-plugin $$M2R_MAKEFLAGS QUICK=$(QUICK) SAMPLE_EVERY=$(SAMPLE_EVERY)'

torture-gcc: need-v torture-src torture-rewrite-src
	@rc=0; $(gcc-root) run $(V) sh -c 'make $(VERSIONS_RUNS) $$M2R_MAKEFLAGS \
		TORTURE_SUITES="$(VERSIONS_SUITES)" TORTURE_LEVELS="$(VERSIONS_LEVELS)" \
		REWRITE_SUITES="$(VERSIONS_SUITES)" \
		REWRITE_LEVELS="$(VERSIONS_LEVELS)" REWRITE_PLACEMENTS="$(VERSIONS_PLACEMENTS)" \
		RESUME=$(RESUME)' || rc=1; \
	out=$(B)/versions/gcc-$(V); mkdir -p $$out; \
	src=$(M2R_ROOTS)/gcc-$(V)/src/mem2reg/build; \
	for d in torture torture-fortran torture-c++ torture-rewrite/c torture-rewrite/fortran torture-rewrite/c++; do \
		[ -f $$src/$$d/table.md ] && cp $$src/$$d/table.md $$out/$$(echo $$d | tr / -).md; \
	done; \
	echo "tables in $$out"; exit $$rc
