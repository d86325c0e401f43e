#!/bin/bash
# saturate.sh -- explication saturates an inconsistent node (--saturate,
# off by default; refine/rfn_explicate.c): every value its body forces on its
# relation's atoms becomes a clause at once, so the same proof takes fewer
# iterations (fewer fixpoints) than lazy explication, with the same clauses.
# Usage: bash tests/saturate.sh /path/to/car   (from the repository root)
CAR=${1:?usage: saturate.sh CAR}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
stat() { sed -n "s/^$1: //p" "$2"; }

# six facts against twelve atoms: 22 iterations saturated, 35 lazily, the
# same 31 explicated clauses and Houdini's 3 predicates either way (the
# Houdini slice is counted; its run gets 60 CPU seconds, it needs 0.1)
f=tests/clp/facts_forced_safe.clp
for mode in saturate no-saturate; do
  "$CAR" --cores=1 --houdini=60 --stats --$mode --timeout=120 $f \
    >"$t/$mode.out" 2>"$t/$mode.err"; rc=$?
  [ $rc -eq 0 ] && [ "$(cat "$t/$mode.out")" = safe ] && ok ||
    bad "$f --$mode: exit $rc: $(head -3 "$t/$mode.out" "$t/$mode.err")"
done
[ "$(stat iterations "$t/saturate.err")" = 22 ] &&
  [ "$(stat iterations "$t/no-saturate.err")" = 35 ] && ok ||
  bad "$f: iterations $(stat iterations "$t/saturate.err") saturated, $(stat iterations "$t/no-saturate.err") lazily; want 22 and 35"
[ "$(stat explications "$t/saturate.err")" = 31 ] &&
  [ "$(stat explications "$t/no-saturate.err")" = 31 ] && ok ||
  bad "$f: explications $(stat explications "$t/saturate.err") and $(stat explications "$t/no-saturate.err"), want 31 both"

# the paper's Rational program keeps its 2 iterations and the predicates of
# its abstraction delta either way (tests/rational.sh checks them)
for mode in saturate no-saturate; do
  "$CAR" --cores=1 --pre=off --houdini=0 --stats --$mode examples/rational_fixed.clp \
    >"$t/r.out" 2>"$t/r.err"
  [ "$(head -n1 "$t/r.out")" = safe ] && [ "$(stat iterations "$t/r.err")" = 2 ] && ok ||
    bad "rational_fixed --$mode: $(head -n1 "$t/r.out"), iterations $(stat iterations "$t/r.err")"
done

echo "saturate.sh: $pass passed, $fail failed"
[ $fail -eq 0 ]
