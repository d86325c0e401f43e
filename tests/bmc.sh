#!/bin/bash
# bmc.sh -- bounded model checking beside refinement (etc/etc_bmc.c,
# --bmc): deep counterexamples of linear rule sets (and of rule sets
# linear up to calls of relations on no call cycle, unfolded in place) are
# found in a few iterations instead of one per unrolling, with the same
# certified counterexample; other non-linear rule sets and --no-bmc leave
# CAR alone.
# Usage: bash tests/bmc.sh /path/to/car   (from the repository root)
CAR=${1:?usage: bmc.sh CAR}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
stat() { sed -n "s/^$1: //p" "$2"; }

# chain12: 13 L instances; BMC finds it in a few iterations, refinement
# alone needs 23; both print the same counterexample.
f=tests/bmc/chain12_unsafe.clp
"$CAR" --stats --cex --timeout=120 $f >"$t/bmc" 2>"$t/e1"; rc=$?
[ $rc -eq 10 ] && [ "$(head -n1 "$t/bmc")" = unsafe ] && ok || bad "$f: exit $rc"
# (iteration 2 on an idle machine; BMC's time is a share of the run's, so
# a loaded machine may take a round or two more)
it=$(stat iterations "$t/e1")
[ -n "$it" ] && [ "$it" -le 8 ] && ok || bad "$f: iterations '$it', want <= 8 (2 when idle)"
[ "$(stat bmc-height "$t/e1")" -ge 12 ] && ok || bad "$f: bmc-height $(stat bmc-height "$t/e1"), want >= 12"
[ "$(grep -c 'L(i=' "$t/bmc")" = 13 ] && grep -q "^E  $f:6:1" "$t/bmc" && ok ||
  bad "$f: counterexample: $(cat "$t/bmc")"
# (23 iterations: the slice of 4 without Houdini, then 19 after the loop
# starts over with Houdini's 2 predicates; the slice is counted in
# iterations and Z3 calls, not timed, so the count does not depend on load;
# Houdini's run is given 60 CPU seconds, not 2: it takes 0.02, but its Z3
# queries have wall-clock deadlines, and on a loaded CI machine a run once
# found nothing (14 iterations, no restart); one core, as under ctest)
"$CAR" -v --cores=1 --houdini=60 --no-bmc --stats --cex --timeout=300 $f >"$t/car" 2>"$t/e2"; rc=$?
sl=$(sed -n 's/^car: iteration \([0-9]*\): no answer yet; starting over.*/\1/p' "$t/e2")
[ $rc -eq 10 ] && [ "$sl" = 4 ] &&
  [ "$(stat iterations "$t/e2")" = 23 ] && [ "$(stat bmc-height "$t/e2")" = 0 ] &&
  ok || bad "$f --no-bmc: exit $rc, iterations $(stat iterations "$t/e2"), slice '$sl'"
cmp -s "$t/bmc" "$t/car" && ok || bad "$f: counterexamples differ: $(diff "$t/bmc" "$t/car")"

# a C loop of 200 iterations: unsafe with the error line marked
f=tests/bmc/loop_c_unsafe.c
"$CAR" --stats --cex --timeout=120 $f >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && [ "$(head -n1 "$t/out")" = unsafe ] && ok || bad "$f: exit $rc $(head -3 "$t/err")"
it=$(stat iterations "$t/err")
[ -n "$it" ] && [ "$it" -lt 100 ] && ok || bad "$f: iterations '$it', want < 100"
grep -q "^$f:6: .*<- error$" "$t/out" && ok ||
  bad "$f: counterexample: $(head -5 "$t/out"; tail -5 "$t/out")"

# safe: the heights BMC refuted are reported, the verdict is CAR's
f=tests/bmc/loop_c_safe.c
"$CAR" --stats --timeout=120 $f >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && [ "$(head -n1 "$t/out")" = safe ] && ok || bad "$f: exit $rc"
h=$(stat bmc-height "$t/err")
[ -n "$h" ] && [ "$h" -gt 0 ] && ok || bad "$f: bmc-height '$h', want > 0"

# linear up to calls of relations on no call cycle (a Lustre node's step
# called by the main loop): BMC unfolds Step and its two Sat calls in
# place and refutes the heights below the counterexample's (bmc-height 20
# when idle; 0 when BMC does not take the rule set).  Which of the two
# finds the chain is a race: BMC has 30% of refinement's CPU time,
# refinement alone needs 86 cheap iterations (--no-bmc, whatever the
# load), and BMC's height 21 comes at iteration 64 on an idle machine; on
# a loaded one (two CPU hogs beside it) refinement won at 86 with BMC at
# height 19 or 20, its rounds' wall-clock caps cut by the load
f=tests/bmc/node_step_unsafe.clp
"$CAR" --stats --cex --timeout=120 $f >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && [ "$(head -n1 "$t/out")" = unsafe ] && ok || bad "$f: exit $rc $(head -3 "$t/err")"
it=$(stat iterations "$t/err")
[ -n "$it" ] && [ "$it" -le 86 ] && [ "$(stat bmc-height "$t/err")" -ge 10 ] && ok ||
  bad "$f: iterations '$it', bmc-height $(stat bmc-height "$t/err"), want <= 86 and >= 10"
[ "$(grep -c ' Step(' "$t/out")" = 20 ] && [ "$(grep -c ' Sat(' "$t/out")" = 40 ] &&
  grep -q "^  Main(a=20, b=40)  $f:11:1" "$t/out" &&
  grep -q "^      Sat(x=38, y=39)  $f:8:1" "$t/out" && ok ||
  bad "$f: counterexample: $(head -8 "$t/out")"
f=tests/bmc/node_step_safe.clp
"$CAR" --stats --timeout=120 $f >"$t/out" 2>"$t/err"; rc=$?
h=$(stat bmc-height "$t/err")
[ $rc -eq 0 ] && [ "$(head -n1 "$t/out")" = safe ] && [ -n "$h" ] && [ "$h" -gt 0 ] &&
  ok || bad "$f: exit $rc, bmc-height '$h'"

# a non-linear rule set (Outer calls Outer and Inner): no BMC
f=tests/clp/deep_nested_unsafe.clp
"$CAR" --stats --max-iterations=3 --timeout=60 $f >"$t/out" 2>"$t/err"
[ "$(stat bmc-height "$t/err")" = 0 ] && [ "$(stat time-bmc "$t/err")" = 0.000 ] && ok ||
  bad "$f: bmc-height $(stat bmc-height "$t/err")"

echo "bmc.sh: $pass passed, $fail failed"
[ $fail -eq 0 ]
