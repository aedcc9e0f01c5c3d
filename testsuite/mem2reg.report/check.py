#!/usr/bin/env python3
"""check.py - report.exp's helper: cross-checks m2r-report's output
against the records it read, and makes inputs from real records.

  check.py totals TOOL INPUT...     the tool's --by=file JSON rows and its
                                    text summary against the sum of the
                                    records' own unit records
  check.py shapes TOOL INPUT...     CSV and JSON rows: one header, equal
                                    columns, one row per function / file
  check.py diff TOOL A B            --diff's rows against each side alone
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
import random
import re
import subprocess
import sys

KEYS = ("vars", "promoted", "gcc_promoted", "phis", "phis_kept", "gcc_phis",
        "differ", "unexplained", "agree", "compared")


def records(path):
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
    got = {k: sum(r[k] for r in rows) for k in KEYS + ("functions",)}
    if got != want:
        fail(f"--by=file totals {got} != unit records' {want}")
    text = run(tool, *inputs)
    checks = [(r"mem2reg report: \d+ source files, (\d+) functions", "functions"),
              (r"\n  variables +(\d+)", "vars"), (r"promoted, ours / GCC +(\d+) / ", "promoted"),
              (r"promoted, ours / GCC +\d+ / (\d+)", "gcc_promoted"),
              (r"ours placed / kept / GCC +\d+ / (\d+) / ", "phis_kept"),
              (r"differ, named reason +(\d+)", "differ"), (r"differ, unexplained +(\d+)", "unexplained")]
    for pat, k in checks:
        m = re.search(pat, text)
        if not m or int(m.group(1)) != want[k]:
            fail(f"text summary: {k}: /{pat}/ -> {m and m.group(1)}, want {want[k]}\n{text}")
    print(f"ok: {want['functions']} functions, {want['vars']} variables, {len(units)} units")


def shapes(tool, inputs):
    fns = {(r["file"], r["function"]) for p in inputs for r in records(p) if r["type"] == "function"}
    files = {f for f, _ in fns}
    for by, n in (("function", len(fns)), ("file", len(files))):
        rows = list(csv.reader(io.StringIO(run(tool, "--format=csv", f"--by={by}", *inputs))))
        head, body = rows[0], rows[1:]
        if len(body) != n or any(len(r) != len(head) for r in body):
            fail(f"csv --by={by}: {len(body)} rows (want {n}), widths {sorted({len(r) for r in body})} vs {len(head)}")
        js = [json.loads(l) for l in run(tool, "--format=json", f"--by={by}", *inputs).splitlines()]
        if len(js) != n or any(list(j) != head for j in js):
            fail(f"json --by={by}: {len(js)} rows (want {n}) or keys differ from the csv header")
        for j, c in zip(js, body):
            if [str(v) for v in j.values()] != c:
                fail(f"json and csv rows differ: {j} vs {c}")
    print(f"ok: {len(fns)} functions, {len(files)} files")


def diff(tool, a, b):
    rows = [json.loads(l) for l in run(tool, "--diff", "--format=json", a, b).splitlines()]
    for side, path in (("a", a), ("b", b)):
        alone = [json.loads(l) for l in run(tool, "--format=json", path).splitlines()]
        for k in ("promoted", "phis_kept", "gcc_phis", "differ"):
            x, y = sum(r[f"{k}_{side}"] for r in rows), sum(r[k] for r in alone)
            if x != y:
                fail(f"diff {k}_{side} sums to {x}, the report of {path} to {y}")
    print(f"ok: {len(rows)} functions")


def retry(src, dst):
    with open(dst, "w") as o:
        for r in records(src):
            r["schema"] = 3
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
     "fuzz": lambda: fuzz(*args), "big": lambda: big(*args)}[cmd]()


if __name__ == "__main__":
    main()
