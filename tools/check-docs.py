#!/usr/bin/env python3
"""check-docs.py ROOT - the house rules of the user documentation.

  - README.md at most 300 lines, each doc/*.md at most 500: one page per
    task, which states the present;
  - every relative link of README.md and doc/*.md ([text](path),
    ![alt](path)) names a file or directory of the tree;
  - doc/README.md, the index, links every other page of doc/;
  - no page narrates the project's history: no issue number anywhere
    ("issue 16"), and no date or "first changes" in a section title
    (the history is in git; a date may stand in the text where it is a
    fact of a package or a tool).

Prints one line per finding, FILE:LINE: what, and exits 1 if there is
any, 0 otherwise.  testsuite/mem2reg.tools/docs.exp runs it on the tree
and on a tree made to break each rule.
"""
import os
import re
import sys

MAX_README, MAX_PAGE = 300, 500
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
ISSUE = re.compile(r"\b[Ii]ssue #?\d+")
DATE = re.compile(r"\b(19|20)\d\d-\d\d-\d\d\b")
ORDINAL = re.compile(r"\b(first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)\s+(changes|run)\b", re.I)


def pages(root):
    out = []
    if os.path.exists(os.path.join(root, "README.md")):
        out.append("README.md")
    d = os.path.join(root, "doc")
    if os.path.isdir(d):
        out += [os.path.join("doc", n) for n in sorted(os.listdir(d)) if n.endswith(".md")]
    return out


def check(root):
    bad = []
    docs = pages(root)
    for rel in docs:
        with open(os.path.join(root, rel), encoding="utf-8", errors="replace") as fh:
            lines = fh.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        limit = MAX_README if rel == "README.md" else MAX_PAGE
        if len(lines) > limit:
            bad.append(f"{rel}:1: {len(lines)} lines (at most {limit})")
        fence = False
        prose = []  # the text outside code fences, lines kept in place
        for i, line in enumerate(lines, 1):
            if line.startswith("```"):
                fence = not fence
                prose.append("")
                continue
            if ISSUE.search(line):
                bad.append(f"{rel}:{i}: an issue number: {ISSUE.search(line).group(0)}")
            if not fence and line.startswith("#") and (DATE.search(line) or ORDINAL.search(line)):
                bad.append(f"{rel}:{i}: a run log as a section title: {line.strip()}")
            prose.append("" if fence else line)
        text = "\n".join(prose)  # a link's text may span lines
        for m in LINK.finditer(text):
            target = m.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                continue
            path = target.split("#", 1)[0]
            full = os.path.normpath(os.path.join(root, os.path.dirname(rel), path))
            if not os.path.exists(full):
                i = text.count("\n", 0, m.start()) + 1
                bad.append(f"{rel}:{i}: broken link: {target}")
    index = os.path.join(root, "doc", "README.md")
    if os.path.isdir(os.path.join(root, "doc")):
        text = open(index, encoding="utf-8").read() if os.path.exists(index) else ""
        linked = {os.path.normpath(m.group(1).split("#", 1)[0]) for m in LINK.finditer(text)}
        for rel in docs:
            name = os.path.basename(rel)
            if rel.startswith("doc") and name != "README.md" and name not in linked:
                bad.append(f"doc/README.md:1: the index does not link {name}")
    return bad


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: check-docs.py ROOT")
    findings = check(sys.argv[1])
    sys.stdout.write("".join(f + "\n" for f in findings))
    sys.exit(1 if findings else 0)
