#!/bin/bash
# c_inv.sh -- the invariants `car --invariant` prints for C input (issue
# 30; format: docs/c.md, "Invariants"):
#
#   bash tests/c_inv.sh CAR        (from the repository root)
#
#  1. examples/rational_fixed.c prints exactly the lines below (relations
#     named by source location, trivial ones left out, simplified), and
#     the example of docs/c.md is the binary's output;
#  2. on safe C inputs of tests/ (car's engine, and the summary encoding of
#     loops), and when ../shared/benchmarks/c exists on a sample of its safe
#     programs (car's engine) and on C array programs with the indexed
#     engine's quantified invariants (the predicates of tests/indexed/c),
#     every printed invariant passes tests/c_inv_check.py: gcc compiles it
#     (ACSL's \old, \result, \forall, ==> mapped mechanically to C, as
#     documented there) with precedence warnings as errors, and no
#     conjunction holds two upper / two lower bounds on one linear term;
#  3. the checker is not vacuous: `!i <= x - 1` and `x <= 3 && x <= 4` fail.
# Prints "FAIL: ..." lines, then "N passed, N failed"; exits 1 on failure,
# 77 when ../shared is absent (its part skipped, the rest passed).
CAR=${1:?usage: bash tests/c_inv.sh CAR}
case $CAR in
  */*) CAR=$(cd "$(dirname "$CAR")" && pwd)/$(basename "$CAR") ;;
esac
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
SHARED=${SHARED:-../shared/benchmarks}
# the runs that must answer safe: C_TIMEOUT s each (CI's sanitizer pass
# sets 180); they take 0.4 to 6 s alone in a normal build
T=${C_TIMEOUT:-120}

# --- 1. the exact invariant of the CAR paper's Rational program ----------
cat >"$t/want" <<'EOF'
safe
function new_Rat (line 20) returns: \old(nobjs) == nobjs - 1 && \old(nobjs) == \result
function Rat (line 22) returns: {\old(num) \with [\old(this)] = \old(x)} == num && {\old(den) \with [\old(this)] = \old(y)} == den && {\old(isInt) \with [\old(this)] = (\old(y) == 1 ? 1 : 0)} == isInt
an error is reachable from a call of trunc (line 28) only if: den[this] == 0
function trunc (line 28) returns: \old(den)[\old(this)] != 0 && \result == ((0 <= \old(num)[\old(this)]) == (1 <= \old(den)[\old(this)]) ? \div(0 <= \old(num)[\old(this)] ? \old(num)[\old(this)] : -\old(num)[\old(this)], 0 <= \old(den)[\old(this)] ? \old(den)[\old(this)] : -\old(den)[\old(this)]) : -\div(0 <= \old(num)[\old(this)] ? \old(num)[\old(this)] : -\old(num)[\old(this)], 0 <= \old(den)[\old(this)] ? \old(den)[\old(this)] : -\old(den)[\old(this)]))
loop at line 42 in main: den[r] != 0
EOF
timeout $((2 * T)) "$CAR" --timeout="$T" --invariant examples/rational_fixed.c >"$t/rational.out" 2>"$t/err"
if cmp -s "$t/want" "$t/rational.out"; then ok; else
  bad "rational_fixed.c invariants differ:"; diff "$t/want" "$t/rational.out" | head -10; fi
# the example of docs/c.md is the binary's output
f=tests/c/globals_loop_safe.c
awk -v cmd="\$ car --invariant $f" '$0 == cmd { on = 1; next } on && /^```/ { exit } on { print }' \
  docs/c.md >"$t/doc"
timeout $((2 * T)) "$CAR" --timeout="$T" --invariant "$f" >"$t/globals_loop.out" 2>"$t/err"
if [ -s "$t/doc" ] && cmp -s "$t/doc" "$t/globals_loop.out"; then ok; else
  bad "docs/c.md's --invariant example differs from the binary:"; diff "$t/doc" "$t/globals_loop.out" | head -5; fi
# the JSON "c" text says the trivial ones in words
timeout $((2 * T)) "$CAR" --timeout="$T" --format=json --invariant examples/rational_fixed.c >"$t/json" 2>"$t/err"
if python3 -c '
import json, sys
c = {i["rel"]: i["c"] for i in json.load(open(sys.argv[1]))["invariants"]}
assert c["E_main"] == "an error is reachable from a call of main (line 33) only if: never", c["E_main"]
assert c["ERROR"] == "an error is reachable: never", c["ERROR"]
assert c["I_main$loop1"].startswith("loop at line 42 in main: "), c["I_main$loop1"]
' "$t/json" 2>"$t/py"; then ok; else bad "json --invariant: $(tail -1 "$t/py")"; fi

# --- 2. every printed invariant compiles and is minimal ------------------
# two car runs at a time; NAME.out keeps the stdout of each
start() {   # start NAME TIMEOUT OPTS... FILE
  local name=$1 tmo=$2; shift 2
  while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
  timeout $((2 * T)) "$CAR" --timeout="$tmo" --invariant "$@" >"$t/$name.out" 2>/dev/null &
}
safe_outs() {   # the outputs of NAME... that say safe; the others FAIL when $1 is -strict
  local strict=$1; shift
  outs=()
  for n in "$@"; do
    if [ "$(head -n1 "$t/$n.out")" = safe ]; then outs+=("$t/$n.out"); ok
    elif [ "$strict" = -strict ]; then bad "$n: not safe: $(head -n1 "$t/$n.out")"; fi
  done
}
names=()
for f in tests/c/func_safe.c tests/c/while_safe.c tests/c/blocks_safe.c \
  tests/c/array_global_safe.c tests/c/array_local_safe.c tests/c/array_2d_safe.c \
  tests/c/conv_init_safe.c tests/c/factorial_safe.c tests/c/return_safe.c \
  tests/c/parity_loop_safe.c tests/witness/loop_markers_safe.i; do
  names+=("$(basename "$f")"); start "$(basename "$f")" "$T" "$f"
done
for f in tests/c/loop_nested_safe.c; do
  names+=("sum_$(basename "$f")"); start "sum_$(basename "$f")" "$T" --c-loops=summary "$f"
done
wait
safe_outs -strict "${names[@]}"
outs+=("$t/rational.out" "$t/globals_loop.out")
if python3 tests/c_inv_check.py "${outs[@]}" >"$t/chk" 2>&1; then ok; else
  bad "tests/ invariants:"; grep FAIL "$t/chk" | head -10; fi
tail -n1 "$t/chk"

# --- 3. the checker rejects what C misreads and unmerged bounds ----------
printf 'safe\nloop at line 1 in main: !i <= x - 1\n' >"$t/neg1.out"
printf 'safe\nloop at line 1 in main: 0 <= i && (x <= 3 && x <= 4)\n' >"$t/neg2.out"
for n in neg1 neg2; do
  if python3 tests/c_inv_check.py "$t/$n.out" >/dev/null 2>&1; then
    bad "c_inv_check.py accepts $(tail -n1 "$t/$n.out")"; else ok; fi
done

# --- the corpus: a sample of safe programs, the indexed engine -----------
if [ ! -d "$SHARED/c" ]; then
  echo "c_inv.sh: skip: $SHARED absent: the corpus part is not run"
  echo "$pass passed, $fail failed"
  [ "$fail" -eq 0 ] && exit 77 || exit 1
fi
names=()
for f in $(tr -d '\r' <"$SHARED/c/expected.csv" | awk -F, '$2 == "safe" { print $1 }' | awk 'NR % 40 == 1'); do
  n=$(echo "$f" | tr / _)
  names+=("$n"); start "$n" 10 "$SHARED/c/$f"
done
wait
# expected.csv has CRLF line ends: the sample must not come out empty
[ "${#names[@]}" -ge 4 ] && ok || bad "corpus sample: ${#names[@]} programs"
safe_outs -any "${names[@]}"
corpus=("${outs[@]}")
[ "${#corpus[@]}" -ge 1 ] && ok || bad "corpus sample: no program answered safe"
names=()
for b in standard_copy2_ground-2 array_init_pair_symmetr copysome1-1 \
  simple_array_index_value_1-1; do
  names+=("idx_$b")
  start "idx_$b" "$T" --engine=indexed --predicates=tests/indexed/c/$b.preds \
    "$(find "$SHARED/c" -name "$b.c" | head -n1)"
done
wait
safe_outs -strict "${names[@]}"
outs+=("${corpus[@]}")
# the quantified invariant of a copy loop, exactly
grep -qxF 'loop at line 19 in main: 0 <= i && (\forall int k; 0 <= k < i ==> a2[k] == a1[k])' \
  "$t/idx_standard_copy2_ground-2.out" && ok ||
  bad "standard_copy2_ground-2: $(grep 'line 19' "$t/idx_standard_copy2_ground-2.out")"
if python3 tests/c_inv_check.py "${outs[@]}" >"$t/chk" 2>&1; then ok; else
  bad "corpus invariants:"; grep FAIL "$t/chk" | head -10; fi
tail -n1 "$t/chk"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
