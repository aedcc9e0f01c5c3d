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
	$(CC) $(ALL_LDFLAGS) -o $@ $(M2R_REPORT_OBJS) $(REPORT_LIB) $(LIB) $(LDLIBS)

-include $(M2R_REPORT_OBJS:.o=.d)
