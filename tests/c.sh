#!/bin/bash
# c.sh -- the C-subset frontend tests (issue 4).
#
#   bash tests/c.sh CAR [FILE.c...]      (from the repository root)
#   bash tests/c.sh CAR --extras         (only checks 3-4 below: ctest runs
#                                         each tests/c/*.c as its own test)
#
# Checks, one line each ("ok ..." / "FAIL ..." / "skip ..."):
#  1. every tests/c/*.c and *.i (or the FILEs given) against its header
#     comments (tests/lib/annotated.py: `// expect: safe|unsafe` is the
#     first stdout line and the exit code, `// options: OPTS` adds car
#     options, e.g. --data-model=LP64), run as `car --timeout=T OPTS FILE`;
#     the input errors of tests/c/errors/ are checked by tests/errors.sh;
#  3. examples/rational_{bug,fixed}.c: unsafe / safe (as the .clp versions),
#     and `car --cex examples/rational_bug.c` names the source line of the
#     swapped constructor call `Rat(r, y, x)` (examples/rational_bug.c:LINE);
#     the exact --cex paths of tests/c/while_unsafe.c and
#     tests/c/cex_const_false_unsafe.c (an assertion folded to false) and
#     tests/c/cex_u64_unsafe.c (64-bit unsigned values in 0..2^64-1);
#  4. for the files in EMIT_FILES (all with C_EMIT_ALL=1): `car --emit=smt2`
#     solved by z3 gives the same verdict (sat = safe, unsat = unsafe; skipped
#     without z3 or with CAR_TEST_Z3=0; z3 gets at most 10 s, unknown/timeout
#     is a skip, a wrong answer or a z3 error a failure), and `car --emit=clp FILE > x.clp && car x.clp` gives the
#     same verdict (with C_ROUNDTRIP=0 x.clp is only written, not solved).
# Prints "N passed, N failed, N skipped"; exits 1 on any failure.
# Environment: C_TIMEOUT=SEC (car's --timeout, default 120, room for a slow
# CI machine; wall limit 2x);
# C_ROUNDTRIP=0 (see 4).

CAR=${1:?usage: bash tests/c.sh CAR [FILE.c...]}
shift
case $CAR in
  */*) [ -d "$(dirname "$CAR")" ] && CAR=$(cd "$(dirname "$CAR")" && pwd)/$(basename "$CAR") ;;
esac
if ! command -v "$CAR" >/dev/null 2>&1; then
  echo "FAIL: car binary '$CAR' not found or not executable"
  echo "0 passed, 1 failed, 0 skipped"
  exit 1
fi
FILES=()
extras=
[ "${1:-}" = --extras ] && { extras=1; shift; }
for f in "$@"; do
  case $f in
    /*) FILES+=("$(realpath --relative-to="$(dirname "$0")/.." "$f")") ;;
    *) FILES+=("$f") ;;
  esac
done
cd "$(dirname "$0")/.." || exit 1
explicit=${#FILES[@]}
shopt -s nullglob
[ "$explicit" -eq 0 ] && [ -z "$extras" ] && FILES=(tests/c/*.c tests/c/*.i)

TIME=${C_TIMEOUT:-120}
WALL=$((2 * TIME))
EMIT_FILES=(examples/rational_bug.c examples/rational_fixed.c
  tests/c/while_safe.c tests/c/while_unsafe.c tests/c/unsigned_wrap_safe.c
  tests/c/unsigned_sub_unsafe.c tests/c/divmod_safe.c tests/c/casts_unsafe.c
  tests/c/array_2d_safe.c tests/c/array_big_unsafe.c tests/c/mutual_safe.c
  tests/c/factorial_unsafe.c)
[ -n "${C_EMIT_ALL:-}" ] && EMIT_FILES=(${FILES[@]+"${FILES[@]}"} examples/rational_bug.c examples/rational_fixed.c)
[ "$explicit" -gt 0 ] && EMIT_FILES=("${FILES[@]}")

pass=0; fail=0; skip=0
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
skipped() { echo "skip $1: $2"; skip=$((skip + 1)); }

. tests/lib/annotated.sh
expect_of() {  # the verdict of the `// expect: V' header, or empty
  python3 tests/lib/annotated.py --header=expect "$1" | sed -n 1p
}
opts_of() {  # car options of the `// options: ...' header
  python3 tests/lib/annotated.py --header=options "$1"
}

# verdict_check NAME EXPECT ARGS...: run car ARGS, compare verdict and exit
# code; leaves stdout/stderr in $TMP/out, $TMP/err.
verdict_check() {
  local name=$1 want=$2 rc verdict want_rc
  shift 2
  case $want in
    safe) want_rc=0 ;;
    unsafe) want_rc=10 ;;
    *) bad "$name" "no '// expect: safe|unsafe' on the first line"; return 1 ;;
  esac
  timeout "$WALL" "$CAR" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
  verdict=$(head -n 1 "$TMP/out")
  if [ $rc -eq 124 ]; then
    bad "$name" "killed after ${WALL}s (expected $want)"; return 1
  fi
  if [ "$verdict" != "$want" ] || [ $rc -ne $want_rc ]; then
    bad "$name" "verdict '$verdict' (exit $rc), expected $want (exit $want_rc); stderr: $(head -c 300 "$TMP/err" | tr '\n' ' ')"
    return 1
  fi
  return 0
}

# 1. verdicts
[ ${#FILES[@]} -gt 0 ] &&
  annotated "--arg=--timeout=$TIME" "--wall=$WALL" "$CAR" "${FILES[@]}"

if [ "$explicit" -eq 0 ]; then
  # 2. the input errors: tests/errors.sh

  # 3. the Rational pair, and the counterexample line of the swapped call
  annotated "--arg=--timeout=$TIME" "--wall=$WALL" "$CAR" \
    examples/rational_bug.c examples/rational_fixed.c
  f=examples/rational_bug.c
  line=$(grep -n 'Rat(r, y, x);' "$f" | head -n 1 | cut -d: -f1)
  if [ -z "$line" ]; then
    bad "$f --cex" "no call 'Rat(r, y, x);' in the file"
  elif verdict_check "$f --cex" unsafe "--timeout=$TIME" --cex "$f"; then
    if grep -q "$f:$line\\b" "$TMP/out"; then
      ok "$f --cex: names $f:$line (the swapped call)"
    else
      bad "$f --cex" "the counterexample does not name $f:$line (the swapped call): $(head -c 600 "$TMP/out" | tr '\n' '|')"
    fi
  fi
  # the failing path of a loop program, exactly, in execution order: the
  # path into the loop first (the forward loop relation's call names no
  # line of its own), the loop head at every test, the error last; the
  # values defined on each line (also inside the loop), then those read
  # exact_cex FILE WHAT WANT: `car --cex FILE` prints exactly WANT (lines
  # joined by |), with FILE's name for $f in it
  exact_cex() {
    local f=$1
    verdict_check "$f --cex" unsafe "--timeout=$TIME" --cex "$f" || return
    local want=${3//\$f/$f} got
    got=$(tr '\n' '|' <"$TMP/out")
    if [ "$got" = "$want" ]; then ok "$f --cex: $2"
    else bad "$f --cex" "got: $got"; fi
  }
  exact_cex tests/c/while_unsafe.c "the exact path" \
    'unsafe|$f:6: int n = __VERIFIER_nondet_int();  [__VERIFIER_nondet_int()=1, n=1]|$f:7: if (n < 0 || n > 10) return 0;  [n=1]|$f:8: int i = 0;  [i=0]|$f:9: while (i < n) {  [n=1, i=0]|$f:10: i += 2;  [i=2]|$f:9: while (i < n) {  [n=1, i=2]|$f:12: if (i != n) reach_error();  [n=1, i=2]  <- error|'
  # a failing assertion whose condition folds to the constant false is the
  # line marked, not the line before it (issue 13, class 6)
  exact_cex tests/c/cex_const_false_unsafe.c "the constant-false assertion marked" \
    'unsafe|$f:7: int x = __VERIFIER_nondet_int();  [__VERIFIER_nondet_int()=4, x=4]|$f:8: if (x != 4) return 0;  [x=4]|$f:9: assert(x == 4);  [x=4]|$f:10: x = x + 1;  [x=5]|$f:11: assert(0);  <- error|'
  # 64-bit unsigned values are shown in 0..2^64-1 (issue 13)
  exact_cex tests/c/cex_u64_unsafe.c "unsigned 64-bit values" \
    'unsafe|$f:6: unsigned long long x = top();  [top()=18446744073709551615, x=18446744073709551615]|$f:8: a[1] = x - 1;  [a[1]=18446744073709551614, x=18446744073709551615]|$f:9: x = a[1] / 2 + 9223372036854775808ULL;  [x=18446744073709551615]|$f:10: if (x == 18446744073709551615ULL) reach_error();  [x=18446744073709551615]  <- error|'
fi

# 4. --emit=smt2 through z3, --emit=clp through car
have_z3=1
command -v z3 >/dev/null 2>&1 || have_z3=
[ "${CAR_TEST_Z3:-1}" = 0 ] && have_z3=
for f in "${EMIT_FILES[@]}"; do
  want=$(expect_of "$f")
  base=$(basename "$f" .c)
  if ! timeout 60 "$CAR" $(opts_of "$f") --emit=smt2 "$f" >"$TMP/$base.smt2" 2>"$TMP/err"; then
    bad "$f --emit=smt2" "car failed: $(head -c 300 "$TMP/err" | tr '\n' ' ')"
  elif [ -z "$have_z3" ]; then
    skipped "$f --emit=smt2" "z3 not installed or CAR_TEST_Z3=0"
  else
    z=$(timeout 30 z3 -T:$((TIME < 10 ? TIME : 10)) "$TMP/$base.smt2" 2>&1 | head -n 1)
    case $z in
      sat) zv=safe ;;
      unsat) zv=unsafe ;;
      *) zv="?$z" ;;
    esac
    if [ "$zv" = "$want" ]; then
      ok "$f --emit=smt2 | z3: $z ($want)"
    elif [ "$z" = unknown ] || [ "$z" = timeout ] || [ -z "$z" ]; then
      skipped "$f --emit=smt2 | z3" "z3 said '${z:-nothing}' (expected $want)"
    else
      bad "$f --emit=smt2 | z3" "z3 said '$z', expected $want"
    fi
  fi
  if ! timeout 60 "$CAR" $(opts_of "$f") --emit=clp "$f" >"$TMP/$base.clp" 2>"$TMP/err"; then
    bad "$f --emit=clp" "car failed: $(head -c 300 "$TMP/err" | tr '\n' ' ')"
  elif [ "${C_ROUNDTRIP:-1}" = 0 ]; then
    ok "$f --emit=clp (written; C_ROUNDTRIP=0: not solved)"
  elif verdict_check "$f --emit=clp | car" "$want" "--timeout=$TIME" "$TMP/$base.clp"; then
    ok "$f --emit=clp | car: $want"
  fi
done

echo "$pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
