#!/bin/bash
# smt2.sh -- CHC-COMP (.smt2) input.  Every tests/smt2/*.smt2 starts with
#   ; expect: safe|unsafe   -- car prints that verdict first on stdout and
#                              exits 0 (safe) or 10 (unsafe)
# (tests/lib/annotated.py checks it); the input errors of tests/smt2/errors/
# are checked by tests/errors.sh.
# An expect file must also give the same verdict once exported with
# --emit=clp and read back as .clp (checks the converted rule set).
# Usage: bash tests/smt2.sh /path/to/car   (from the repository root)
CAR=${1:?usage: smt2.sh CAR}
. "$(dirname "$0")/lib/annotated.sh"
pass=0 fail=0 skip=0
err=$(mktemp)
clp=$(mktemp --suffix=.clp)
annotated --arg=--timeout=30 --wall=60 "$CAR" tests/smt2/*.smt2
for f in tests/smt2/*.smt2; do
  want=$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)
  if ! timeout 60 "$CAR" --emit=clp "$f" >"$clp" 2>"$err"; then
    echo "FAIL $f: --emit=clp failed"; cat "$err"; fail=$((fail + 1))
  elif got=$(timeout 60 "$CAR" --timeout=30 "$clp" 2>"$err" | head -n 1);
       [ "$got" != "$want" ]; then
    echo "FAIL $f: exported as .clp: got '$got', want '$want'"
    cat "$err"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
rm -f "$err" "$clp"

# --cex on .smt2 input: the derivation as clause instances, each naming the
# assert it instantiates (file:line:col) with its argument values, the
# query clause at the root, after CHC-COMP's verdict word (unsat).
cex_check() {  # cex_check FILE EXPECTED-OUTPUT
  local got
  got=$(timeout 120 "$CAR" --timeout=60 --cex "$1" 2>/dev/null)
  if [ "$got" != "$2" ]; then
    echo "FAIL $1 --cex: want"; echo "$2"; echo "got"; echo "$got"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
}
f=tests/smt2/linear_unsafe.smt2
want="unsat
query_goal  $f:7:1"
ind="  "
for x in 10 9 8 7 6 5 4 3 2 1; do
  want+=$'\n'"${ind}inv(x=$x)  $f:6:1"; ind+="  "
done
want+=$'\n'"${ind}inv(x=0)  $f:5:1"
cex_check $f "$want"
f=tests/smt2/multi_query_unsafe.smt2
cex_check $f "unsat
query_goal  $f:7:1
  inv(x=3)  $f:5:1"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
