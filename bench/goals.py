#!/usr/bin/env python3
"""goals.py - the table and the goal lines of issue 16 (bench/goals.sh).

    python3 bench/goals.py RAW.csv COLD.csv [OUTDIR]

RAW.csv: one row per shape and size (row = the shape, n = statements), per
c-torture level (row = c-torture-O0, n = files) and per real program (row
= zlib, libiberty, lvm or lua, n = files), as goals.sh writes it:
instructions (callgrind) of the lowering, the core and GCC's pass in
analyze mode and of rewrite mode's whole pass, times (ns, medians) of the
same, and the M2R_BENCH sums (insts, ir_bytes, core_bytes, phiargs); the
optional columns: the pass's memory, GCC alone and rewrite mode (mem_*,
bytes summed over the functions), and cc1's instructions over whole
compiles (whole_gcc_i, whole_rw_i; c-torture at -O2).  An optional column
absent or empty is "not measured".
COLD.csv: the first function of a compile against the warm ones.

Prints one table (ratios by instructions and by time side by side) and
one line per goal: "holds" or "does not hold", the worst row and by how
much.  With OUTDIR, writes OUTDIR/goals.csv and OUTDIR/goals.md.  Exits 0
whatever the goals say; 1 only on input it cannot read.
"""
import csv
import os
import sys

RAW_COLS = ("row n funcs insts phiargs ir_bytes core_bytes lower_i core_i gcc_i rw_i "
            "rw_lower_i rw_core_i lower_ns core_ns gcc_ns rw_ns runs").split()
OPT_COLS = ("mem_gcc_heap mem_gcc_gc mem_gcc_kept mem_rw_heap mem_rw_gc mem_rw_kept mem_rw_load "
            "mem_over mem_n whole_gcc_i whole_rw_i").split()
COLD_COLS = "first_core_ns warm_core_ns first_lc_ns warm_lc_ns first_core_i warm_core_i runs".split()

# The limits.  Growth: for 10x the statements; scaled to the
# sizes measured.
CORE_MAX = 0.33
ALL_MAX = 1.0
RW_MAX = 1.0
IR_MAX = 120.0
CORE_B_MAX = 50.0
GROW_T = 1.2   # 12x for 10x
GROW_I = 1.05  # 10.5x for 10x
COLD_MAX = 1.5
PROG_RW_MAX = 1.0
WHOLE_MAX = 0.2  # per cent
MEM_MAX = 1.0
PROGRAMS = {"zlib": "zlib", "libiberty": "libiberty", "lvm": "Lua's lvm.c", "lua": "Lua"}


def die(msg):
    sys.stderr.write("goals.py: %s\n" % msg)
    sys.exit(1)


def read_csv(path, cols, opt=()):
    try:
        with open(path, newline="") as fh:
            rows = list(csv.DictReader(fh))
    except OSError as e:
        die("%s: %s" % (path, e.strerror))
    out = []
    for k, r in enumerate(rows, 2):
        missing = [c for c in cols if r.get(c) in (None, "")]
        if missing:
            die("%s:%d: no %s" % (path, k, ", ".join(missing)))
        d = {"row": r["row"]} if "row" in cols else {}
        for c in cols:
            if c == "row":
                continue
            try:
                d[c] = float(r[c])
            except ValueError:
                die("%s:%d: %s is not a number: %r" % (path, k, c, r[c]))
        for c in opt:
            v = r.get(c)
            try:
                d[c] = float(v) if v not in (None, "") else None
            except ValueError:
                die("%s:%d: %s is not a number: %r" % (path, k, c, v))
        out.append(d)
    return out


def ratio(a, b):
    return a / b if b > 0 else None


def is_program(r):
    return r["row"] in PROGRAMS


def label(r):
    if r["row"].startswith("c-torture") or is_program(r):
        return "%s (%d files)" % (r["row"], r["n"])
    return "%s %d" % (r["row"], r["n"])


def derive(rows):
    """Adds the ratios, memory per instruction and growth to each row."""
    for r in rows:
        r["core/gcc_i"] = ratio(r["core_i"], r["gcc_i"])
        r["core/gcc_t"] = ratio(r["core_ns"], r["gcc_ns"])
        r["all/gcc_i"] = ratio(r["lower_i"] + r["core_i"], r["gcc_i"])
        r["all/gcc_t"] = ratio(r["lower_ns"] + r["core_ns"], r["gcc_ns"])
        r["rw/gcc_i"] = ratio(r["rw_i"], r["gcc_i"])
        r["rw/gcc_t"] = ratio(r["rw_ns"], r["gcc_ns"])
        r["ir_B"] = ratio(r["ir_bytes"], r["insts"])
        r["core_B"] = ratio(r["core_bytes"], r["insts"])
        r["grow_t"] = r["grow_i"] = r["grow_lim_t"] = r["grow_lim_i"] = None
        r["whole%"] = r["mem_rw"] = r["mem_gcc"] = r["mem/gcc"] = None
        if r.get("whole_gcc_i") and r.get("whole_rw_i") is not None:
            r["whole%"] = (r["whole_rw_i"] / r["whole_gcc_i"] - 1) * 100
        if r.get("mem_n"):
            r["mem_rw"] = r["mem_rw_heap"] + r["mem_rw_gc"] + r["mem_rw_load"]
            r["mem_gcc"] = r["mem_gcc_heap"] + r["mem_gcc_gc"]
            r["mem/gcc"] = ratio(r["mem_rw"], r["mem_gcc"])
    shapes = {}
    for r in rows:
        if not r["row"].startswith("c-torture") and not is_program(r):
            shapes.setdefault(r["row"], []).append(r)
    for name, rs in shapes.items():
        rs.sort(key=lambda r: r["n"])
        a, b = rs[0], rs[-1]
        if len(rs) < 2 or a["n"] <= 0:
            continue
        size = b["n"] / a["n"]
        # switch: its phi arguments grow with the square of the size;
        # judged per phi argument, scaled back to the size ratio
        unit = size
        if name == "switch" and a["phiargs"] > 0 and b["phiargs"] > 0:
            unit = b["phiargs"] / a["phiargs"]
        if a["core_ns"] > 0:
            b["grow_t"] = b["core_ns"] / a["core_ns"] * size / unit
        if a["core_i"] > 0:
            b["grow_i"] = b["core_i"] / a["core_i"] * size / unit
        b["grow_lim_t"] = GROW_T * size
        b["grow_lim_i"] = GROW_I * size


COLUMNS = [  # (heading, key, format)
    ("row", "row", "s"), ("N", "n", "d"), ("funcs", "funcs", "d"), ("insts", "insts", "d"),
    ("lower_Mi", "lower_i", "M"), ("core_Mi", "core_i", "M"), ("gcc_Mi", "gcc_i", "M"),
    ("rw_Mi", "rw_i", "M"),
    ("core/gcc_i", "core/gcc_i", "r"), ("core/gcc_t", "core/gcc_t", "r"),
    ("all/gcc_i", "all/gcc_i", "r"), ("all/gcc_t", "all/gcc_t", "r"),
    ("rw/gcc_i", "rw/gcc_i", "r"), ("rw/gcc_t", "rw/gcc_t", "r"),
    ("IR_B/i", "ir_B", "b"), ("core_B/i", "core_B", "b"),
    ("grow_t", "grow_t", "x"), ("grow_i", "grow_i", "x"),
    ("core_ms", "core_ns", "ms"), ("gcc_ms", "gcc_ns", "ms"),
    ("rw_memKB", "mem_rw", "K"), ("gcc_memKB", "mem_gcc", "K"), ("mem/gcc", "mem/gcc", "r"),
    ("whole%", "whole%", "p"),
]


def fmt(v, kind):
    if v is None:
        return "-"
    if kind == "s":
        return v
    if kind == "d":
        return "%d" % v
    if kind == "M":
        return "%.1f" % (v / 1e6)
    if kind == "r":
        return "%.2f" % v
    if kind == "b":
        return "%.0f" % v
    if kind == "x":
        return "%.1fx" % v
    if kind == "ms":
        return "%.2f" % (v / 1e6)
    if kind == "K":
        return "%.0f" % (v / 1024)
    if kind == "p":
        return "%+.3f" % v
    raise ValueError(kind)


def table(rows):
    cells = [[fmt(r[k], f) for _, k, f in COLUMNS] for r in rows]
    heads = [h for h, _, _ in COLUMNS]
    width = [max([len(h)] + [len(c[i]) for c in cells]) for i, h in enumerate(heads)]
    lines = [" ".join(h.ljust(w) if i == 0 else h.rjust(w)
                      for i, (h, w) in enumerate(zip(heads, width)))]
    for c in cells:
        lines.append(" ".join(x.ljust(w) if i == 0 else x.rjust(w)
                              for i, (x, w) in enumerate(zip(c, width))))
    md = ["| " + " | ".join(heads) + " |",
          "| --- | " + " | ".join("---:" for _ in heads[1:]) + " |"]
    md += ["| " + " | ".join(c) + " |" for c in cells]
    return lines, md, heads, cells


def judge(name, rows, key, limit_of, tkey=None, unit="", extra=None):
    """One goal line: every row that has KEY must be <= its limit."""
    have = [r for r in rows if r.get(key) is not None and limit_of(r) is not None]
    if not have:
        return "%s: not measured" % name, None
    # the worst: the largest excess over the limit, relative to it
    worst = max(have, key=lambda r: r[key] / limit_of(r))
    over = [r for r in have if r[key] > limit_of(r)]
    w, lim = worst[key], limit_of(worst)
    if not over:
        s = "%s: holds (worst %.2f%s, %s)" % (name, w, unit, label(worst))
        ok = True
    else:
        s = ("%s: does not hold: worst is %.2f%s (%s), over the limit %.2f%s by %.2f%s "
             "(%.2fx); %d of %d rows over" %
             (name, w, unit, label(worst), lim, unit, w - lim, unit, w / lim, len(over), len(have)))
        ok = False
    if tkey:
        th = [r for r in rows if r.get(tkey) is not None]
        if th:
            tw = max(th, key=lambda r: r[tkey])
            s += "; by time worst %.2f (%s)" % (tw[tkey], label(tw))
    if extra:
        s += extra(have)
    return s, ok


def cold_goal(cold):
    c = cold[0] if cold else None
    t = ratio(c["first_core_ns"], c["warm_core_ns"]) if c else None
    name = "cold start: the core's first function <= %.1fx a warm one, time" % COLD_MAX
    if t is None:
        return "%s: not measured" % name, None
    info = "; lower+core %s, core instructions %s" % (
        fmt(ratio(c["first_lc_ns"], c["warm_lc_ns"]), "x"),
        fmt(ratio(c["first_core_i"], c["warm_core_i"]), "x"))
    if t <= COLD_MAX:
        return "%s: holds (%.2fx)%s" % (name, t, info), True
    return ("%s: does not hold: %.2fx, over the limit by %.2fx (%.2fx)%s" %
            (name, t, t - COLD_MAX, t / COLD_MAX, info), False)


def mem_extra(have):
    over = sum(r["mem_over"] for r in have)
    n = sum(r["mem_n"] for r in have)
    load = sum(r["mem_rw_load"] for r in have)
    return ("; %d of %d functions over; the plugin's load %.0f KB of rewrite mode's %.0f KB" %
            (over, n, load / 1024, sum(r["mem_rw"] for r in have) / 1024))


def goals(rows, cold):
    progs = [r for r in rows if is_program(r)]
    rows = [r for r in rows if not is_program(r)]
    out = []
    out.append(judge("core <= %.2f of GCC's pass, instructions, every shape and c-torture" % CORE_MAX,
                     rows, "core/gcc_i", lambda r: CORE_MAX, "core/gcc_t"))
    out.append(judge("lower+core <= %.1f of GCC's pass, instructions, every shape and c-torture" % ALL_MAX,
                     rows, "all/gcc_i", lambda r: ALL_MAX, "all/gcc_t"))
    out.append(judge("rewrite mode's pass (lower+core+write-back) <= %.1f of GCC's, instructions, "
                     "every shape and c-torture" % RW_MAX, rows, "rw/gcc_i", lambda r: RW_MAX, "rw/gcc_t"))
    out.append(judge("lowered IR <= %.0f bytes per instruction" % IR_MAX,
                     rows, "ir_B", lambda r: IR_MAX, unit=" B"))
    out.append(judge("core's peak <= %.0f bytes per instruction" % CORE_B_MAX,
                     rows, "core_B", lambda r: CORE_B_MAX, unit=" B"))
    out.append(judge("growth of the core's time <= %.1fx per 10x statements (switch: per phi "
                     "argument)" % (GROW_T * 10), rows, "grow_t", lambda r: r["grow_lim_t"],
                     unit="x"))
    out.append(judge("growth of the core's instructions <= %.1fx per 10x statements (switch: "
                     "per phi argument)" % (GROW_I * 10), rows, "grow_i",
                     lambda r: r["grow_lim_i"], unit="x"))
    out.append(cold_goal(cold))
    named = ", ".join(PROGRAMS[r["row"]] for r in progs) or "none measured"
    out.append(judge("real programs: rewrite mode's pass <= %.1f of GCC's, instructions, %s"
                     % (PROG_RW_MAX, named), progs, "rw/gcc_i",
                     lambda r: PROG_RW_MAX, "rw/gcc_t"))
    out.append(judge("whole compile in rewrite mode <= +%.1f%% of GCC's cc1 instructions at -O2, "
                     "c-torture" % WHOLE_MAX, rows, "whole%", lambda r: WHOLE_MAX, unit="%"))
    out.append(judge("rewrite mode's pass's peak memory (heap + GC) <= %.1f of GCC's pass's, "
                     "every row" % MEM_MAX, rows + progs, "mem/gcc", lambda r: MEM_MAX,
                     extra=mem_extra))
    return out


def main(argv):
    if len(argv) not in (3, 4):
        die("usage: goals.py RAW.csv COLD.csv [OUTDIR]")
    rows = read_csv(argv[1], RAW_COLS, OPT_COLS)
    cold = read_csv(argv[2], COLD_COLS)
    derive(rows)
    lines, md, heads, cells = table(rows)
    glines = goals(rows, cold)
    print("\n".join(lines))
    print()
    print("_i: instructions (callgrind, one compile); _t and _ms: CPU time, median of the runs;")
    print("all = lower + core (analyze mode); rw = rewrite mode's whole pass (lower + core +")
    print("write-back + update_ssa); gcc = GCC's ssa pass.  IR_B/i, core_B/i: arena bytes per")
    print("instruction of the lowered IR and added by the core.  grow: the core from the")
    print("smallest size to this one (switch: per phi argument, scaled to the size ratio).")
    print("memKB: the pass's peak heap + GC memory, summed over the functions (rw: with the")
    print("plugin's load once per compile); whole%: cc1's instructions over whole compiles,")
    print("rewrite mode against GCC alone.")
    if cold:
        c = cold[0]
        print("cold: the first of eleven small functions %.1f us core, %.1f us lower+core; "
              "warm (4th-11th) %.1f / %.1f us; %.0f / %.0f core instructions" %
              (c["first_core_ns"] / 1e3, c["first_lc_ns"] / 1e3, c["warm_core_ns"] / 1e3,
               c["warm_lc_ns"] / 1e3, c["first_core_i"], c["warm_core_i"]))
    print()
    for s, _ in glines:
        print("goal: " + s)
    if len(argv) == 4:
        d = argv[3]
        with open(os.path.join(d, "goals.csv"), "w", newline="") as fh:
            w = csv.writer(fh)
            w.writerow(heads)
            w.writerows(cells)
        with open(os.path.join(d, "goals.md"), "w") as fh:
            fh.write("\n".join(md) + "\n\n")
            fh.write("\n".join("- " + s for s, _ in glines) + "\n")
        print("written: %s, %s" % (os.path.join(d, "goals.csv"), os.path.join(d, "goals.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
