#!/bin/bash
# c-labels.sh -- the three label errors of ../shared/benchmarks/c/expected.csv,
# shown by running the programs: code2inv/106.c, 61.c and 72.c are labelled
# safe, but each reaches its failing assertion under gcc (UBSan on) with the
# inputs car's certified counterexample names.  The programs are read in
# place; a temporary copy gets an `expect: unsafe` line, a `witness:` line
# (the nondet values, in call order) and nondet initialisers for the
# uninitialised locals (gcc would read stack garbage), then
# tests/c-gcc/verify.py compiles and runs it.  Exit 0 iff all three fail.
# Environment: SHARED (default ../shared/benchmarks from the repository root).
root=$(cd "$(dirname "$0")/../.." && pwd)
c=${SHARED:-$root/../shared/benchmarks}/c/code2inv
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
mk() { # NAME WITNESS: copy with the header lines and nondet locals
  { echo "// expect: unsafe"; echo "// witness: $2"
    sed -E -e 's|^(\s*int \w+;)\s*$|\1 // uninit|' \
      -e 's|^(\s*)int a,m,j,k;|\1int a = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int(), k;|' \
      "$c/$1.c"; } >"$t/code2inv_$1.c"
}
mk 106 "0 1 0"          # a=0 m=1 j=0: no update, assert(a >= m) fails
mk 61 "0 1 0 0 0 1 0"   # n=1: one c++ makes c == n, assert(n <= -1) fails
mk 72 "0 128 0 0"       # y=128: z = 4608, no iteration, assert(z < 4608) fails
python3 "$root/tests/c-gcc/verify.py" "$t"/code2inv_*.c
