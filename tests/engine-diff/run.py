#!/usr/bin/env python3
"""run.py -- differential testing of car's engine against z3's Spacer on
random CHC problems (gen.py).

For each seed SEED..SEED+COUNT-1 the problem is solved by car and by the
reference (tests/oracle/z3horn, a libz3 program; or a z3 binary) with the
same timeout.  Outcomes:
  agree        both answered and the answers match (safe = sat, unsafe = unsat)
  car unknown  car answered unknown (a limit; or, legitimately, a goal
               derivable only through a division by zero: docs/clp.md)
  z3 unknown   car answered, z3 did not
  rejected     car refused the input (exit 1: e.g. a product it cannot read)
  DISAGREE     both answered, differently: a bug in one of them
  INTERNAL     car exit 3 (a certificate check failed) or a crash
A DISAGREE or INTERNAL file is kept in --keep DIR (default: a temporary
directory, printed) for a decision by hand; the exit status is 1 then.

  python3 run.py --car build/car --z3 build/tests/z3horn --seed 1 --count 100
Python 3 standard library only.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def run(cmd, timeout):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=timeout, universal_newlines=True)
        return p.returncode, p.stdout, p.stderr
    except subprocess.TimeoutExpired:
        return None, "", "killed after %s s" % timeout


def car_answer(car, path, t):
    rc, out, err = run([car, "--format=chc-comp", "--timeout=%g" % t, path], 2 * t + 10)
    first = out.split("\n", 1)[0].strip()
    if rc == 0 and first == "sat":
        return "sat", err
    if rc == 10 and first == "unsat":
        return "unsat", err
    if rc == 20 or rc is None:
        return "unknown", err
    if rc == 1:
        return "rejected", err
    return "internal", "exit %s: %s%s" % (rc, out, err)


def z3_answer(z3, path, t):
    if os.path.basename(z3).startswith("z3horn"):
        cmd = [z3, "-t", "%g" % t, path]
    else:
        cmd = [z3, "-T:%d" % max(1, int(t + 0.999)), path]
    rc, out, err = run(cmd, 2 * t + 10)
    first = out.split("\n", 1)[0].strip()
    return first if first in ("sat", "unsat") else "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--car", default="build/car")
    ap.add_argument("--z3", default=os.environ.get("CAR_Z3", "build/tests/z3horn"),
                    help="z3horn or a z3 binary (default: $CAR_Z3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--count", type=int, default=100)
    ap.add_argument("--timeout", type=float, default=5, help="seconds per solver run")
    ap.add_argument("--keep", help="directory for DISAGREE/INTERNAL files")
    ap.add_argument("--quiet", action="store_true", help="only the summary")
    a = ap.parse_args()
    for prog in (a.car, a.z3):
        if not shutil.which(prog) and not os.access(prog, os.X_OK):
            sys.exit("run.py: %s not found or not executable" % prog)
    tmp = tempfile.mkdtemp(prefix="engine-diff.")
    keep = a.keep or tempfile.mkdtemp(prefix="engine-diff-keep.")
    os.makedirs(keep, exist_ok=True)
    counts = {}
    bad = 0
    t0 = time.time()
    try:
        for seed in range(a.seed, a.seed + a.count):
            path = os.path.join(tmp, "p%d.smt2" % seed)
            with open(path, "w") as f:
                f.write(gen.Gen(seed).problem())
            c, cerr = car_answer(a.car, path, a.timeout)
            z = z3_answer(a.z3, path, a.timeout)
            if c in ("sat", "unsat") and z in ("sat", "unsat"):
                kind = "agree" if c == z else "DISAGREE"
            elif c == "internal":
                kind = "INTERNAL"
            elif c in ("unknown", "rejected"):
                kind = "car " + c
            else:
                kind = "z3 unknown"
            counts[kind] = counts.get(kind, 0) + 1
            if kind in ("DISAGREE", "INTERNAL"):
                bad += 1
                dst = os.path.join(keep, "seed%d.smt2" % seed)
                shutil.copy(path, dst)
                print("%s seed %d: car %s, z3 %s (kept %s)%s" %
                      (kind, seed, c, z, dst,
                       "\n  " + cerr.strip().replace("\n", "\n  ") if kind == "INTERNAL" else ""))
            elif not a.quiet:
                print("%-11s seed %d: car %s, z3 %s" % (kind, seed, c, z))
            sys.stdout.flush()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if not a.keep and not bad:
            shutil.rmtree(keep, ignore_errors=True)
    order = ["agree", "car unknown", "car rejected", "z3 unknown", "DISAGREE", "INTERNAL"]
    print("%d problems (seeds %d..%d, timeout %g s, %.0f s): %s" %
          (a.count, a.seed, a.seed + a.count - 1, a.timeout, time.time() - t0,
           ", ".join("%s %d" % (k, counts.get(k, 0)) for k in order)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
