#!/bin/bash
# engine_diff.sh -- differential test of car's engine against z3's Spacer on
# a fixed-seed sample of random CHC problems (tests/engine-diff/gen.py,
# run.py).  Fails on any disagreement or car internal error (the files are
# kept and named), and when fewer than a fifth of the problems are decided
# by both (the generator or a solver broke; on an idle machine about 3/4
# are, and the small problems take well under a second each, so the 10 s
# per run leave room for a loaded machine).  The reference is
# tests/oracle/z3horn, whose path ctest passes in CAR_Z3 (default
# build/tests/z3horn next to CAR).
# Usage: bash tests/engine_diff.sh /path/to/car   (from the repository root)
CAR=${1:?usage: engine_diff.sh CAR}
Z3=${CAR_Z3:-$(dirname "$CAR")/tests/z3horn}
COUNT=${ENGINE_DIFF_COUNT:-60}
if [ ! -x "$Z3" ]; then
  echo "FAIL: reference solver '$Z3' not found (build the z3horn target or set CAR_Z3)"
  exit 1
fi
keep=$(mktemp -d)
out=$(python3 tests/engine-diff/run.py --car "$CAR" --z3 "$Z3" --seed 1 \
        --count "$COUNT" --timeout 10 --keep "$keep" --quiet)
rc=$?
echo "$out"
summary=$(tail -n 1 <<<"$out")
agree=$(sed -n 's/.*: agree \([0-9]*\),.*/\1/p' <<<"$summary")
if [ $rc -ne 0 ]; then
  echo "FAIL: disagreement or internal error (files kept in $keep)"
  exit 1
fi
rm -rf "$keep"
if [ -z "$agree" ] || [ $((agree * 5)) -lt "$COUNT" ]; then
  echo "FAIL: only '${agree}' of $COUNT problems decided by both"
  exit 1
fi
echo "ok"
