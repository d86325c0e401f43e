#!/bin/bash
# fuzz_replay.sh -- replays the kept fuzzing corpus (tests/fuzz/corpus/{clp,
# smt2,c,cub}) and every crash found so far (tests/fuzz/regress) through the
# normal car binary: each file is parsed, translated and solved with
# --timeout=1.  Whatever the input, car must not crash: no signal, no
# sanitizer report, an exit code listed by car --help other than 2
# (usage) and 3 (internal error), no error message twice in a row, and
# for 0/10/20 the matching verdict
# alone on the first line of stdout (for an input error, stdout is empty
# or starts with the verdict unknown).  tests/fuzz/README.md tells how
# the corpus was made.
# Usage: bash tests/fuzz_replay.sh /path/to/car [FILE...]
#   (from the repository root; FILEs instead of the corpus, their language
#   from a directory named *clp*, *smt2*, *cub* or else C, or the extension)
CAR=${1:?usage: fuzz_replay.sh CAR [FILE...]}
shift
FILES=("$@")
[ ${#FILES[@]} -eq 0 ] && FILES=(tests/fuzz/corpus/*/* tests/fuzz/regress/*)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
# documented exit codes: the list after "exit codes:" in car --help
codes=" $("$CAR" --help 2>&1 | sed -n '/^exit codes:/,/^$/s/^ *\([0-9][0-9]*\)  .*/\1/p' | tr '\n' ' ')"
[ "$codes" = " " ] && { echo "FAIL: no exit codes in car --help"; exit 1; }
pass=0 fail=0
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }
t0=$(date +%s)
for f in "${FILES[@]}"; do
  [ -f "$f" ] || continue
  case $f in
  *.clp) lang=clp ;;
  *.smt2) lang=smt2 ;;
  *.cub) lang=cub ;;
  *.c | *.i) lang=c ;;
  *clp*/*) lang=clp ;;
  *smt2*/*) lang=smt2 ;;
  *cub*/*) lang=cub ;;
  *) lang=c ;;
  esac
  timeout 30 "$CAR" --timeout=1 --lang=$lang "$f" >"$T/out" 2>"$T/err"
  rc=$?
  first=$(head -n 1 "$T/out")
  want=
  case $rc in 0) want=safe ;; 10) want=unsafe ;; 20) want=unknown ;; esac
  # .smt2 input answers in CHC-COMP's words (--format=auto)
  [ $lang = smt2 ] && case $want in safe) want=sat ;; unsafe) want=unsat ;; esac
  if [ $rc -ge 124 ]; then
    bad "$f" "exit $rc (signal or hang): $(tail -c 300 "$T/err")"
  elif grep -q "Sanitizer\|runtime error:" "$T/err"; then
    bad "$f" "sanitizer report: $(grep -m 3 "Sanitizer\|runtime error:" "$T/err")"
  elif [ -n "$(grep -a "^$f:[0-9]*:[0-9]*: error: " "$T/err" | uniq -d)" ]; then
    bad "$f" "a message repeated: $(grep -a "^$f:[0-9]*:[0-9]*: error: " "$T/err" | uniq -d | head -n 1)"
  elif [[ $codes != *" $rc "* ]] || [ $rc -eq 2 ] || [ $rc -eq 3 ]; then
    bad "$f" "exit $rc: $(head -c 300 "$T/err")"
  elif [ -n "$want" ] && [ "$first" != "$want" ]; then
    bad "$f" "exit $rc but first line '$first'"
  elif [ -z "$want" ] && [ -n "$first" ] && [ "$first" != unknown ]; then
    bad "$f" "exit $rc but stdout '$first'"
  else
    pass=$((pass + 1))
  fi
done
echo "$pass passed, $fail failed ($(( $(date +%s) - t0 )) s)"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
