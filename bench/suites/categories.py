#!/usr/bin/env python3
"""categories.py RUNS_CSV {chc|c} [SHARED] -- car-bench's results per
category of a shared corpus, as a markdown table (issue 17's breakdown).

RUNS_CSV is car-bench's runs.csv (config,file,expected,verdict,status,wall,
...) of bench/suites/chc.sh or c.sh; SHARED is ../shared/benchmarks (the
default is the one beside the repository).  A file may be in several
categories (a tiny loop is also linear):

  chc: "LIA linear", "LIA non-linear", "arrays" from the `category` column
       of chc/index.csv (LIA-Lin; LIA; LIA-Arrays and LIA-Lin-Arrays),
       "tiny loops" = extra-small-lia/, "deep unsafe" = the unsat files of
       vmt-chc-benchmarks/lustre and kind2-chc-benchmarks;
  c:   "arrays", "recursion", "pointers", "unsigned / long / casts" from the
       feature columns of c/meta.csv, "code2inv", and "loops" (every other
       file with a loop).

Per category and configuration: solved (car-bench's status `correct`:
safe/unsafe equal to the expected answer, or any where it is unknown),
wrong, and the median wall time over the files of the category that every
configuration solves, with the ratio of each configuration's median to the
first configuration's.
"""
import csv
import os
import statistics
import sys


def read_runs(path):
    configs, runs = [], {}
    with open(path, newline="") as f:
        for r in csv.DictReader(f):
            if r["config"] not in configs:
                configs.append(r["config"])
            runs[(r["config"], r["file"])] = r
    return configs, runs


def chc_categories(shared):
    cats = {}
    exp = {}
    with open(os.path.join(shared, "chc", "expected.csv"), newline="") as f:
        for r in csv.DictReader(f):
            exp[r["file"]] = r["expected"]
    names = {"LIA-Lin": ["LIA linear"], "LIA": ["LIA non-linear"],
             "LIA-Arrays": ["arrays"], "LIA-Lin-Arrays": ["arrays"]}
    with open(os.path.join(shared, "chc", "index.csv"), newline="") as f:
        for r in csv.DictReader(f):
            c = list(names.get(r["category"], [r["category"]]))
            p = r["file"]
            if "/extra-small-lia/" in p:
                c.append("tiny loops")
            if ("/vmt-chc-benchmarks/lustre/" in p or "/kind2-chc-benchmarks/" in p) \
                    and exp.get(p) == "unsat":
                c.append("deep unsafe")
            cats[p] = c
    order = ["LIA linear", "LIA non-linear", "arrays", "tiny loops", "deep unsafe"]
    return cats, order


def c_categories(shared):
    cats = {}
    with open(os.path.join(shared, "c", "meta.csv"), newline="") as f:
        for r in csv.DictReader(f):
            c = []
            if r["arrays"] == "1" or r["multidim_arrays"] == "1":
                c.append("arrays")
            if r["recursion"] == "1":
                c.append("recursion")
            if r["pointers"] == "1" or r["structs"] == "1":
                c.append("pointers / structs")
            if "1" in (r["unsigned"], r["long"], r["char_short"], r["casts"]):
                c.append("unsigned / long / casts")
            if r["category"] == "code2inv":
                c.append("code2inv")
            elif not c and r["n_loops"] not in ("", "0"):
                c.append("other loops")
            elif not c:
                c.append("other")
            cats[r["file"]] = c
    order = ["arrays", "recursion", "pointers / structs",
             "unsigned / long / casts", "code2inv", "other loops", "other"]
    return cats, order


def main():
    if len(sys.argv) < 3 or sys.argv[2] not in ("chc", "c"):
        sys.exit(__doc__.strip().splitlines()[0])
    shared = sys.argv[3] if len(sys.argv) > 3 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
        "shared", "benchmarks")
    configs, runs = read_runs(sys.argv[1])
    cats, order = (chc_categories if sys.argv[2] == "chc" else c_categories)(shared)
    files = sorted({f for (_, f) in runs})
    head = ["category", "files"]
    for c in configs:
        head += [f"{c} solved", f"{c} wrong"]
    head += ["solved by all"] + [f"{c} median (s)" for c in configs]
    head += [f"{c} / {configs[0]}" for c in configs[1:]]
    print("| " + " | ".join(head) + " |")
    print("|---|" + "--:|" * (len(head) - 1))
    for cat in order + ["all"]:
        fs = [f for f in files if cat == "all" or cat in cats.get(f, [])]
        if not fs:
            continue
        row = [cat, str(len(fs))]
        for c in configs:
            rs = [runs.get((c, f)) for f in fs]
            row.append(str(sum(1 for r in rs if r and r["status"] == "correct")))
            row.append(str(sum(1 for r in rs if r and r["status"] == "wrong")))
        common = [f for f in fs
                  if all(runs.get((c, f), {}).get("status") == "correct" for c in configs)]
        row.append(str(len(common)))
        meds = []
        for c in configs:
            if common:
                meds.append(statistics.median(float(runs[(c, f)]["wall"]) for f in common))
                row.append(f"{meds[-1]:.2f}")
            else:
                row.append("-")
        for i in range(1, len(configs)):
            row.append(f"{meds[i] / meds[0]:.2f}" if common and meds[0] > 0 else "-")
        print("| " + " | ".join(row) + " |")


if __name__ == "__main__":
    main()
