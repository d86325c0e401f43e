#!/bin/bash
# chc.sh [car-bench options] -- the CHC-COMP corpus (../shared/benchmarks/chc,
# .smt2): car (default engine) against z3's Spacer on the same files.
# Installs z3 and gnuplot from Debian when missing, builds car, runs.
# --corpus DIR: the corpus (default $SHARED/chc; docs/corpora.md).
# Environment: BUILD (default build/), OUT (default $BUILD/bench/chc),
# SHARED (default ../shared/benchmarks).
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox
build
run "$(corpus chc)" chc --timeout 60 --memory 4096 \
  --config car --config z3 --reference z3 "$@"
