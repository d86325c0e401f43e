#!/bin/bash
# c.sh [car-bench options] -- the C corpus (../shared/benchmarks/c, .c):
# car (default engine) against z3's Spacer on car's --emit=smt2 output of
# the same program.  Installs z3 and gnuplot from Debian when missing,
# builds car, runs.  --corpus DIR: the corpus (default $SHARED/c;
# docs/corpora.md).  Environment: BUILD, OUT (default $BUILD/bench/c), SHARED.
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox
build
run "$(corpus c)" c --timeout 60 --memory 4096 \
  --config car --config z3-emit --reference car "$@"
