#!/bin/bash
# param.sh [car-bench options] -- the parameterised-systems corpus
# (../shared/benchmarks/param, Cubicle .cub): car's indexed engine, car's
# default engine, and z3's Spacer on car's --emit=smt2 output.  Installs z3
# and gnuplot when missing, builds car, runs.  Environment: BUILD, OUT
# (default $BUILD/bench/param), SHARED.
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox
build
run "$shared/param" param --timeout 60 --memory 4096 \
  --config car-indexed --config car --config z3-emit \
  --reference car-indexed "$@"
