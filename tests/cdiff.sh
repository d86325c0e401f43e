#!/bin/bash
# cdiff.sh -- differential testing of the C translation against gcc (issue
# 13): random programs of tests/c-gcc/gen_random.py, fixed seed, for about
# CDIFF_SECONDS (default 100) seconds; each program's truth comes from gcc +
# UBSan over every combination of its (finitely many) inputs, and car's
# safe/unsafe must match it (unknown is allowed).  Fails on any disagreement,
# certificate failure (exit 3) or crash; the failing programs are printed.
# The features left out are listed, with the reason, in
# tests/c-gcc/cdiff.py (DEFAULT_EXCLUDE).
# Usage: bash tests/cdiff.sh /path/to/car   (from the repository root)
# Environment: CDIFF_SECONDS, CDIFF_SEED (default 1), CDIFF_TIMEOUT (car's
# --timeout per program, default 5), CDIFF_JOBS (default 2).
CAR=${1:?usage: cdiff.sh CAR}
command -v gcc >/dev/null 2>&1 || { echo "cdiff.sh: skip: no gcc"; exit 0; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
python3 tests/c-gcc/cdiff.py --car "$CAR" --seed "${CDIFF_SEED:-1}" --count 100000 \
  --seconds "${CDIFF_SECONDS:-100}" --timeout "${CDIFF_TIMEOUT:-5}" \
  --jobs "${CDIFF_JOBS:-2}" --out "$t/out"
status=$?
if [ $status -ne 0 ]; then
  for f in "$t"/out/*.c; do
    [ -f "$f" ] || continue
    echo "==== $f"; cat "$f"
  done
fi
exit $status
