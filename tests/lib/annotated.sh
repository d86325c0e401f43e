# annotated.sh -- the annotated-input runner for the test scripts (sourced).
# annotated [OPTIONS] CAR FILE...: runs tests/lib/annotated.py (its header
# comments and options are described there), prints its line per file and
# adds its counts to the caller's pass, fail and skip.
annotated() {
  local sum p f s
  sum=$(mktemp)
  python3 "$(dirname "${BASH_SOURCE[0]}")/annotated.py" "$@" |
    awk -v sum="$sum" 'NR > 1 { print prev } { prev = $0 } END { print prev > sum }'
  read -r p _ f _ s _ <"$sum"
  rm -f "$sum"
  pass=$((pass + ${p:-0})); fail=$((fail + ${f:-1})); skip=$((skip + ${s:-0}))
}
