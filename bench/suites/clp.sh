#!/bin/bash
# clp.sh [car-bench options] -- the .clp regression queries (tests/clp and
# examples): the car engine, the depth-first baseline (dfs) and z3's Spacer
# on car's own CHC-COMP export (z3-emit), reference car.  The expected
# verdicts are read from each file's `% expect:` line.
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox
build
suite=$(mktemp -d)
trap 'rm -rf "$suite"' EXIT
echo "file,expected" >"$suite/expected.csv"
for f in "$root"/tests/clp/*.clp "$root"/examples/*.clp; do
  ln -s "$f" "$suite/$(basename "$f")"
  echo "$(basename "$f"),$(sed -n 's/^% expect: *\([a-z]*\).*/\1/p' "$f" | head -n1)" \
    >>"$suite/expected.csv"
done
run "$suite" clp --timeout 60 --memory 4096 \
  --config car --config car-dfs --config z3-emit --reference car "$@"
