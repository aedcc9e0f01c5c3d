#!/usr/bin/env python3
"""check.py - report.exp's helper: cross-checks m2r-report's output
against the records it read, and makes inputs from real records.

  check.py totals TOOL INPUT...     the tool's --by=file JSON rows and its
                                    text summary (the sum of its groups)
                                    against the sum of the records' own
                                    unit records; GCC's figures null / "-"
                                    exactly where none was compared
  check.py shapes TOOL INPUT...     CSV and JSON rows: one header, equal
                                    columns, one row per function / file
  check.py diff TOOL A B            --diff's rows against each side alone
  check.py nogcc TOOL INPUT...      records without a function compared
                                    with GCC: no GCC figure shown, as 0 or
                                    otherwise, in text, CSV, JSON, --diff
  check.py groups TOOL N INPUT...   the text summary has N groups, each
                                    with its own figures (a rewrite-mode
                                    group no GCC figure), as many
                                    functions as the CSV rows of its
                                    mode, placement, algorithm,
                                    gcc_version, target
  check.py schema5 IN OUT           IN's records as schema 5 wrote them
                                    (no algorithm)
  check.py schema4 IN OUT           IN's records as schema 4 wrote them
                                    (no algorithm, gcc_version, target;
                                    GCC's figures 0 where not compared)
  check.py retry IN OUT             IN's records as a retry on another
                                    host (schema 3, other times)
  check.py log IN OUT               IN's records inside a build log
  check.py fuzz IN OUT SEED         IN's records, mutated
  check.py big IN OUT N             N function records made from IN's

Prints "ok ..." and exits 0, or prints what is wrong and exits 1.
"""
import csv
import io
import json
import os
import random
import re
import subprocess
import sys

KEYS = ("vars", "promoted", "gcc_promoted", "phis", "phis_kept", "gcc_phis",
        "differ", "unexplained", "agree", "compared")
# GCC's figures: null in a row (empty in CSV, "-" in text) where no
# function of the row was compared with GCC.
GCC_KEYS = ("gcc_promoted", "gcc_phis", "agree", "differ", "unexplained", "gcc_ns")
# The keys that group records (m2r-report's GROUP_KEYS).
GROUP_KEYS = ("mode", "placement", "algorithm", "gcc_version", "target")


def records(path):
    """The records of a file, or of every file of a directory."""
    if os.path.isdir(path):
        return [r for n in sorted(os.listdir(path)) for r in records(os.path.join(path, n))]
    out = []
    with open(path, "rb") as f:
        for line in f:
            line = line.strip()
            if line.startswith(b"{"):
                out.append(json.loads(line))
    return out


def run(tool, *args):
    p = subprocess.run([tool, *args], capture_output=True)
    if p.returncode != 0:
        sys.exit(f"{tool} {' '.join(args)}: exit {p.returncode}: {p.stderr.decode(errors='replace')}")
    return p.stdout.decode()


def fail(msg):
    print(msg)
    sys.exit(1)


def totals(tool, inputs):
    units = [r for p in inputs for r in records(p) if r["type"] == "unit"]
    fns = [r for p in inputs for r in records(p) if r["type"] == "function"]
    if not units:
        fail("no unit records in the inputs")
    want = {k: sum(u.get(k, 0) for u in units) for k in KEYS}
    want["functions"] = sum(u["functions"] for u in units)
    if want["functions"] != len(fns):
        fail(f"the inputs are inconsistent: units say {want['functions']} functions, {len(fns)} records")
    rows = [json.loads(l) for l in run(tool, "--format=json", "--by=file", *inputs).splitlines()]
    for r in rows:
        for k in GCC_KEYS:
            if (r[k] is None) != (r["compared"] == 0):
                fail(f"--by=file row of {r['file']}: {k} is {r[k]} with compared {r['compared']}")
    got = {k: sum(r[k] or 0 for r in rows) for k in KEYS + ("functions",)}
    if got != want:
        fail(f"--by=file totals {got} != unit records' {want}")
    text = run(tool, *inputs)
    # each group's lines (one group: no group header), summed; a group
    # compared only in part says GCC's figures on a line of its own
    checks = [(r"mem2reg report: \d+ source files, (\d+) functions", "functions"),
              (r"\n  variables +(\d+)", "vars"), (r"\n  promoted(?:, ours / GCC)? +(\d+)", "promoted"),
              (r"\n  promoted, ours / GCC +\d+ / (\d+)", "gcc_promoted"),
              (r"\n  promoted, ours / GCC +\d+ / -\n    of the \d+ functions compared +\d+ / (\d+)",
               "gcc_promoted"),
              (r"\n  phis, (?:ours )?placed / kept(?: / GCC| / built) +\d+ / (\d+) / ", "phis_kept"),
              (r"differ, named reason +(\d+)", "differ"), (r"differ, unexplained +(\d+)", "unexplained")]
    sums = {}
    for pat, k in checks:
        sums[k] = sums.get(k, 0) + sum(int(x) for x in re.findall(pat, text))
    for k, v in sums.items():
        if v != want[k]:
            fail(f"text summary: {k}: {v}, want {want[k]}\n{text}")
    print(f"ok: {want['functions']} functions, {want['vars']} variables, {len(units)} units")


def shapes(tool, inputs):
    # a row per function and per file of each group (mode, placement,
    # algorithm, gcc_version, target)
    fns = {(r["file"], r["function"]) + tuple(r.get(k, "") for k in GROUP_KEYS)
           for p in inputs for r in records(p) if r["type"] == "function"}
    files = {f[:1] + f[2:] for f in fns}
    for by, n in (("function", len(fns)), ("file", len(files))):
        rows = list(csv.reader(io.StringIO(run(tool, "--format=csv", f"--by={by}", *inputs))))
        head, body = rows[0], rows[1:]
        if len(body) != n or any(len(r) != len(head) for r in body):
            fail(f"csv --by={by}: {len(body)} rows (want {n}), widths {sorted({len(r) for r in body})} vs {len(head)}")
        js = [json.loads(l) for l in run(tool, "--format=json", f"--by={by}", *inputs).splitlines()]
        if len(js) != n or any(list(j) != head for j in js):
            fail(f"json --by={by}: {len(js)} rows (want {n}) or keys differ from the csv header")
        for j, c in zip(js, body):
            if ["" if v is None else str(v) for v in j.values()] != c:
                fail(f"json and csv rows differ: {j} vs {c}")
    print(f"ok: {len(fns)} functions, {len(files)} files")


def diff(tool, a, b):
    rows = [json.loads(l) for l in run(tool, "--diff", "--format=json", a, b).splitlines()]
    for side, path in (("a", a), ("b", b)):
        alone = [json.loads(l) for l in run(tool, "--format=json", path).splitlines()]
        for k in ("promoted", "phis_kept", "gcc_phis", "differ"):
            x, y = sum(r[f"{k}_{side}"] or 0 for r in rows), sum(r[k] or 0 for r in alone)
            if x != y:
                fail(f"diff {k}_{side} sums to {x}, the report of {path} to {y}")
    print(f"ok: {len(rows)} functions")


def nogcc(tool, inputs):
    for by in ("function", "file"):
        rows = [json.loads(l) for l in run(tool, "--format=json", f"--by={by}", *inputs).splitlines()]
        if not rows:
            fail(f"json --by={by}: no rows")
        for r in rows:
            bad = [k for k in r if (k in GCC_KEYS or k.startswith("why_")) and r[k] is not None]
            if bad or r["compared"] != 0:
                fail(f"json --by={by}: GCC's figures {bad} (compared {r['compared']}) in {r}")
        rows = list(csv.reader(io.StringIO(run(tool, "--format=csv", f"--by={by}", *inputs))))
        cols = [i for i, h in enumerate(rows[0]) if h in GCC_KEYS or h.startswith("why_")]
        for r in rows[1:]:
            if any(r[i] != "" for i in cols):
                fail(f"csv --by={by}: a GCC cell not empty: {r}")
    for r in run(tool, "--diff", "--format=json", inputs[0], inputs[0]).splitlines():
        r = json.loads(r)
        bad = [k for k in r if k[:-2] in GCC_KEYS and r[k] is not None]
        if bad:
            fail(f"--diff json: GCC's figures {bad} in {r}")
    text = run(tool, *inputs)
    rules = [(r"  (promoted, ours / GCC|phis, ours placed / kept / GCC) ", r"/ -$"),
             (r"  functions agreeing with GCC ", r" -  \(none compared\)$"),
             (r"  variables that differ, (named reason|unexplained) ", r" -$"),
             (r"  time GCC into-SSA ", r" -  \(not compared\)$"),
             (r"  functions compared with GCC ", r" 0 of \d+$"),
             (r"  +\d+ / \S+ +\S", r"^  +\d+ / - ")]  # the most-phis list
    for line in text.splitlines():
        for head, want in rules:
            if re.match(head, line) and not re.search(want, line):
                fail(f"text: a GCC figure shown: {line!r}\n{text}")
    if "GCC into-SSA:" in text or not re.search(r"\n  variables +\d+", text):
        fail(f"text: a list of GCC's times, or no summary:\n{text}")
    print(f"ok: no GCC figure in text, csv, json and --diff of {len(inputs)} inputs")


def groups(tool, n, inputs):
    text = run(tool, *inputs)
    rows = list(csv.DictReader(io.StringIO(run(tool, "--format=csv", *inputs))))
    keys = GROUP_KEYS
    want = {}
    for r in rows:
        k = tuple(r[x] for x in keys)
        want[k] = want.get(k, 0) + 1
    heads = [m.groups() for m in (re.match(r"((?:(?:mode|placement|algorithm|GCC|target) [^,\n:]+(?:, )?)+): "
                                           r"\d+ source files, (\d+) functions\n((?:  [^\n]*(?:\n|$))+)", p)
                                  for p in text.split("\n\n")) if m]
    if len(heads) != int(n) or len(want) != int(n):
        fail(f"{len(heads)} groups in the text, {len(want)} in the csv rows, want {n}:\n{text}")
    if not re.search(r"\n  groups +%s, by " % n, text):
        fail(f"no line 'groups {n}':\n{text}")
    for head, nfn, body in heads:
        kv = dict(x.split(" ", 1) for x in head.split(", "))
        match = [k for k in want if all(kv.get(lab, v or "-") == (v or "-") for lab, v in
                                        zip(("mode", "placement", "algorithm", "GCC", "target"), k))]
        if len(match) != 1 or want[match[0]] != int(nfn):
            fail(f"group {head!r}: {nfn} functions, csv rows {want}")
        if kv.get("mode") == "rewrite" or match[0][0] == "rewrite":
            if "GCC" in body.replace("renamed by GCC", "") or "functions written back whole" not in body:
                fail(f"rewrite group {head!r}: GCC's figures or no rewrite figures:\n{body}")
        elif "promoted, ours / GCC" not in body:
            fail(f"group {head!r}: no comparison with GCC:\n{body}")
    print(f"ok: {n} groups, {len(rows)} functions")


def schema5(src, dst):
    with open(dst, "w") as o:
        for r in records(src):
            r["schema"] = 5
            r.pop("algorithm", None)
            o.write(json.dumps(r) + "\n")


def schema4(src, dst):
    gcc = ("gcc_promoted", "gcc_phis", "agree", "differ", "unexplained")
    with open(dst, "w") as o:
        for r in records(src):
            r["schema"] = 4
            r.pop("algorithm", None)
            r.pop("gcc_version", None)
            r.pop("target", None)
            if r["type"] in ("function", "unit") and r.get("compared") == 0:
                for k in gcc:
                    r[k] = 0
                r["why"] = {"agree": 0, "aggregate": 0, "unexplained": 0}
                r["gcc_ns"] = 4242  # compare=no: GCC's pass ran, timed all the same
                for v in r.get("variables", []):
                    v["gcc"], v["gcc_phi_blocks"] = False, []
            o.write(json.dumps(r) + "\n")


def retry(src, dst):
    with open(dst, "w") as o:
        for r in records(src):
            r["schema"] = 3
            r.pop("algorithm", None)
            r["host"] = "elsewhere"
            for k in ("lower_ns", "core_ns", "gcc_ns"):
                if k in r:
                    r[k] = r[k] * 3 + 1
            o.write(json.dumps(r) + "\n")


def log(src, dst):
    noise = ["gcc -O2 -c foo.c", "make[1]: Entering directory '/x'", "", "foo.c:3: warning: unused",
             "  {indented: not a record line", "   m2r-record:no space"]
    with open(src, "rb") as f, open(dst, "wb") as o:
        for i, line in enumerate(f):
            line = line.rstrip(b"\n")
            o.write(noise[i % len(noise)].encode() + b"\n")
            pre = [b"", b"m2r-record: ", b"distcc[4242] m2r-record: ", b"make: cc1: m2r-record: "][i % 4]
            o.write(pre + line + b"\r\n" * (i % 2) + b"\n" * (1 - i % 2))


def fuzz(src, dst, seed):
    rnd = random.Random(int(seed))
    lines = [l.rstrip(b"\n") for l in open(src, "rb") if l.startswith(b"{")]
    with open(dst, "wb") as o:
        for _ in range(600):
            l = bytearray(rnd.choice(lines))
            m = rnd.randrange(8)
            if m == 0:
                l = l[:rnd.randrange(len(l))]
            elif m == 1:
                for _ in range(4):
                    l[rnd.randrange(len(l))] = rnd.randrange(256)
            elif m == 2:
                l = bytearray(b'{"a":[' * rnd.randrange(1, 5000)) + l
            elif m == 3:
                l = l.replace(b'"vars":', b'"vars":' + b"9" * rnd.randrange(1, 300))
            elif m == 4:
                i = rnd.randrange(len(l))
                l = l[:i] + b"\0" + l[i:]
            elif m == 5:
                l = l.replace(b'"name":"', b'"name":"\xc0\xaf\\udc00')
            elif m == 6:
                i = rnd.randrange(len(l))
                del l[i:i + rnd.randrange(1, 40)]
            o.write(bytes(l) + b"\n")


def big(src, dst, n):
    fns = [r for r in records(src) if r["type"] == "function"]
    with open(dst, "w") as o:
        for i in range(int(n)):
            r = dict(fns[i % len(fns)])
            r["function"] = f"f{i}"
            r["file"] = f"dir{i % 37}/file{i // 100}.c"
            o.write(json.dumps(r, separators=(",", ":")) + "\n")


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    {"totals": lambda: totals(args[0], args[1:]), "shapes": lambda: shapes(args[0], args[1:]),
     "diff": lambda: diff(*args), "retry": lambda: retry(*args), "log": lambda: log(*args),
     "nogcc": lambda: nogcc(args[0], args[1:]), "groups": lambda: groups(args[0], args[1], args[2:]),
     "schema5": lambda: schema5(*args),
     "schema4": lambda: schema4(*args),
     "fuzz": lambda: fuzz(*args), "big": lambda: big(*args)}[cmd]()


if __name__ == "__main__":
    main()
