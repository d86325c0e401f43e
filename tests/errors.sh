#!/bin/bash
# errors.sh -- the input errors of every language: each tests/LANG/errors/*
# (clp, c, smt2, cub, and the SV-COMP task files of tests/task) starts with the comment "error: LINE:COL: MESSAGE"
# (or "error: MESSAGE" without a position) and car must reject it with
# exit code 1 (4 when MESSAGE names an unsupported construct), the verdict
# unknown on stdout, and on stderr a line starting with
#   FILE:LINE:COL: error: MESSAGE
# (the whole line for .smt2).  The checks are tests/lib/annotated.py's.
# Usage: bash tests/errors.sh /path/to/car   (from the repository root)
CAR=${1:?usage: errors.sh CAR}
cd "$(dirname "$0")/.." || exit 1
. tests/lib/annotated.sh
pass=0 fail=0 skip=0
annotated "$CAR" tests/clp/errors/*.clp
annotated "$CAR" tests/c/errors/*.c
annotated --exact-errors "$CAR" tests/smt2/errors/*.smt2
annotated "$CAR" tests/cub/errors/*.cub
annotated "$CAR" tests/task/errors/*.yml
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
