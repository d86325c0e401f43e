#!/bin/bash
# The .clp regression suite: run car on every tests/clp/*.clp and
# examples/*.clp and compare with the file's annotations.
#
#   bash tests/clp.sh CAR [FILE...]      (default files: tests/clp/*.clp examples/*.clp)
#
# Annotations, in comments of the query file (read and checked by
# tests/lib/annotated.py):
#   % expect: safe|unsafe        the verdict (first stdout line) and exit code
#                                (0 safe, 10 unsafe) that car must produce
#   % min-iterations: N          safe queries: `iterations: N'` on stderr
#                                (from --stats) must have N' >= N
# The input errors (tests/clp/errors/) are checked by tests/errors.sh.
#
# Environment:
#   CLP_ENGINE=car|dfs     pass --engine=...; min-iterations is only checked
#                          for the car engine
#   CLP_TIMEOUT=SEC        car's --timeout (default 120: the slowest query
#                          takes 30 s alone, 55 s on a loaded CI machine;
#                          wall limit is 2x)
#   CLP_ALLOW_UNKNOWN=1    count an `unknown` verdict as skipped, not failed
#                          (for engines that cannot prove every query)
#   CLP_ROUNDTRIP=0        skip the export round trip (default: on for the
#                          car engine): `car --emit=smt2 FILE` is read back
#                          by car as CHC-COMP input and must give the same
#                          verdict and exit code (issue 3: emit -> parse ->
#                          solve over the whole .clp set)
#
# Prints one line per failure, then "N passed, N failed"; exits 1 on failure.

CAR=${1:?usage: bash tests/clp.sh CAR [FILE...]}
shift
case $CAR in
  */*) [ -d "$(dirname "$CAR")" ] && CAR=$(cd "$(dirname "$CAR")" && pwd)/$(basename "$CAR") ;;
esac
if ! command -v "$CAR" >/dev/null 2>&1; then
  echo "FAIL: car binary '$CAR' not found or not executable"
  echo "0 passed, 1 failed"
  exit 1
fi
# FILE arguments are relative to the caller's directory; make them absolute.
FILES=()
for f in "$@"; do
  case $f in
    /*) FILES+=("$f") ;;
    *) FILES+=("$PWD/$f") ;;
  esac
done
cd "$(dirname "$0")/.." || exit 1

TIME=${CLP_TIMEOUT:-120}
ARGS=(--stats "--timeout=$TIME")
ENGINE=${CLP_ENGINE:-car}
[ -n "$CLP_ENGINE" ] && ARGS+=("--engine=$CLP_ENGINE")

if [ ${#FILES[@]} -eq 0 ]; then
  shopt -s nullglob
  FILES=(tests/clp/*.clp examples/*.clp)
fi

pass=0; fail=0; skip=0
OUT=$(mktemp); ERR=$(mktemp); SMT=$(mktemp --suffix=.smt2)
trap 'rm -f "$OUT" "$OUT.out" "$OUT.err" "$ERR" "$SMT"' EXIT
ROUNDTRIP=${CLP_ROUNDTRIP:-1}
[ "$ENGINE" = car ] || ROUNDTRIP=0

failed() {  # failed FILE MESSAGE
  echo "FAIL $1: $2"
  fail=$((fail + 1))
}

RUNNER=(python3 tests/lib/annotated.py "--wall=$((2 * TIME))" "--save=$OUT")
for a in "${ARGS[@]}"; do RUNNER+=("--arg=$a"); done
[ -n "$CLP_ALLOW_UNKNOWN" ] && RUNNER+=(--allow-unknown)
[ "$ENGINE" = car ] || RUNNER+=(--no-min-iterations)

for f in "${FILES[@]}"; do
  # the header: verdict, exit code, min-iterations
  line=$("${RUNNER[@]}" "$CAR" "$f" | sed -n 1p)
  case $line in
    ok*) ;;
    skip*) skip=$((skip + 1)); continue ;;
    *) echo "$line"; fail=$((fail + 1)); continue ;;
  esac
  mv "$OUT.err" "$ERR"
  expect=$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)
  case $expect in safe) want_rc=0 ;; *) want_rc=10 ;; esac
  if [ "$ENGINE" = car ]; then
    # Lemma 8 holds for every refinement and Lemma 6 for every trace: the
    # engine checks both on every run (a violation ends in unknown).
    st() { sed -n "s/^$1:[[:space:]]*\([0-9][0-9]*\).*/\1/p" "$ERR" | head -n 1; }
    nref=$(st refinements); n8=$(st lemma8-checked); ntr=$(st traces)
    if [ -z "$nref" ] || [ "$nref" != "$n8" ]; then
      failed "$f" "lemma8-checked ($n8) != refinements ($nref)"; continue
    fi
    if [ -z "$ntr" ] || [ "$ntr" -lt "$nref" ]; then
      failed "$f" "fewer traces ($ntr) than refinements ($nref)"; continue
    fi
  fi
  if [ "$ROUNDTRIP" = 1 ]; then
    if ! "$CAR" --emit=smt2 "$f" >"$SMT" 2>"$ERR"; then
      failed "$f" "--emit=smt2 failed: $(head -c 300 "$ERR" | tr '\n' ' ')"; continue
    fi
    timeout $((2 * TIME)) "$CAR" "--timeout=$TIME" "$SMT" >"$OUT" 2>"$ERR"
    rc=$?
    verdict=$(head -n 1 "$OUT")
    chc=$expect # .smt2 input answers in CHC-COMP's words (--format=auto)
    case $expect in safe) chc=sat ;; unsafe) chc=unsat ;; esac
    if [ "$verdict" != "$chc" ] || [ $rc -ne $want_rc ]; then
      failed "$f" "round trip: the exported .smt2 gives '$verdict' (exit $rc), expected $chc; stderr: $(head -c 300 "$ERR" | tr '\n' ' ')"
      continue
    fi
  fi
  pass=$((pass + 1))
done

[ $skip -gt 0 ] && echo "($skip skipped)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
