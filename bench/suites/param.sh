#!/bin/bash
# param.sh [car-bench options] -- parameterised systems: the 56 Cubicle
# .cub models of ../shared/benchmarks/param (read in place) and the seed
# papers' models of examples/param (.cub, and .clp where .cub cannot
# express the system), under car's indexed engine (with the model's
# predicates file X.preds beside X when there is one), car's default
# engine, and z3's Spacer on car's --emit=smt2 output, in one run.  The
# summary gets a last column and row: Cubicle 1.2.0's answers and times on
# the same files (../shared/benchmarks/param/peers/cubicle-1.2.0.csv,
# measured once, not run here).  Installs z3 and gnuplot when missing,
# builds car, runs.  Environment: BUILD, OUT (default $BUILD/bench/param),
# SHARED; --corpus DIR: the corpus (default $SHARED/param; docs/corpora.md).
# Exit status: car-bench's (1 on a wrong verdict).
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox python3:python3
build
out=${OUT:-$build/bench/param}
param=$(corpus param)
if [ ! -f "$param/expected.csv" ]; then
  echo "no suite at $param (expected.csv missing)" >&2
  exit 2
fi

# One suite of both directories: shared/ and examples/ link to them (the
# files are read in place), expected.csv lists the .cub files of the
# corpus (not its .in and .m files) and every model of examples/param.
suite=$out/suite
rm -rf "$suite"
mkdir -p "$suite"
ln -s "$param" "$suite/shared"
ln -s "$root/examples/param" "$suite/examples"
{
  echo "file,expected"
  awk -F, 'NR > 1 && $1 ~ /\.cub$/ { print "shared/" $1 "," $2 }' "$param/expected.csv"
  awk -F, 'NR > 1 { print "examples/" $1 "," $2 }' "$root/examples/param/expected.csv"
} >"$suite/expected.csv"

# car-indexed: --predicates=X.preds when the model X.cub (X.clp) has one.
# Through sh, so car's exit codes 1, 3, 4 (input error, internal error,
# unsupported) are told to car-bench as errors explicitly.
indexed="sh -c 'p={file}; p=\${p%.*}.preds; \
if [ -f \"\$p\" ]; then set -- --predicates=\"\$p\"; else set --; fi; \
exec {car} --engine=indexed \"\$@\" --timeout={timeout} {file}'"

rc=0
run "$suite" param --timeout 60 --memory 4096 \
  --config "car-indexed=$indexed" \
  --verdict car-indexed=exit=1:error,exit=3:error,exit=4:error \
  --config car --config z3-emit \
  --reference car-indexed "$@" || rc=$?

# The Cubicle column: appended to summary.md and printed.
if [ -f "$out/runs.csv" ]; then
  python3 "$root/bench/suites/peer_column.py" "$out/runs.csv" \
    "$param/peers/cubicle-1.2.0.csv" shared/ cubicle-1.2.0 >"$out/peer.md"
  cat "$out/peer.md" >>"$out/summary.md"
  cat "$out/peer.md"
fi
exit $rc
