# zlib.mk - a plain Makefile for the zlib inside GCC's sources (Debian's
# gcc-12-source), the real multi-file C project of make report-demo and
# make check-distributed (tools/distributed-test.sh).  zlib's own build
# needs configure; this lists its files instead.
#
#   make -f tools/zlib.mk SRC=DIR OUT=DIR CC="..." [CFLAGS=...] -jN
#
# SRC: the unpacked zlib/ (*.c, *.h), OUT: where objects, libz.a, example
# and minigzip go.  Each compile's stderr is kept apart in OBJ.stderr
# (the plugin's records when they go to stderr), and shown when the
# compile fails.  Links with LINK (default gcc: distcc and icecc link
# locally anyway).
SRC    ?= .
OUT    ?= .
CFLAGS ?= -O2
LINK   ?= gcc
AR     ?= ar

LIB_NAMES := adler32 compress crc32 deflate gzclose gzlib gzread gzwrite \
             infback inffast inflate inftrees trees uncompr zutil
PROG_NAMES := example minigzip
LIB_OBJS  := $(LIB_NAMES:%=$(OUT)/%.o)
PROG_OBJS := $(PROG_NAMES:%=$(OUT)/%.o)

# zconf.h includes unistd.h (lseek, read, write) when told.
ZDEFS  := -DHAVE_UNISTD_H

.PHONY: all names
all: $(PROG_NAMES:%=$(OUT)/%)
# names: the compiles, one word each (for the test's job counts)
names:
	@echo $(LIB_NAMES) $(PROG_NAMES)
# keep example.o and minigzip.o (make deletes intermediate files)
.SECONDARY:

$(OUT)/%.o: $(SRC)/%.c
	@mkdir -p $(@D)
	@echo "CC $*.c"
	@$(CC) $(CFLAGS) $(ZDEFS) -I$(SRC) -c $< -o $@ 2>$@.stderr || { cat $@.stderr >&2; exit 1; }

$(OUT)/libz.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $^

$(OUT)/%: $(OUT)/%.o $(OUT)/libz.a
	$(LINK) -o $@ $< $(OUT)/libz.a
