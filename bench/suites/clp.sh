#!/bin/bash
# clp.sh [car-bench options] -- the .clp regression queries (tests/clp and
# examples) and the slow C loops: the car engine, the depth-first baseline (dfs) and z3's Spacer
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
# The slow C loops of issue 17 (many refinements for a simple loop; a
# counterexample 200 unrollings deep), measured here rather than timed in
# the tests; the verdict is the name's suffix (_safe.c, _unsafe.c).
for f in "$root"/tests/c/unsigned_loop_safe.c "$root"/tests/c/parity_loop_safe.c \
         "$root"/tests/bmc/loop_c_unsafe.c "$root"/tests/bmc/loop_c_safe.c; do
  ln -s "$f" "$suite/$(basename "$f")"
  b=$(basename "$f" .c)
  echo "$b.c,${b##*_}" >>"$suite/expected.csv"
done
run "$suite" clp --timeout 60 --memory 4096 \
  --config car --config car-dfs --config z3-emit --reference car "$@"
