#!/usr/bin/env python3
"""peer_column.py RUNS_CSV PEER_CSV PREFIX NAME -- a peer's reference results
as one more column beside car-bench's runs (bench/suites/param.sh).

RUNS_CSV is car-bench's runs.csv (config,file,expected,verdict,status,wall,
...).  PEER_CSV has the columns file,expected,<peer>_result,<peer>_seconds
(more are ignored; the first column named *_result and the first named
*_seconds are used), with file names relative to the corpus: a suite file
PREFIX + F takes the peer row of F; suite files without one show '-'.
Prints markdown: one row per file with every configuration's status and
wall time and the peer's answer and time, then the solved and wrong counts
per column (solved: safe/unsafe equal to the expected answer, or any
safe/unsafe where the expected answer is unknown; wrong: opposite to it).
"""
import csv
import sys


def main():
    if len(sys.argv) != 5:
        sys.exit("usage: peer_column.py RUNS_CSV PEER_CSV PREFIX NAME")
    runs_path, peer_path, prefix, name = sys.argv[1:]
    configs, files, cell, expected = [], [], {}, {}
    with open(runs_path, newline="") as f:
        for r in csv.DictReader(f):
            if r["config"] not in configs:
                configs.append(r["config"])
            if r["file"] not in expected:
                files.append(r["file"])
                expected[r["file"]] = r["expected"]
            cell[(r["config"], r["file"])] = r
    peer = {}
    with open(peer_path, newline="") as f:
        rd = csv.DictReader(f)
        res = next(c for c in rd.fieldnames if c.endswith("_result"))
        sec = next(c for c in rd.fieldnames if c.endswith("_seconds"))
        for r in rd:
            peer[prefix + r["file"]] = (r[res], float(r[sec]))

    solved = {c: 0 for c in configs + [name]}
    wrong = {c: 0 for c in configs + [name]}
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
            if st in ("correct", "unchecked"):
                solved[c] += 1
            elif st == "wrong":
                wrong[c] += 1
            word = r["verdict"] if st in ("correct", "unchecked", "wrong") else st
            row.append("%s %.2f" % (word + (" (WRONG)" if st == "wrong" else ""),
                                    float(r["wall"])))
        p = peer.get(fl)
        if p is None:
            row.append("-")
        else:
            verdict, secs = p
            if verdict in ("safe", "unsafe"):
                if exp in ("safe", "unsafe") and verdict != exp:
                    wrong[name] += 1
                    verdict += " (WRONG)"
                else:
                    solved[name] += 1
            row.append("%s %.2f" % (verdict, secs))
        lines.append("| %s | %s | %s |" % (fl, exp, " | ".join(row)))
    with_peer = sum(1 for fl in files if fl in peer)
    lines.append("| **solved** (of %d; %s: of the %d with a result) | | %s |"
                 % (len(files), name, with_peer,
                    " | ".join(str(solved[c]) for c in configs + [name])))
    lines.append("| **wrong** | | %s |"
                 % " | ".join(str(wrong[c]) for c in configs + [name]))
    lines.append("")
    lines.append("Cells: the answer (or timeout, unknown, error, memout) and "
                 "the wall time in seconds; %s's are recorded, not measured "
                 "in this run (see the README beside its CSV)." % name)
    print("\n".join(lines))


if __name__ == "__main__":
    main()
