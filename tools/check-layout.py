#!/usr/bin/env python3
"""check-layout.py ROOT - the house rules a reader of the tree relies on.

  - no source file over 800 lines, no function over 120 (a function is
    a body from a '{' to a '}' both in column 0, as the tree writes them);
  - GCC's headers are included in one place, ir-bridge/gcc-common.h: any
    other quoted #include names one of the tree's own headers;
  - core/, text/, testlib/ and report/ are C (no .cc file);
  - no merge conflict left in any text file of the tree (a line that
    starts with '<<<<<<< ' or '>>>>>>> ', build directories and .git
    aside): one landed in README.md once and nothing saw it.

Prints one line per finding, FILE:LINE: what, and exits 1 if there is
any, 0 otherwise.  testsuite/mem2reg.tools/layout.exp runs it on the tree
and on a tree made to break each rule.
"""
import os
import re
import sys

MAX_FILE, MAX_FN = 800, 120
DIRS = ("core", "text", "testlib", "report", "ir-bridge", "plugin", "tools/m2r-report")
C_ONLY = ("core", "text", "testlib", "report", "tools/m2r-report")
GCC_HEADER_HOME = os.path.join("ir-bridge", "gcc-common.h")
SUFFIXES = (".c", ".cc", ".h")


def sources(root):
    for d in DIRS:
        top = os.path.join(root, d)
        if not os.path.isdir(top):
            continue
        for name in sorted(os.listdir(top)):
            if name.endswith(SUFFIXES):
                yield os.path.join(d, name)


TEXT_SUFFIXES = SUFFIXES + (".md", ".mk", ".sh", ".py", ".exp", ".in", ".txt", ".ll", ".f90", ".C")
CONFLICT = re.compile(r"^(<{7}|>{7})( |$)")


def text_files(root):
    for top, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "build")))
        for name in sorted(names):
            if name.endswith(TEXT_SUFFIXES) or name in ("Makefile", "README"):
                yield os.path.relpath(os.path.join(top, name), root)


def conflicts(root):
    bad = []
    for rel in text_files(root):
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
            for i, line in enumerate(fh, 1):
                if CONFLICT.match(line):
                    bad.append(f"{rel}:{i}: merge conflict marker")
                    break
    return bad


def check(root):
    files = list(sources(root))
    own = {os.path.basename(f) for f in files if f.endswith(".h")}
    bad = []
    for rel in files:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if len(lines) > MAX_FILE:
            bad.append(f"{rel}:1: {len(lines)} lines (at most {MAX_FILE})")
        start = None
        for i, line in enumerate(lines, 1):
            if line.startswith("{"):
                start = i
            elif line.startswith("}") and start is not None:
                n = i - start + 1
                if n > MAX_FN:
                    head = lines[start - 2].strip() if start >= 2 else "?"
                    bad.append(f"{rel}:{start}: function of {n} lines (at most {MAX_FN}): {head}")
                start = None
            m = re.match(r'\s*#\s*include\s+"([^"]+)"', line)
            if m and rel != GCC_HEADER_HOME and os.path.basename(m.group(1)) not in own:
                bad.append(f"{rel}:{i}: includes \"{m.group(1)}\": GCC's headers only in {GCC_HEADER_HOME}")
        d = os.path.dirname(rel)
        if d in C_ONLY and rel.endswith(".cc"):
            bad.append(f"{rel}:1: C++ in {d}/, which is C")
    return bad + conflicts(root)


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: check-layout.py ROOT")
    bad = check(sys.argv[1])
    for b in bad:
        print(b)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
