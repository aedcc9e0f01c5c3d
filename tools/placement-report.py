#!/usr/bin/env python3
"""placement-report.py OUTDIR LEVELS [PLACEMENTS] - the table of a
placement-study.sh run: per level, GCC alone against rewrite mode with
each placement (";"-separated, "pruned;semipruned;minimal"), over the
files every configuration compiled.  Writes OUTDIR/table.md too."""
import os
import sys


def tag(level):
    return level.lstrip("-").replace(" -", "-").replace(" ", "_")


def main():
    out, levels = sys.argv[1], sys.argv[2].split(";")
    places = sys.argv[3] if len(sys.argv) > 3 else "pruned;semipruned;minimal"
    configs = ["gcc"] + places.split(";")
    rows = {}
    errors = {}
    with open(os.path.join(out, "results")) as f:
        for line in f:
            p = line.split()
            if len(p) == 4 and p[3] == "error":
                errors.setdefault((p[0], p[1]), []).append(p[2])
                continue
            if len(p) != 11:
                continue
            rows[(p[0], p[1], p[2])] = [float(x) for x in p[3:]]
    md = []
    for lv in levels:
        t = tag(lv)
        files = sorted({k[2] for k in rows if k[1] == t})
        files = [f for f in files if all((c, t, f) in rows for c in configs)]
        if not files:
            continue
        sums = {c: [0.0] * 8 for c in configs}
        ninstr = 0
        for f in files:
            have_instr = all(rows[(c, t, f)][7] > 0 for c in configs)
            ninstr += have_instr
            for c in configs:
                v = rows[(c, t, f)]
                for i in range(7):
                    sums[c][i] += v[i]
                if have_instr:
                    sums[c][7] += v[7]
        g = sums["gcc"]
        head = "%s: %d files compiled by every configuration" % (lv, len(files))
        print(head)
        md.append("\n**%s** (%d files)\n" % (lv, len(files)))
        md.append("| | " + " | ".join(configs) + " |")
        md.append("| --- |" + " ---: |" * len(configs))

        def line(name, fn):
            vals = [fn(sums[c]) for c in configs]
            print("  %-40s %s" % (name, " ".join("%14s" % v for v in vals)))
            md.append("| %s | %s |" % (name, " | ".join(vals)))

        line("phis built", lambda s: "%d" % s[0])
        line("phis left after GCC's optimisers", lambda s: "%d" % s[1])
        line("assembly files identical to GCC's", lambda s: "%d" % s[3])
        line("code size (text bytes)", lambda s: "%d" % s[2])
        line("code size / GCC's", lambda s: "%.4f" % (s[2] / g[2]) if g[2] else "-")
        line("compile time (user+sys s)", lambda s: "%.1f" % s[4])
        if ninstr:
            line("cc1 instructions, %d files (M)" % ninstr, lambda s: "%.1f" % (s[7] / 1e6))
            line("instructions / GCC's", lambda s: "%.4f" % (s[7] / g[7]) if g[7] else "-")
        if g[6]:
            line("debug: scope bytes covered (%)", lambda s: "%.2f" % (100 * s[5] / s[6]) if s[6] else "-")
        for c in configs:
            if errors.get((c, t)):
                print("  %s failed on %d files: %s" % (c, len(errors[(c, t)]), " ".join(errors[(c, t)][:10])))
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
