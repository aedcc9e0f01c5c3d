# report.mk - m2r-report, the whole-build report tool (doc/report.md):
# tools/m2r-report/*.c, linked with the report layer (json_str, csv_str)
# and the core library (util.c, hash.c,
# the arena and names.c).  Part of all; its tests are
# testsuite/mem2reg.report.

M2R_REPORT_SRCS := $(wildcard tools/m2r-report/*.c)
M2R_REPORT_OBJS := $(patsubst %.c,$(B)/obj/%.o,$(M2R_REPORT_SRCS))

all: $(M2R_REPORT)

$(M2R_REPORT_OBJS): core/m2r.h core/names.h

$(M2R_REPORT): $(M2R_REPORT_OBJS) $(REPORT_LIB) $(LIB) $(FLAGS_STAMP)
	@mkdir -p $(@D)
	$(HOST_CC) $(ALL_LDFLAGS) -o $@ $(M2R_REPORT_OBJS) $(REPORT_LIB) $(LIB) $(LDLIBS)

-include $(M2R_REPORT_OBJS:.o=.d)

# need-browser: a headless Chromium for report.exp's browser test
# (Debian's chromium-headless-shell), installed when running as root;
# otherwise that test is UNSUPPORTED, with this note.
.PHONY: need-browser
need-browser:
	@if ! command -v chromium-headless-shell >/dev/null 2>&1 && ! command -v chromium >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then \
			$(call apt-install,a headless Chromium (the HTML report's browser test),chromium-headless-shell); \
		else \
			echo "note: no chromium-headless-shell or chromium: the browser test is UNSUPPORTED" \
				"(sudo apt-get install chromium-headless-shell)" >&2; \
		fi; \
	fi
check: need-browser
