#!/bin/bash
# witness.sh -- what a verification user expects of C output (issue 13):
#
#   bash tests/witness.sh CAR        (run from anywhere)
#
#  1. `car --cex` on C programs with loops prints exactly tests/cex/NAME.out
#     for tests/c/NAME.c (values on every line, inside loop iterations too;
#     the programs have one failing path, so the output is deterministic),
#     and the example of docs/c.md is that output;
#  2. `--format=json --cex`: each source line has a real column, its
#     function, and its values as an object {"x": 3};
#  3. `--invariant` on C names the program's variables (no SSA names like
#     s'1 or x$12) and each relation by its source location ("loop at line
#     7 in main: ..."), with the in-state as \old(x) and the return as
#     \result (tests/c_inv.sh checks the format in depth);
#     the JSON invariants carry the same text as "c";
#  4. `--witness=FILE` (SV-COMP format 2.0): for safe programs an
#     invariant_set whose loop invariants hold on gcc runs, for unsafe ones
#     a violation_sequence whose target is the failing call, both checked
#     by tests/witness_check.py (structure against the schema's required
#     fields, and meaning); a tampered invariant or target is rejected (the
#     checker is not vacuous); no witness for non-C input or `unknown`;
#     for preprocessed files (.i, tests/witness/) positions are the input's
#     physical lines, not those its line markers name.
# Prints "FAIL: ..." lines, then "N passed, N failed"; exits 1 on failure.
# Environment: WITNESS_RUNS (gcc runs per correctness witness, default 30).

CAR=${1:?usage: bash tests/witness.sh CAR}
case $CAR in
  */*) CAR=$(cd "$(dirname "$CAR")" && pwd)/$(basename "$CAR") ;;
esac
cd "$(dirname "$0")/.." || exit 1
RUNS=${WITNESS_RUNS:-30}
pass=0; fail=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# --- 1. exact counterexamples ------------------------------------------------
for want in tests/cex/*.out; do
  f=tests/c/$(basename "$want" .out).c
  timeout 120 "$CAR" --timeout=60 --cex "$f" >"$TMP/out" 2>"$TMP/err"
  if cmp -s "$want" "$TMP/out"; then ok; else
    bad "--cex $f differs from $want:"; diff "$want" "$TMP/out" | head -10; fi
done

# the example of docs/c.md is the binary's output
f=tests/c/error_in_callee_unsafe.c
awk -v cmd="\$ car --cex $f" '$0 == cmd { on = 1; next } on && /^```/ { exit } on { print }' \
  docs/c.md >"$TMP/doc"
if [ -s "$TMP/doc" ] && cmp -s "$TMP/doc" tests/cex/error_in_callee_unsafe.out; then ok; else
  bad "docs/c.md's --cex example differs from the binary:"; diff "$TMP/doc" tests/cex/error_in_callee_unsafe.out | head -5; fi

# --- 2. JSON counterexample lines --------------------------------------------
f=tests/c/while_unsafe.c
timeout 120 "$CAR" --timeout=60 --format=json --cex "$f" >"$TMP/json" 2>"$TMP/err"
if python3 - "$TMP/json" <<'EOF' 2>"$TMP/py"; then ok; else bad "json --cex $f: $(tail -1 "$TMP/py")"; fi
import json, sys
o = json.load(open(sys.argv[1]))
src = o["cex"]["source"]
assert src, "no source lines"
for s in src:
    assert isinstance(s["values"], dict), s
    assert s["function"] == "main", s
    line, col = s["pos"].split(":")[1:]
    text = open("tests/c/while_unsafe.c").read().split("\n")[int(line) - 1]
    assert 1 <= int(col) <= len(text) and text[int(col) - 1] != " ", s
first = src[0]
assert first["values"] == {"__VERIFIER_nondet_int()": first["values"]["n"],
                           "n": first["values"]["n"]}, first
assert first["pos"] == "tests/c/while_unsafe.c:6:7", first["pos"]
# inside the loop: i += 2 shows the new i
body = [s for s in src if s["text"] == "i += 2;"]
assert body and all(isinstance(s["values"]["i"], int) for s in body), body
EOF

# --- 3. invariants over C names ----------------------------------------------
f=tests/c/for_safe.c
timeout 120 "$CAR" --timeout=60 --invariant "$f" >"$TMP/inv" 2>"$TMP/err"
if grep -q '^loop at line 7 in main: .*s == 2\*i' "$TMP/inv"; then ok; else
  bad "--invariant $f: no 'loop at line 7 in main: ... s == 2*i': $(head -c 400 "$TMP/inv")"; fi
if sed 's|/\*.*\*/||' "$TMP/inv" | grep -q "[a-z]'[0-9]\|\\$[0-9]"; then
  bad "--invariant $f: SSA names left: $(grep "[a-z]'[0-9]" "$TMP/inv" | head -2)"; else ok; fi
f=examples/rational_fixed.c
timeout 120 "$CAR" --timeout=60 --invariant "$f" >"$TMP/inv" 2>"$TMP/err"
if grep -qxF 'function new_Rat (line 20) returns: \old(nobjs) == nobjs - 1 && \old(nobjs) == \result' "$TMP/inv"; then ok; else
  bad "--invariant $f: new_Rat not over \\old(nobjs), nobjs, \\result: $(grep new_Rat "$TMP/inv")"; fi
timeout 120 "$CAR" --timeout=60 --format=json --invariant tests/c/for_safe.c >"$TMP/json" 2>"$TMP/err"
if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
c = {i["rel"]: i["c"] for i in o["invariants"]}
assert c["I_main$loop1"].startswith("loop at line 7 in main: "), c
' "$TMP/json" 2>"$TMP/py"; then ok; else bad "json --invariant: $(tail -1 "$TMP/py")"; fi

# --- 4. witnesses -------------------------------------------------------------
SAFE="tests/c/for_safe.c tests/c/while_safe.c tests/c/globals_loop_safe.c
  tests/c/parity_loop_safe.c tests/c/unsigned_loop_safe.c tests/c/do_safe.c
  tests/c/loop_conj_safe.c examples/rational_fixed.c
  tests/witness/loop_markers_safe.i"
UNSAFE="tests/c/while_unsafe.c tests/c/for_unsafe.c tests/c/loop_nested_unsafe.c
  tests/c/error_in_callee_unsafe.c examples/rational_bug.c
  tests/witness/loop_markers_unsafe.i tests/c/glibc_assert_unsafe.i
  tests/c/glibc_assert_nomarkers_unsafe.i tests/c/nondet_u64_big_unsafe.c"
for f in $SAFE $UNSAFE; do
  want=unsafe
  case $f in *_safe.[ci]|*_fixed.c) want=safe ;; esac
  w=$TMP/$(basename "$f" .c).yml   # x.c -> x.yml, x.i -> x.i.yml
  v=$(timeout 120 "$CAR" --timeout=60 --witness="$w" "$f" 2>"$TMP/err" | head -1)
  if [ "$v" != "$want" ]; then bad "--witness $f: verdict '$v', expected $want"; continue; fi
  if [ ! -s "$w" ]; then bad "--witness $f: no witness written"; continue; fi
  kind=$([ $want = safe ] && echo invariant_set || echo violation_sequence)
  if grep -q "^- entry_type: $kind\$" "$w"; then ok; else bad "--witness $f: not a $kind"; fi
  if python3 tests/witness_check.py --runs "$RUNS" "$w" "$f" >"$TMP/chk" 2>&1; then ok; else
    bad "--witness $f: $(head -3 "$TMP/chk")"; fi
done
# the certified loop invariant of for_safe.c, as a C expression
if grep -q 'value: ".*(long long)s == 2LL\*(long long)i' "$TMP/for_safe.yml"; then ok; else
  bad "for_safe.c witness: no 's == 2*i' invariant: $(grep value "$TMP/for_safe.yml" | head -2)"; fi
# violation waypoints: the nondet input, the call into check, the target
w=$TMP/error_in_callee_unsafe.yml
if python3 - "$w" <<'EOF' 2>"$TMP/py"; then ok; else bad "error_in_callee witness: $(tail -1 "$TMP/py")"; fi
import re, sys
t = open(sys.argv[1]).read()
types = re.findall(r'^ +type: (\w+)', t, re.M)
assert types == ['assumption', 'function_enter', 'target'], types
assert 'value: "x == 6"' in t, t
lines = re.findall(r'line: (\d+)', t)
assert lines == ['10', '11', '6'], lines
EOF
# a 64-bit unsigned input beyond 2^63 is an unsigned constant
if grep -q 'value: "y == 18446744073709551611ULL"' "$TMP/nondet_u64_big_unsafe.yml"; then ok; else
  bad "nondet_u64_big_unsafe witness: $(grep value "$TMP/nondet_u64_big_unsafe.yml" | head -2)"; fi
# a preprocessed file: the loop at its physical line 12 (logical 8)
if grep -q '^          line: 12$' "$TMP/loop_markers_safe.i.yml"; then ok; else
  bad "loop_markers_safe.i witness: the loop is not at physical line 12"; fi
# the checker rejects a wrong invariant and a wrong target
sed 's/(long long)s == 2LL\*(long long)i/(long long)s == 3LL*(long long)i/' \
  "$TMP/for_safe.yml" >"$TMP/bad_inv.yml"
if python3 tests/witness_check.py --runs 20 "$TMP/bad_inv.yml" tests/c/for_safe.c >/dev/null 2>&1; then
  bad "witness_check.py accepts the invariant s == 3*i of for_safe.c"; else ok; fi
awk '/type: target/ { t = 1 } t && /line:/ { sub(/line: [0-9]+/, "line: 5"); t = 0 } { print }' \
  "$TMP/while_unsafe.yml" >"$TMP/bad_target.yml"
if python3 tests/witness_check.py "$TMP/bad_target.yml" tests/c/while_unsafe.c >/dev/null 2>&1; then
  bad "witness_check.py accepts a target that is no error call"; else ok; fi
grep -v 'specification:' "$TMP/while_unsafe.yml" >"$TMP/bad_meta.yml"
if python3 tests/witness_check.py "$TMP/bad_meta.yml" tests/c/while_unsafe.c >/dev/null 2>&1; then
  bad "witness_check.py accepts a witness without task.specification"; else ok; fi
# no witness: not C, or no verdict
rm -f "$TMP/none.yml"
v=$(timeout 60 "$CAR" --witness="$TMP/none.yml" examples/rational_bug.clp 2>"$TMP/err" | head -1)
if [ "$v" = unsafe ] && [ ! -e "$TMP/none.yml" ] && grep -q "only C input" "$TMP/err"; then ok; else
  bad "--witness on .clp: verdict '$v', file $([ -e "$TMP/none.yml" ] && echo written || echo absent), stderr $(head -c 200 "$TMP/err")"; fi
v=$(timeout 60 "$CAR" --timeout=0.001 --witness="$TMP/none.yml" tests/c/for_safe.c 2>/dev/null | head -1)
if [ "$v" = unknown ] && [ ! -e "$TMP/none.yml" ]; then ok; else
  bad "--witness after '$v': file $([ -e "$TMP/none.yml" ] && echo written || echo absent)"; fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
