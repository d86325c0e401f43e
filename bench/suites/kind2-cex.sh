#!/bin/bash
# kind2-cex.sh [CAR] -- manual check (too slow for the test suite: 6-40 s
# each alone, more under load): three kind2-chc-benchmarks files whose
# counterexamples once failed their certificate ("the rule does not hold for
# the values of MAIN": preprocessing's way back lost variables that occur
# nowhere in an inlined body, clp/pre_cex.c).  Each must answer unsat
# (unsafe, exit 10) with its derivation certified.  tests/clp/pre_unused_formal_unsafe.clp
# is the reduced regression test that runs in the suite.
# Environment: SHARED (default ../shared/benchmarks), TIMEOUT (default 300).
CAR=${1:-build/car}
data=${SHARED:-../shared/benchmarks}/chc/chc-comp25/kind2-chc-benchmarks/data
fail=0
for f in ILLINOIS_2_e2_876_000 MESI_3_e2_819_e7_1665_000 MOESI_2_e1_1753_e2_615_000; do
  t0=$(date +%s.%N)
  out=$("$CAR" --timeout="${TIMEOUT:-300}" "$data/$f.smt2" 2>&1)
  rc=$?
  t=$(echo "$(date +%s.%N) - $t0" | bc)
  if [ $rc -eq 10 ] && [ "$(head -n 1 <<<"$out")" = unsat ]; then
    printf 'ok   %s unsat (%.1f s)\n' "$f" "$t"
  else
    printf 'FAIL %s exit %d (%.1f s)\n%s\n' "$f" $rc "$t" "$out"
    fail=1
  fi
done
exit $fail
