#!/bin/bash
# houdini.sh -- predicate discovery (refine/rfn_houdini.c, --houdini): on
# loops whose trace interpolants diverge (one unrolling bound k <= i per
# iteration), the template and generalised candidates that Houdini proves
# inductive make car converge; with --houdini=0 the same runs hit the
# iteration limit.  Also: the -v progress line, --stats, option errors.
# Usage: bash tests/houdini.sh /path/to/car   (from the repository root)
CAR=${1:?usage: houdini.sh CAR}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
stat() { sed -n "s/^$1: //p" "$2"; }

# FILE MAX-ITERATIONS: solved within MAX with discovery (at least one atom
# discovered), iteration limit without it.  HOUDINI_NEGATIVE=0 leaves out
# the runs without it (the sanitizer pass, .ci/test.sh: 100 of this
# script's 130 s; their code is the loop's, run by every other test).
pair() {
  local f=$1 max=$2 rc it d
  "$CAR" --stats --max-iterations="$max" --timeout=120 "$f" >"$t/out" 2>"$t/err"; rc=$?
  it=$(stat iterations "$t/err"); d=$(stat discovered "$t/err")
  [ $rc -eq 0 ] && [ "$(head -n1 "$t/out")" = safe ] && ok ||
    bad "$f: exit $rc, want safe within $max iterations: $(cat "$t/out" "$t/err" | head -3)"
  [ -n "$d" ] && [ "$d" -gt 0 ] && ok || bad "$f: discovered '$d', want > 0"
  [ "${HOUDINI_NEGATIVE:-1}" = 0 ] && return
  "$CAR" --houdini=0 --stats --max-iterations="$max" --timeout=400 "$f" >"$t/out" 2>"$t/err"; rc=$?
  grep -qx "car: unknown: iteration limit" "$t/err" && ok ||
    bad "$f --houdini=0: want the iteration limit, got exit $rc: $(cat "$t/out" "$t/err" | head -3)"
  [ "$(stat discovered "$t/err")" = 0 ] && ok || bad "$f --houdini=0: discovered $(stat discovered "$t/err")"
}
pair tests/c/loop_conj_safe.c 25        # 0 <= i, 0 <= c
pair tests/c/unsigned_loop_safe.c 30    # i + k = n, n <= 1000001 (own literal)
pair tests/clp/loop_sum_safe.clp 25     # x + y = n
pair tests/c/diff_preserved_safe.c 30  # x + j = y + i (pairs of pairs)
pair tests/c/parity_loop_safe.c 25     # x mod 2 = 0 (a caller atom)
pair tests/c/for_safe.c 40             # s = 2*i (affine: rfn_affine.c)

# -v: one progress line per run, with its counts
"$CAR" -v tests/c/loop_conj_safe.c >"$t/out" 2>"$t/err"
grep -qE "^car: houdini: [0-9]+ candidates, [2-9] invariant, [2-9] new predicates, [0-9]+ queries, [0-9.]+s$" "$t/err" &&
  ok || bad "-v line: $(grep houdini "$t/err")"
"$CAR" -v --invariant tests/c/loop_conj_safe.c >"$t/out" 2>"$t/err"
grep -q "0 <= c" "$t/out" && ok || bad "invariant without 0 <= c: $(cat "$t/out")"

# unsafe programs are unaffected: the counterexample is still found
"$CAR" tests/c/unsigned_bounds_unsafe.c >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && ok || bad "unsigned_bounds_unsafe: exit $rc"

# option errors
for v in -1 x; do
  "$CAR" --houdini=$v tests/c/loop_conj_safe.c >"$t/out" 2>"$t/err"; rc=$?
  [ $rc -eq 2 ] && grep -q "^car: error: --houdini" "$t/err" && ok ||
    bad "--houdini=$v: exit $rc, $(cat "$t/err")"
done

echo "houdini.sh: $pass passed, $fail failed"
[ $fail -eq 0 ]
