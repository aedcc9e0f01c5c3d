#!/usr/bin/env python3
"""torture-report.py OUTDIR LEVELS - the table of a torture.sh run.

Reads OUTDIR/results ("STATUS LEVEL FILE" lines from torture.sh) and
OUTDIR/LEVEL.jsonl (the plugin's records), prints one column per level,
lists the functions with unexplained differences, and writes the same
table as Markdown to OUTDIR/table.md (for doc/torture.md).  Exit status
1 when anything is wrong (crash, changed assembly, unexplained)."""
import json
import os
import sys

WHYS = ["stale-addressable", "aggregate", "not-gimple-reg", "in-memory",
        "hard-register", "abnormal-edges", "single-store-constant",
        "unused-volatile"]


def tag(level):
    return level.lstrip("-").replace(" -", "-").replace(" ", "_")


def main():
    out, levels = sys.argv[1], sys.argv[2].split(";")
    status = {}
    try:
        with open(os.path.join(out, "results")) as f:
            for line in f:
                p = line.split(None, 2)
                if len(p) == 3:
                    status.setdefault(p[1], {}).setdefault(p[0], []).append(p[2].strip())
    except FileNotFoundError:
        pass
    cols, bad_fns = [], []
    for lv in levels:
        t = tag(lv)
        s = status.get(t, {})
        c = dict(files=sum(len(v) for v in s.values()),
                 compiled=len(s.get("ok", [])) + len(s.get("asm", [])) + len(s.get("crash", [])),
                 skipped=len(s.get("skip", [])), crash=len(s.get("crash", [])),
                 asm=len(s.get("asm", [])), functions=0, vars=0, promoted=0,
                 gcc_promoted=0, phis=0, phis_kept=0, gcc_phis=0, agree=0,
                 differ=0, unexplained=0, lower_errors=0)
        for w in WHYS:
            c[w] = 0
        try:
            f = open(os.path.join(out, t + ".jsonl"), errors="replace")
        except FileNotFoundError:
            f = []
        for line in f:
            try:
                r = json.loads(line)
            except ValueError:
                c["bad_json"] = c.get("bad_json", 0) + 1
                continue
            if r.get("type") != "function":
                continue
            c["functions"] += 1
            for k in ("vars", "promoted", "gcc_promoted", "phis", "phis_kept",
                      "gcc_phis", "agree", "differ", "unexplained"):
                c[k] += r.get(k, 0)
            for w in WHYS:
                c[w] += r.get("why", {}).get(w, 0)
            if "lower_error" in r:
                c["lower_errors"] += 1
            if r.get("unexplained", 0):
                bad_fns.append("%s %s: %s (%d)" % (t, r["file"], r["function"], r["unexplained"]))
        cols.append(c)

    rows = [("files", "files"), ("compiled", "compiled"),
            ("skipped (GCC rejects alone)", "skipped"),
            ("functions", "functions"), ("variables", "vars"),
            ("promoted, ours / GCC", ("promoted", "gcc_promoted")),
            ("phis, ours / GCC", ("phis", "gcc_phis")),
            ("phis kept after simplification", "phis_kept"),
            ("functions that agree", "agree"),
            ("variables that differ, named", "differ")]
    rows += [("  " + w, w) for w in WHYS]
    rows += [("unexplained", "unexplained"), ("crashes", "crash"),
             ("assembly differences", "asm"),
             ("functions with a lower_error note", "lower_errors")]
    if any("bad_json" in c for c in cols):
        rows.append(("bad JSON lines", "bad_json"))

    def cell(c, k):
        if isinstance(k, tuple):
            return " / ".join(str(c.get(x, 0)) for x in k)
        return str(c.get(k, 0))

    w0 = max(len(r[0]) for r in rows)
    ws = [max(len(lv), max(len(cell(c, r[1])) for r in rows)) for lv, c in zip(levels, cols)]
    print("%-*s  %s" % (w0, "", "  ".join("%*s" % (w, lv) for w, lv in zip(ws, levels))))
    for name, k in rows:
        print("%-*s  %s" % (w0, name, "  ".join("%*s" % (w, cell(c, k)) for w, c in zip(ws, cols))))
    with open(os.path.join(out, "table.md"), "w") as md:
        md.write("| | %s |\n" % " | ".join("`%s`" % lv for lv in levels))
        md.write("| --- |%s\n" % (" ---: |" * len(levels)))
        for name, k in rows:
            md.write("| %s | %s |\n" % (name.strip() if not name.startswith("  ") else "&nbsp;&nbsp;" + name.strip(),
                                         " | ".join(cell(c, k) for c in cols)))
    problems = []
    for lv, t in zip(levels, map(tag, levels)):
        for st in ("crash", "asm"):
            for fn in status.get(t, {}).get(st, []):
                problems.append("%s %s %s" % (st, t, fn))
    if bad_fns or problems:
        print("\nproblems (details in %s/fail/ and the .jsonl files):" % out)
        for p in problems[:50]:
            print("  " + p)
        for p in bad_fns[:50]:
            print("  unexplained " + p)
        n = len(problems) + len(bad_fns)
        if n > 100:
            print("  ... %d in all" % n)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
