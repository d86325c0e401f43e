#!/usr/bin/env python3
"""phases.py RUNS_CSV [chc|c [SHARED]] -- where car's time goes, per
category of a corpus, as a markdown table.

RUNS_CSV is car-bench's runs.csv with car's --stats columns (time_parse,
time_pre, time_abstract, time_etc, time_refine, time_bmc, time_cert,
time_total, z3_calls, iterations: filled for the car configurations, whose
presets pass --stats).  With `chc` or `c`, files are grouped by the
categories of bench/suites/categories.py (SHARED as there); without, there
is one group, "all" (also the last row of every configuration).

One row per car configuration and category: the solved files (status
correct or unchecked) whose run has time_total > 0, then, per phase, the
median over those files of the phase's share of time_total (percent);
"other" is time_total minus the phases (output, set-up); then the median
time_total, z3 calls and iterations.
"""
import csv
import os
import statistics
import sys

PHASES = ["parse", "pre", "abstract", "etc", "refine", "bmc", "cert"]


def main():
    if len(sys.argv) < 2 or (len(sys.argv) > 2 and sys.argv[2] not in ("chc", "c")):
        sys.exit(__doc__.strip().splitlines()[0])
    configs, runs = [], []
    with open(sys.argv[1], newline="") as f:
        for r in csv.DictReader(f):
            if r.get("time_total"):
                if r["config"] not in configs:
                    configs.append(r["config"])
                runs.append(r)
    cats, order = {}, []
    if len(sys.argv) > 2:
        sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
        import categories
        shared = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
            os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
            "shared", "benchmarks")
        get = categories.chc_categories if sys.argv[2] == "chc" \
            else categories.c_categories
        cats, order = get(shared)
    head = ["config", "category", "solved"] + [f"{p} %" for p in PHASES] + \
        ["other %", "median total (s)", "median z3 calls", "median iterations"]
    print("| " + " | ".join(head) + " |")
    print("|---|---|" + "--:|" * (len(head) - 2))
    for c in configs:
        for cat in order + ["all"]:
            rs = [r for r in runs if r["config"] == c
                  and r["status"] in ("correct", "unchecked")
                  and float(r["time_total"]) > 0
                  and (cat == "all" or cat in cats.get(r["file"], []))]
            if not rs:
                continue
            row = [c, cat, str(len(rs))]
            for p in PHASES + ["other"]:
                shares = []
                for r in rs:
                    tot = float(r["time_total"])
                    if p == "other":
                        v = tot - sum(float(r.get(f"time_{q}") or 0) for q in PHASES)
                    else:
                        v = float(r.get(f"time_{p}") or 0)
                    shares.append(100 * max(v, 0) / tot)
                row.append(f"{statistics.median(shares):.1f}")
            row.append(f"{statistics.median(float(r['time_total']) for r in rs):.2f}")
            for k in ("z3_calls", "iterations"):
                vs = [float(r[k]) for r in rs if r.get(k)]
                row.append(f"{statistics.median(vs):.0f}" if vs else "-")
            print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
