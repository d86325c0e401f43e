#!/bin/bash
# compare.sh [car-bench options] -- CAR against indexed predicate
# abstraction on the same systems (issue 16): car's default engine (CAR),
# car's indexed engine with predicate discovery and no user predicates,
# and z3's Spacer, on
#   param/     the 56 Cubicle .cub models of ../shared/benchmarks/param,
#   examples/  the seed papers' models of examples/param,
#   c/         the C programs with arrays of ../shared/benchmarks/c
#              (meta.csv: arrays > 0),
#   chc/       the CHC-COMP files with arrays of ../shared/benchmarks/chc
#              (those that declare an Array sort),
# all read in place.  z3 runs on the .smt2 files themselves and on car's
# --emit=smt2 output of the others.  Writes OUT/summary.md (car-bench's
# table and a cactus plot, OUT/cactus.png) and OUT/compare.md: per input
# the verdict, wall time, iterations and predicates of each engine, and
# Cubicle 1.2.0's recorded answer and time where there is one
# (../shared/benchmarks/param/peers), then the solved and wrong counts per
# group.  Default 20 s and 4096 MB per run.  Installs z3 and gnuplot when
# missing, builds car, runs.  Environment: BUILD, OUT (default
# $BUILD/bench/compare), SHARED, NO_BUILD; --corpus chc=DIR, c=DIR,
# param=DIR: the corpora (default $SHARED/NAME; docs/corpora.md).  Exit
# status: car-bench's (1 on a wrong verdict).
. "$(dirname "$0")/common.sh"
need z3:z3 gnuplot:gnuplot-nox python3:python3
build
out=${OUT:-$build/bench/compare}
if [ -n "${corpus_dirs[default]:-}" ]; then
  echo "compare.sh reads three corpora: --corpus chc=DIR, c=DIR, param=DIR" >&2
  exit 2
fi
declare -A dir=()
for d in param c chc; do
  dir[$d]=$(corpus $d)
  if [ ! -f "${dir[$d]}/expected.csv" ]; then
    echo "no suite at ${dir[$d]} (expected.csv missing)" >&2
    exit 2
  fi
done

suite=$out/suite
rm -rf "$suite"
mkdir -p "$suite"
ln -s "${dir[param]}" "$suite/param"
ln -s "$root/examples/param" "$suite/examples"
ln -s "${dir[c]}" "$suite/c"
ln -s "${dir[chc]}" "$suite/chc"
{
  echo "file,expected"
  awk -F, 'NR > 1 && $1 ~ /\.cub$/ { print "param/" $1 "," $2 }' "${dir[param]}/expected.csv"
  awk -F, 'NR > 1 { print "examples/" $1 "," $2 }' "$root/examples/param/expected.csv"
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "arrays") a = i }
           NR > 1 && a && $a > 0 { print "c/" $1 "," $2 }' "${dir[c]}/meta.csv"
  awk -F, 'NR > 1 { print $1 "," $2 }' "${dir[chc]}/expected.csv" |
    while IFS=, read -r f e; do
      if grep -q '(Array ' "${dir[chc]}/$f" 2>/dev/null; then echo "chc/$f,$e"; fi
    done
} >"$suite/expected.csv"

codes=exit=1:error,exit=3:error,exit=4:error
z3="sh -c 'case {file} in *.smt2) exec z3 -T:{timeout} {file} ;; esac; \
{car} --emit=smt2 {file} > {tmp}/q.smt2 && exec z3 -T:{timeout} {tmp}/q.smt2'"

rc=0
run "$suite" compare --timeout 20 --memory 4096 \
  --config "car={car} --stats --timeout={timeout} {file}" --verdict car=$codes \
  --config "car-indexed={car} --engine=indexed --stats --timeout={timeout} {file}" \
  --verdict car-indexed=$codes \
  --config "z3=$z3" \
  --reference car "$@" || rc=$?

if [ -f "$out/runs.csv" ]; then
  python3 "$root/bench/suites/peer_column.py" "$out/runs.csv" \
    "${dir[param]}/peers/cubicle-1.2.0.csv" param/ cubicle-1.2.0 \
    --logs "$out/logs" --groups >"$out/compare.md"
  cat "$out/compare.md"
fi
exit $rc
