#!/bin/bash
# pre.sh -- preprocessing (clp/pre.h, --pre): inlined, empty and dropped
# relations still get a model (checked: exact invariants, and model.sh
# validates the .smt2 ones with z3), counterexamples are translated back to
# the original relations (inlined ones are nodes of their own), --pre=off
# gives the same verdicts, --emit prints the rule set as written.
# Usage: bash tests/pre.sh /path/to/car   (from the repository root)
CAR=${1:?usage: pre.sh CAR}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
has() { grep -qxF -- "$2" "$1" && ok || bad "$3: no line '$2' in: $(head -c 600 "$1")"; }

# --- an unsafe .smt2 input: init and inc are inlined, the cex names them
f=tests/smt2/pre_inline_unsafe.smt2
"$CAR" -v --cex "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && ok || bad "$f: exit $rc, want 10"
has "$t/err" "car: preprocessed: 2 kept, 2 inlined, 0 empty, 0 dropped, 1 locals eliminated" "$f stats"
grep -q "^car: counterexample certificate checked" "$t/err" && ok ||
  bad "$f: the translated counterexample was not certified"
sed 's/  tests.*//' "$t/out" >"$t/tree"
has "$t/tree" "unsat" "$f"
has "$t/tree" "  inv(x=7)" "$f"
has "$t/tree" "        init(x=3)" "$f"
has "$t/tree" "      inc(x=3, y=5)" "$f"
has "$t/tree" "    inc(x=5, y=7)" "$f"
"$CAR" --pre=off "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && [ "$(head -n1 "$t/out")" = unsat ] && ok || bad "$f --pre=off: exit $rc"

# --- a safe .smt2 input: inlined, kept (local z), empty, dropped
f=tests/smt2/pre_inline_safe.smt2
"$CAR" -v --invariant --format=chc-comp "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "$f: exit $rc, want 0"
has "$t/err" "car: preprocessed: 3 kept, 2 inlined, 1 empty, 1 dropped, 0 locals eliminated" "$f stats"
has "$t/out" "sat" "$f"
has "$t/out" "  (define-fun init ((x!0 Int) (x!1 Int)) Bool (and (= x!0 0) (= x!1 10)))" "$f init"
has "$t/out" "  (define-fun dead ((x!0 Int)) Bool false)" "$f dead"
has "$t/out" "  (define-fun aux ((x!0 Int)) Bool true)" "$f aux"
n=$(grep -c '^  (define-fun ' "$t/out")
[ "$n" = 6 ] && ok || bad "$f: $n define-funs, want 6 (every relation)"
for r in init inv step mid dead aux; do
  grep -q "^  (define-fun $r " "$t/out" && ok || bad "$f: no model for $r"
done
"$CAR" --pre=off "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "$f --pre=off: exit $rc"

# --- .clp: nested inlining (Step into Inc into L), exact invariants
f=tests/clp/pre_nested_safe.clp
"$CAR" -v --invariant "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "$f: exit $rc, want 0"
has "$t/err" "car: preprocessed: 2 kept, 3 inlined, 1 empty, 1 dropped, 0 locals eliminated" "$f stats"
has "$t/out" "Init(x, y) := x = 0, y = 0" "$f"
has "$t/out" "Step(a, b) := a + 1 = b" "$f"
has "$t/out" "Inc(x, y, x1, y1) := x + 1 = x1, y + 1 = y1" "$f"
has "$t/out" "Dead(x) := false" "$f"
has "$t/out" "Unused(x) := true" "$f"
has "$t/out" "E := false" "$f"
"$CAR" --format=json --invariant "$f" >"$t/json" 2>/dev/null
if command -v python3 >/dev/null; then
  python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
names = [i["rel"] for i in d["invariants"]]
assert names == ["Init", "Step", "Inc", "L", "Dead", "Unused", "E"], names
' "$t/json" && ok || bad "$f: json invariants do not list every relation"
fi
f=tests/clp/pre_nested_unsafe.clp
"$CAR" --cex "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && ok || bad "$f: exit $rc, want 10"
sed 's/  tests.*//' "$t/out" >"$t/tree"
has "$t/tree" "    Inc(x=0, y=0, x1=1, y1=2)" "$f"
has "$t/tree" "      Step(a=0, b=1)" "$f"
has "$t/tree" "      Init(x=0, y=0)" "$f"
"$CAR" --format=json --cex "$f" >"$t/json" 2>/dev/null
grep -q '"rel":"Step"' "$t/json" && ok || bad "$f: json cex has no Step node"

# --- --emit prints the rule set as written; --pre is checked
"$CAR" --emit=clp tests/clp/pre_nested_safe.clp >"$t/out" 2>&1
grep -q '^Step(a, b) :-' "$t/out" && grep -q '^Dead(x) :-' "$t/out" && ok ||
  bad "--emit=clp: not the rule set as written: $(cat "$t/out")"
"$CAR" --pre=maybe tests/clp/pre_nested_safe.clp >/dev/null 2>"$t/err"; rc=$?
[ $rc -eq 2 ] && grep -q "pre" "$t/err" && ok || bad "--pre=maybe: exit $rc"
"$CAR" -v --pre=off tests/clp/pre_nested_safe.clp >/dev/null 2>"$t/err"
grep -q preprocessed "$t/err" && bad "--pre=off still preprocesses" || ok
"$CAR" -v --engine=dfs tests/clp/pre_nested_unsafe.clp >/dev/null 2>"$t/err"
grep -q preprocessed "$t/err" && bad "dfs preprocesses by default" || ok
"$CAR" -v --pre=on --engine=dfs --cex tests/clp/pre_nested_unsafe.clp >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && grep -q preprocessed "$t/err" && grep -q 'Step(a=0, b=1)' "$t/out" && ok ||
  bad "--pre=on --engine=dfs: exit $rc"

# --- the control split (clp/split.h): a VMT-style loop whose location is
# kept in two Bool arguments becomes one relation per location; the
# invariant and the counterexample are the original relation's
f=tests/smt2/pc_split_safe.smt2
"$CAR" -v --invariant "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "$f: exit $rc, want 0"
has "$t/err" "car: split: st into 4 relations over 2 Boolean arguments (6 transitions from 5 cases)" "$f split"
grep -q "^car: invariant certificate checked" "$t/err" && ok ||
  bad "$f: the translated invariant was not certified"
grep -q '^  (define-fun st ((x!0 Bool) (x!1 Bool) (x!2 Int) (x!3 Int) (x!4 Int)) Bool (or (and (not x!0) (not x!1)) ' "$t/out" && ok ||
  bad "$f: st's invariant is not a case on its location: $(cat "$t/out")"
"$CAR" -v --pre=off "$f" >"$t/out" 2>"$t/err"
grep -q "split:" "$t/err" && bad "--pre=off still splits" || ok
f=tests/smt2/pc_split_unsafe.smt2
"$CAR" -v --cex "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 10 ] && ok || bad "$f: exit $rc, want 10"
has "$t/err" "car: split: st into 4 relations over 2 Boolean arguments (6 transitions from 5 cases)" "$f split"
grep -q "^car: counterexample certificate checked" "$t/err" && ok ||
  bad "$f: the translated counterexample was not certified"
sed 's/  tests.*//' "$t/out" >"$t/tree"
has "$t/tree" "  st(x\$1=true, x\$2=true, x\$3=3, x\$4=7, x\$5=3)" "$f exit node"
has "$t/tree" "                  st(x\$1=false, x\$2=false, x\$3=0, x\$4=0, x\$5=3)" "$f entry node"
[ "$(grep -c ' st(' "$t/tree")" = 9 ] && ok || bad "$f: not 9 st nodes: $(cat "$t/tree")"
f=tests/smt2/bool_data_safe.smt2
"$CAR" -v "$f" >"$t/out" 2>"$t/err"; rc=$?
[ $rc -eq 0 ] && ok || bad "$f: exit $rc, want 0"
grep -q "split:" "$t/err" && bad "$f: a data Boolean was split" || ok

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
