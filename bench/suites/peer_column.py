#!/usr/bin/env python3
"""peer_column.py RUNS_CSV PEER_CSV PREFIX NAME [--logs DIR] [--groups]
-- a peer's reference results as one more column beside car-bench's runs
(bench/suites/param.sh, bench/suites/compare.sh).

RUNS_CSV is car-bench's runs.csv (config,file,expected,verdict,status,wall,
...).  PEER_CSV has the columns file,expected,<peer>_result,<peer>_seconds
(more are ignored; the first column named *_result and the first named
*_seconds are used), with file names relative to the corpus: a suite file
PREFIX + F takes the peer row of F; suite files without one show '-'.
Prints markdown: one row per file with every configuration's status and
wall time and the peer's answer and time, then the solved and wrong counts
per column (solved: safe/unsafe equal to the expected answer, or any
safe/unsafe where the expected answer is unknown; wrong: opposite to it).

--logs DIR: car-bench's log directory (OUT/logs); a cell of a run whose
logs have car's --stats adds its iterations and predicates ("6 it, 14 p").
--groups: the solved and wrong counts also per group, a group being a
file's first path component (the suite's subdirectory).
"""
import argparse
import csv
import os


def read_runs(path):
    """(configs, files, cell, expected) of a runs.csv, in its order."""
    configs, files, cell, expected = [], [], {}, {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["config"] not in configs:
                configs.append(r["config"])
            if r["file"] not in expected:
                files.append(r["file"])
                expected[r["file"]] = r["expected"]
            cell[(r["config"], r["file"])] = r
    return configs, files, cell, expected


def read_peer(path, prefix):
    """{PREFIX + file: (answer, seconds)} of a peer's CSV."""
    peer = {}
    with open(path, newline="") as f:
        rd = csv.DictReader(f)
        res = next(c for c in rd.fieldnames if c.endswith("_result"))
        sec = next(c for c in rd.fieldnames if c.endswith("_seconds"))
        for r in rd:
            peer[prefix + r["file"]] = (r[res], float(r[sec]))
    return peer


def car_stats(logs, config, fl):
    """' (6 it, 14 p)' from car's --stats in the run's logs (stdout or
    stderr: car prints them on stderr when the answer is unknown), or ''."""
    if not logs:
        return ""
    st = {}
    for ext in (".out", ".err"):
        path = os.path.join(logs, config, fl.replace("/", "__") + ext)
        try:
            with open(path, errors="replace") as f:
                for line in f:
                    k, _, v = line.partition(": ")
                    if k in ("iterations", "predicates") and v.strip().isdigit():
                        st[k] = int(v)
        except OSError:
            pass
    if not st:
        return ""
    return " (%s it, %s p)" % (st.get("iterations", "-"),
                              st.get("predicates", "-"))


def classify(st, verdict, exp):
    """'solved', 'wrong' or None for a run's status (or a peer's answer)."""
    if st in ("correct", "unchecked"):
        return "solved"
    if st == "wrong":
        return "wrong"
    if st is None and verdict in ("safe", "unsafe"):
        if exp in ("safe", "unsafe") and verdict != exp:
            return "wrong"
        return "solved"
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("runs")
    ap.add_argument("peer")
    ap.add_argument("prefix")
    ap.add_argument("name")
    ap.add_argument("--logs")
    ap.add_argument("--groups", action="store_true")
    a = ap.parse_args()
    configs, files, cell, expected = read_runs(a.runs)
    peer = read_peer(a.peer, a.prefix)
    name = a.name
    cols = configs + [name]
    groups = sorted({fl.split("/")[0] for fl in files}) if a.groups else []
    count = {}  # (group or None, column, 'solved'|'wrong') -> n

    def tally(fl, col, what):
        if what:
            for g in (None, fl.split("/")[0]):
                count[(g, col, what)] = count.get((g, col, what), 0) + 1

    lines = ["", "## %s (reference results, not run here)" % name, "",
             "| file | expected | " + " | ".join(configs) + " | %s |" % name,
             "|---|---|" + "---|" * (len(configs) + 1)]
    for fl in files:
        exp = expected[fl]
        row = []
        for c in configs:
            r = cell.get((c, fl))
            if r is None:
                row.append("-")
                continue
            st = r["status"]
            what = classify(st, r["verdict"], exp)
            tally(fl, c, what)
            word = r["verdict"] if what else st
            row.append("%s %.2f%s" % (word + (" (WRONG)" if what == "wrong" else ""),
                                      float(r["wall"]), car_stats(a.logs, c, fl)))
        p = peer.get(fl)
        if p is None:
            row.append("-")
        else:
            verdict, secs = p
            what = classify(None, verdict, exp)
            tally(fl, name, what)
            row.append("%s %.2f" % (verdict + (" (WRONG)" if what == "wrong" else ""),
                                    secs))
        lines.append("| %s | %s | %s |" % (fl, exp, " | ".join(row)))
    for g in [None] + groups:
        n = sum(1 for fl in files if g is None or fl.split("/")[0] == g)
        if g is not None and n == 0:
            continue
        what = "" if g is None else " %s/" % g
        lines.append("| **solved**%s (of %d; %s: of the %d with a result) | | %s |"
                     % (what, n, name,
                        sum(1 for fl in files if fl in peer
                            and (g is None or fl.split("/")[0] == g)),
                        " | ".join(str(count.get((g, c, "solved"), 0)) for c in cols)))
        lines.append("| **wrong**%s | | %s |"
                     % (what, " | ".join(str(count.get((g, c, "wrong"), 0))
                                         for c in cols)))
    lines.append("")
    lines.append("Cells: the answer (or timeout, unknown, error, memout) and "
                 "the wall time in seconds%s; %s's are recorded, not measured "
                 "in this run (see the README beside its CSV)."
                 % (", with car's iterations (it) and predicates (p)"
                    if a.logs else "", name))
    print("\n".join(lines))


if __name__ == "__main__":
    main()
