#!/usr/bin/env python3
"""rewrite-report.py OUTDIR[:OUTDIR...] LEVELS PLACEMENTS - the table of a
rewrite-torture.sh run, or of several summed (csmith's ranges of seeds:
each is a directory of its own).

Reads OUTDIR/results ("STATUS ASM PLACEMENT LEVEL FILE" lines) and
OUTDIR/records/PLACEMENT.LEVEL.jsonl.gz (the plugin's records, one gzip
member per file; the plain .jsonl of older runs is read too), prints one
column per placement and level, lists every file that went wrong, the
unstable ones, those that ran as without the plugin only with a longer
time limit ("okslow", rewrite-torture.sh) and the functions or variables
not rewritten by the core, and writes the same table as Markdown to
OUTDIR/table.md (of several directories: prints it after the text
table).  Its last line is the run's summary row (seeds, levels, plugin,
...), the record of which plugin ran which seeds of csmith
(doc/rewrite-csmith.md).  Exit status 1 when a
run was wrong, a compilation failed, gave a diagnostic GCC alone does
not give, failed -fcompare-debug, or went past its time limit (then the
check was not made: counted in its own row, "timeout"), or when a
records file cannot be read to its end (the function rows would then be
short), or when a function was not written back whole by the core
(rewritten.py; its one documented fallback is listed and accepted)."""
import os
import re
import sys

from rewritten import UNREADABLE, judge, lines, reasons

BAD = ["wrong", "error", "diag", "debug", "timeout"]


def tag(level):
    return level.lstrip("-").replace(" -", "-").replace(" ", "_")


def records(path, damaged):
    """The lines of PATH (.jsonl) and of PATH.gz; a file that cannot be
    read to its end (a gzip member cut short by a run killed in the
    middle of an append) ends its lines there and is named in DAMAGED."""
    for p in (path, path + ".gz"):
        if os.path.exists(p):
            try:
                yield from lines(p)
            except UNREADABLE as e:
                damaged.append("%s: %s" % (p, e))


def summary_row(outs, levels, res, asm_same):
    """The run's summary row (doc/rewrite-csmith.md): seeds, levels,
    plugin, programs, compilations with the plugin, programs not run
    (past the limit alone), failures, pruned assembly identical."""
    files = sorted({f for c in res for fs in res[c].values() for f in fs})
    seeds = sorted(int(m.group(1)) for m in (re.fullmatch(r"s(\d+)\.c", f) for f in files) if m)
    if seeds and len(seeds) == len(files):
        span = "%d to %d" % (seeds[0], seeds[-1])
        if len(seeds) != seeds[-1] - seeds[0] + 1:
            span += " (%d missing)" % (seeds[-1] - seeds[0] + 1 - len(seeds))
    else:
        span = "%s to %s" % (files[0], files[-1]) if files else "none"
    plugins = []
    for out in outs:
        try:
            with open(os.path.join(out, "plugin.txt")) as f:
                plugins.append(f.readline().split()[1].rstrip(","))
        except (OSError, IndexError):
            plugins.append("?")

    def compiled(c):
        return sum(len(v) for k, v in res[c].items() if k not in ("skip", "unstable"))
    slow = sorted({len(res[c].get("slow", [])) for c in res})
    bad = sum(len(res[c].get(st, [])) for c in res for st in BAD)
    pruned = [c for c in res if c[0].split("-")[-1] == "pruned"]
    same = "-" if not pruned or not files else "all" if all(asm_same[c] == compiled(c) for c in pruned) else "not all"
    return "| %s | %s | %s | %d | {:,} | %s | %d | %s |".format(sum(compiled(c) for c in res)) % (
        span, "all seven" if len(levels) == 7 else ", ".join(levels), ", ".join(plugins), len(files),
        " or ".join(map(str, slow)) if len(slow) <= 2 else "%d to %d" % (slow[0], slow[-1]), bad, same)


def main():
    if len(sys.argv) != 4:
        sys.exit("usage: rewrite-report.py OUTDIR[:OUTDIR...] LEVELS PLACEMENTS")
    outs, levels, placements = sys.argv[1].split(":"), sys.argv[2].split(";"), sys.argv[3].split(";")
    cols = [(p, tag(l)) for p in placements for l in levels]
    res = {c: {} for c in cols}
    asm_same = {c: 0 for c in cols}
    listed = []
    results = []
    for out in outs:
        with open(os.path.join(out, "results")) as f:
            results += f.readlines()
    for line in results:
        p = line.split(None, 4)
        if len(p) != 5:
            continue
        st, asm, pl, tg, fn = p[0], p[1], p[2], p[3], p[4].strip()
        c = (pl, tg)
        if c not in res:
            continue
        res[c].setdefault(st, []).append(fn)
        if st not in ("skip", "unstable") and asm == "same":
            asm_same[c] += 1
        if st in BAD or st in ("unstable", "okslow"):
            listed.append("%s %s %s %s" % (st, pl, tg, fn))
    funcs = {c: [0, 0, 0] for c in cols}  # functions, rewritten, variables by gcc
    fallback = {}
    damaged = []
    nots = 0
    for out, c in ((out, c) for out in outs for c in cols):
        for line in records(os.path.join(out, "records", "%s.%s.jsonl" % c), damaged):
            verdict, r = judge(line)
            if verdict is None:
                continue
            funcs[c][0] += 1
            if verdict == "whole":
                funcs[c][1] += 1
                continue
            nots += verdict == "not"
            funcs[c][1] += 1 if r.get("rewritten") else 0
            funcs[c][2] += r.get("renamed_by", {}).get("gcc", 0)
            fallback.setdefault(c, []).append("%s: %s: %s%s" % (
                r.get("file"), r.get("function"), reasons(r),
                " (documented)" if verdict == "documented" else ""))

    def n(c, st):
        return len(res[c].get(st, []))

    rows = [
        ("files compiled", lambda c: sum(len(v) for k, v in res[c].items() if k not in ("skip", "unstable"))),
        ("skipped (GCC alone fails)", lambda c: n(c, "skip")),
        ("unstable without the plugin", lambda c: n(c, "unstable")),
        ("runs as without the plugin", lambda c: n(c, "ok") + n(c, "okfail") + n(c, "okslow")),
        ("  of which failing alike", lambda c: n(c, "okfail")),
        ("  of which past the time limit, then alike", lambda c: n(c, "okslow")),
        ("not run: past the time limit alone", lambda c: n(c, "slow")),
        ("wrong runs", lambda c: n(c, "wrong")),
        ("compiler errors", lambda c: n(c, "error")),
        ("other diagnostics", lambda c: n(c, "diag")),
        ("-fcompare-debug failures", lambda c: n(c, "debug")),
        ("compilations past the time limit", lambda c: n(c, "timeout")),
        ("assembly byte-identical", lambda c: asm_same[c]),
        ("functions", lambda c: funcs[c][0]),
        ("functions not rewritten", lambda c: funcs[c][0] - funcs[c][1]),
        ("variables renamed by GCC", lambda c: funcs[c][2]),
    ]
    heads = ["%s %s" % (p, t) for p, t in cols]
    w = max(len(r[0]) for r in rows)
    lines = ["%-*s  %s" % (w, "", "  ".join("%11s" % h for h in heads))]
    for name, fn in rows:
        lines.append("%-*s  %s" % (w, name, "  ".join("%11d" % fn(c) for c in cols)))
    print("\n".join(lines))
    md = ["| | " + " | ".join("`%s` `-%s`" % (p, t.replace("-", " -").replace("_", " "))
                              for p, t in cols) + " |",
          "| --- |" + " ---: |" * len(cols)]
    md += ["| %s | %s |" % (name, " | ".join(str(fn(c)) for c in cols)) for name, fn in rows]
    if len(outs) == 1:
        with open(os.path.join(outs[0], "table.md"), "w") as f:
            f.write("\n".join(md) + "\n")
    else:
        print("\n" + "\n".join(md))
    for l in sorted(listed):
        print(l)
    for c in cols:
        for l in fallback.get(c, [])[:50]:
            print("fallback %s %s %s" % (c[0], c[1], l))
    for d in damaged:
        print("records damaged: %s (the function rows stop there)" % d)
    print("summary row: " + summary_row(outs, levels, res, asm_same))
    bad = any(n(c, st) for c in cols for st in BAD) or damaged or nots
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
