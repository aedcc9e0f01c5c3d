# targets.mk - the plugin in cross compilers (doc/versions.md, "Targets").
#
#   make check-targets    as root: for each of TARGETS, installs Debian's
#                         cross compiler gcc-12-TRIPLE (and g++), its
#                         plugin headers, the target's C library
#                         (libc6-dev-ARCH-cross) and qemu-user; builds the
#                         plugin for it in BUILD-TRIPLE/ (with this
#                         machine's g++) and runs the torture samples
#                         there: mem2reg.torture (analyze mode: assembly
#                         unchanged, 0 unexplained) and
#                         mem2reg.rewrite/torture.exp (rewrite mode: the
#                         programs of GCC alone and of the plugin run
#                         under qemu-ARCH -L /usr/TRIPLE, same output and
#                         exit status; assembly identical with pruned)
#
# Variables: TARGETS (the six below), TARGET_GCC_MAJOR (12), QUICK=1 (the
# samples thinned, as for check-plugin: .ci/run).  A user
# builds for one target with make GCC=TRIPLE-gcc-12 (Makefile: CROSS).

.PHONY: check-targets need-target-packages

TARGETS ?= aarch64-linux-gnu riscv64-linux-gnu s390x-linux-gnu powerpc64le-linux-gnu i686-linux-gnu arm-linux-gnueabihf
TARGET_GCC_MAJOR ?= 12

need-target-packages:
	@pk=; \
	command -v qemu-aarch64 >/dev/null 2>&1 || pk="$$pk qemu-user"; \
	for t in $(TARGETS); do \
		command -v $$t-gcc-$(TARGET_GCC_MAJOR) >/dev/null 2>&1 || pk="$$pk gcc-$(TARGET_GCC_MAJOR)-$$t"; \
		command -v $$t-g++-$(TARGET_GCC_MAJOR) >/dev/null 2>&1 || pk="$$pk g++-$(TARGET_GCC_MAJOR)-$$t"; \
		[ -f "$$($$t-gcc-$(TARGET_GCC_MAJOR) -print-file-name=plugin 2>/dev/null)/include/gcc-plugin.h" ] || \
			pk="$$pk gcc-$(TARGET_GCC_MAJOR)-plugin-dev-$$t"; \
		[ -d /usr/$$t/include ] || pk="$$pk libc6-dev-$$(echo $$t | sed 's/^aarch64-.*/arm64/; s/^powerpc64le-.*/ppc64el/; s/^i686-.*/i386/; s/^arm-.*/armhf/; s/^\([a-z0-9_]*\)-.*/\1/')-cross"; \
	done; \
	if [ -n "$$pk" ]; then pk=$${pk# }; $(call apt-install,cross compilers and qemu-user for $(TARGETS),$$pk); fi

# One target after another (each with its own BUILD, so that the host's
# build stays), all of them even when one fails.
check-targets: need-target-packages
	@rc=0; failed=; \
	for t in $(TARGETS); do \
		echo "==== $$t"; \
		$(MAKE) --no-print-directory check-plugin GCC=$$t-gcc-$(TARGET_GCC_MAJOR) BUILD=$(B)-$$t \
			RUNTESTFLAGS="torture.exp $(RUNTESTFLAGS)" || { rc=1; failed="$$failed $$t"; }; \
	done; \
	[ $$rc = 0 ] && echo "check-targets: all of $(TARGETS) passed" || echo "check-targets: failed:$$failed"; \
	exit $$rc
