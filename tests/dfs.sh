#!/bin/bash
# The depth-first baseline engine (--engine=dfs).
#
#   bash tests/dfs.sh CAR        (run from anywhere)
#
# Checks that dfs finds real counterexamples (also ones that need
# backtracking and deep recursion), respects its depth and unfolding bounds,
# never answers safe, and never contradicts an `% expect:` annotation of the
# .clp suite.  Prints one line per failure, then "N passed, N failed";
# exits 1 on failure.

CAR=${1:?usage: bash tests/dfs.sh CAR}
. "$(dirname "$0")/lib/cli.sh"

# run ARGS...: car --engine=dfs ARGS (120 s wall limit); $rc, $OUT, $ERR.
run() {
  timeout 120 "$CAR" --engine=dfs "$@" >"$OUT" 2>"$ERR"
  rc=$?
}
# expect NAME CODE VERDICT: exit code and first stdout line of the last run.
expect() {
  local v; v=$(head -1 "$OUT")
  if [ "$rc" -eq "$2" ] && [ "$v" = "$3" ]; then ok; else
    bad "$1: exit $rc '$v', expected $2 '$3' ($(head -c 300 "$ERR"))"; fi
}
# query NAME TEXT: writes TEXT to $TMP/NAME.clp.
query() { printf '%s\n' "$2" > "$TMP/$1.clp"; }

# --- the paper's Rational example ----------------------------------------
run --cex --stats examples/rational_bug.clp
expect "rational_bug" 10 unsafe
expect_grep "rational_bug cex reaches Etrunc" "$OUT" '^ +Etrunc\(this='
expect_grep "rational_bug cex d[this] = 0" "$OUT" '^ +Etrunc\('
expect_grep "rational_bug stats paths" "$ERR" '^paths: [1-9]'

# Fixed: the loop runs 100,000 times; dfs unfolds it one level at a time.
run examples/rational_fixed.clp
expect "rational_fixed default bound" 20 unknown
expect_grep "rational_fixed reason names the bound" "$ERR" \
  '^car: unknown: dfs bound reached .*depth 200'
run --dfs-depth=1000 --dfs-nodes=300 examples/rational_fixed.clp
expect "rational_fixed node bound" 20 unknown
expect_grep "rational_fixed node bound reason" "$ERR" \
  '^car: unknown: dfs bound reached .*300 unfoldings'

# The bug needs 5 unfoldings: Emain, TreadInt x2, TRat, Eloop, Etrunc.
run --dfs-nodes=4 examples/rational_bug.clp
expect "rational_bug 4 unfoldings" 20 unknown
run --dfs-nodes=5 examples/rational_bug.clp
expect "rational_bug 5 unfoldings" 10 unsafe
# Etrunc is at derivation depth 2: Emain -> Eloop -> Etrunc.
run --dfs-depth=1 examples/rational_bug.clp
expect "rational_bug depth 1" 20 unknown
expect_grep "rational_bug depth 1 reason" "$ERR" 'depth 1'
run --dfs-depth=2 examples/rational_bug.clp
expect "rational_bug depth 2" 10 unsafe

# --- backtracking over disjuncts -----------------------------------------
query third_clause 'goal E.
P(x) :- x = 1.
P(x) :- x = 2.
P(x) :- x = 5.
E :- P(x), x >= 5.'
run --cex $TMP/third_clause.clp
expect "third clause" 10 unsafe
expect_grep "third clause cex value" "$OUT" '^  P\([^=]+=5\)'

query nested_or 'goal E.
E :- (x = 1 ; x = 2), (y = x + 10 ; y = x + 20), y = 22.'
run --cex $TMP/nested_or.clp
expect "nested disjunctions" 10 unsafe

# Left-recursive counter: the bug is 40 unfoldings deep and every shallower
# derivation fails only after it is complete.
query counter 'goal E.
L(i) :- i = 0.
L(i) :- L(j), i = j + 1.
E :- L(i), i = 40.'
run --cex $TMP/counter.clp
expect "counter to 40" 10 unsafe
n=$(grep -c '^ *L(' "$OUT")
if [ "$n" -eq 41 ]; then ok; else bad "counter: $n L instances, expected 41"; fi
run --dfs-depth=30 $TMP/counter.clp
expect "counter depth 30" 20 unknown

# --- no counterexample: never safe ----------------------------------------
query infeasible 'goal E.
P(x) :- x = 1 ; x = 2.
E :- P(x), x > 2.'
run $TMP/infeasible.clp
expect "exhausted" 20 unknown
expect_grep "exhausted reason" "$ERR" 'search space exhausted'
query empty_rel 'goal E.
rel Q(int).
E :- Q(x).'
run $TMP/empty_rel.clp
expect "empty relation" 20 unknown

# --- uninterpreted predicates and arrays ----------------------------------
query arrays 'goal E.
pred good(int).
W(a, i, b) :- b = store(a, i, 7).
E :- good(k), W(a, k, b), select(b, k) != select(a, k).'
run --cex $TMP/arrays.clp
expect "arrays + predicate" 10 unsafe
expect_grep "arrays cex interpretation" "$OUT" '^fun good: '

# --- agreement with the annotated suite ------------------------------------
# dfs must never say safe, and never unsafe on a query annotated safe.
shopt -s nullglob
for f in tests/clp/*.clp examples/*.clp; do
  exp=$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)
  [ -z "$exp" ] && continue
  run --timeout=3 --dfs-depth=40 --dfs-nodes=150 "$f"
  v=$(head -1 "$OUT")
  case "$exp:$v:$rc" in
    *:unknown:20 | unsafe:unsafe:10) ok ;;
    *) bad "suite $f: dfs says '$v' (exit $rc), expected $exp or unknown" ;;
  esac
done

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
