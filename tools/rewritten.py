#!/usr/bin/env python3
"""rewritten.py RECORDS... - which functions rewrite mode wrote back whole.

The one definition of "rewritten" that the tests and reports share
(mem2reg-dg.exp's mem2reg-rewritten, mem2reg.rewrite/torture.exp,
tools/program-rewrite.sh, tools/rewrite-report.py): a function record is
whole when it says "rewritten":true and no variable of it was renamed by
GCC ("renamed_by":{..."gcc":0}).  One fallback is documented and accepted
(doc/rewrite.md, "Fallbacks"): with the textbook placements (semipruned,
minimal) a variable defined on an EH or abnormal edge, "eh-abnormal-def",
goes to GCC's renamer because GCC's IL cannot hold the phi they want.

RECORDS are the plugin's output= files, .jsonl or .jsonl.gz (one gzip
member per compile is fine).  For each, it prints:
  file SRC N                    N function records of source file SRC
  not SRC FUNCTION: REASONS     not written back whole
  documented SRC FUNCTION: eh-abnormal-def   the accepted fallback
Exit status 0 when every function is whole or documented, 1 when one is
not or a file holds no function record at all (nothing was checked), 2
when a file cannot be read to its end."""
import gzip
import json
import re
import sys
import zlib

# The common case, matched without parsing the record (its variables make
# a csmith function's record kilobytes long).
WHOLE = re.compile(r'"rewritten":true[,}].*?"renamed_by":\{[^}]*"gcc":0[,}]')
DOCUMENTED = "eh-abnormal-def"


# What lines() raises when a file cannot be read to its end: missing,
# a gzip member cut short (a run killed in the middle of an append),
# bytes that are not UTF-8.
UNREADABLE = (OSError, EOFError, zlib.error, UnicodeDecodeError)


def lines(path):
    """The lines of PATH, gzipped or not; one of UNREADABLE when it cannot
    be read to its end."""
    if path.endswith(".gz"):
        with gzip.open(path, "rt") as f:
            yield from f
    else:
        with open(path) as f:
            yield from f


def judge(line):
    """(verdict, record or None) of one function record LINE: verdict is
    "whole", "documented" or "not"; None when LINE is no function record."""
    if not line.startswith('{"type":"function"'):
        return None, None
    if WHOLE.search(line):
        return "whole", None
    try:
        r = json.loads(line)
    except ValueError:
        return None, None
    if r.get("type") != "function":
        return None, None
    if r.get("rewritten") and not r.get("renamed_by", {}).get("gcc", 0):
        return "whole", r
    why = [k for k, v in r.get("fallbacks", {}).items() if v]
    if r.get("rewritten") and r.get("placement") != "pruned" and why == [DOCUMENTED]:
        return "documented", r
    return "not", r


def reasons(r):
    """Why record R was not written back whole, as text."""
    if r.get("mode") != "rewrite":
        return "mode %s, not rewrite" % r.get("mode")
    if not r.get("rewritten"):
        return r.get("fallback") or "not rewritten"
    return ", ".join(k for k, v in r.get("fallbacks", {}).items() if v) or "write-back"


SRC = re.compile(r'"file":"((?:[^"\\]|\\.)*)"')


def main():
    if len(sys.argv) < 2:
        sys.exit("usage: rewritten.py RECORDS...")
    status = 0
    for path in sys.argv[1:]:
        counts = {}
        try:
            for line in lines(path):
                verdict, r = judge(line)
                if verdict is None:
                    continue
                m = SRC.search(line)
                src = m.group(1) if m else "?"
                counts[src] = counts.get(src, 0) + 1
                if verdict == "whole":
                    continue
                print("%s %s %s: %s" % (verdict, src, r.get("function"),
                                        DOCUMENTED if verdict == "documented" else reasons(r)))
                if verdict == "not":
                    status = max(status, 1)
        except UNREADABLE as e:
            print("rewritten.py: %s: %s" % (path, e), file=sys.stderr)
            status = 2
        for src, n in counts.items():
            print("file %s %d" % (src, n))
        if not counts and status != 2:
            print("rewritten.py: %s: no function record" % path, file=sys.stderr)
            status = max(status, 1)
    return status


if __name__ == "__main__":
    sys.exit(main())
