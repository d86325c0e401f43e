#!/bin/bash
# nested.sh -- generated nested control shapes (tests/c-nested/, made by
# tests/c-gcc/gen_nested.py: loops inside branches, loops, switch cases;
# break/continue in nested loops; expected verdicts from running each
# program under gcc, not from car).  Each program:
#   - car (NESTED_TIMEOUT s, default 10) answers its expected verdict or
#     unknown, never the opposite one; the programs listed in SOLVED below
#     must be answered (they are today, in 2 to 11 s each alone; these
#     get C_TIMEOUT s, default 120);
#   - with z3 installed, z3's Spacer on `car --emit=smt2` answers the
#     expected verdict (sat = safe, unsat = unsafe): the translation is
#     checked by a second solver (a z3 timeout is a skip; CAR_TEST_Z3=0:
#     not run).
# NESTED_FILES (a list of files or globs) replaces tests/c-nested/*.c.
# Usage: bash tests/nested.sh /path/to/car   (from the repository root)
CAR=${1:?usage: nested.sh CAR}
T=${NESTED_TIMEOUT:-10}
SOLVED=" gen_nested_1_safe gen_nested_1_unsafe gen_nested_2_safe gen_nested_2_unsafe
  gen_nested_3_safe gen_nested_3_unsafe gen_nested_4_safe gen_nested_4_unsafe
  gen_nested_5_safe gen_nested_5_unsafe gen_nested_6_safe gen_nested_6_unsafe "
SOLVED=" $(echo $SOLVED) "   # one space between names
pass=0 fail=0 skip=0
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
have_z3=; command -v z3 >/dev/null 2>&1 && [ "${CAR_TEST_Z3:-1}" != 0 ] && have_z3=1
for f in ${NESTED_FILES:-tests/c-nested/*.c}; do
  base=$(basename "$f" .c)
  want=$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)
  case $want in safe) other=unsafe; zw=sat ;; unsafe) other=safe; zw=unsat ;;
    *) echo "FAIL $f: no expect line"; fail=$((fail + 1)); continue ;; esac
  tt=$T; [[ $SOLVED == *" $base "* ]] && tt=${C_TIMEOUT:-120}
  got=$(timeout $((2 * tt)) "$CAR" --timeout="$tt" "$f" 2>/dev/null | head -n 1)
  if [ "$got" = "$other" ]; then
    echo "FAIL $f: car says $got, gcc says $want"; fail=$((fail + 1))
  elif [ "$got" != "$want" ] && [[ $SOLVED == *" $base "* ]]; then
    echo "FAIL $f: car says '$got', want $want (solved before)"; fail=$((fail + 1))
  else
    echo "ok   $f: car ${got:-no answer}"; pass=$((pass + 1))
  fi
  [ -n "$have_z3" ] || { skip=$((skip + 1)); continue; }
  "$CAR" --emit=smt2 "$f" >"$t/q.smt2" 2>/dev/null
  z=$(timeout $((2 * T)) z3 -T:"$T" "$t/q.smt2" 2>&1 | head -n 1)
  if [ "$z" = "$zw" ]; then echo "ok   $f --emit=smt2 | z3: $z"; pass=$((pass + 1))
  elif [ "$z" = sat ] || [ "$z" = unsat ]; then
    echo "FAIL $f --emit=smt2 | z3: $z, want $zw"; fail=$((fail + 1))
  else echo "skip $f --emit=smt2 | z3: '$z'"; skip=$((skip + 1)); fi
done
echo "nested.sh: $pass passed, $fail failed, $skip skipped"
[ $fail -eq 0 ]
