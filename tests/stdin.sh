#!/bin/bash
# stdin.sh -- the input language detected from the text (docs/cli.md,
# "Input language"): standard input and paths without a known extension
# in each of the four languages without --lang, --lang forcing another;
# the messages for a directory and a missing path (exit 1); .smt2 input
# answered sat / unsat (--format=auto), safe / unsafe with --format=text.
#
#   bash tests/stdin.sh CAR      (run from anywhere)
#
# Prints one line per failure, then "N passed, N failed"; exits 1 on failure.

CAR=${1:?usage: bash tests/stdin.sh CAR}
. "$(dirname "$0")/lib/cli.sh"
# expect_err NAME TEXT: the last run's stderr is exactly TEXT.
expect_err() {
  if [ "$(cat "$ERR")" = "$2" ]; then ok; else
    bad "$1: stderr '$(head -c 300 "$ERR")', expected '$2'"; fi
}

# --- each language from standard input, without --lang ------------------------
# FILE WORD CODE: `car - < FILE` prints WORD and exits CODE (smt2: sat/unsat).
for c in "examples/rational_bug.clp unsafe 10" \
         "examples/rational_fixed.clp safe 0" \
         "tests/smt2/array_unsafe.smt2 unsat 10" \
         "tests/smt2/linear_safe.smt2 sat 0" \
         "tests/c/arith_unsafe.c unsafe 10" \
         "tests/c/arith_safe.c safe 0" \
         "tests/cub/v_mutex_forall_bug.cub unsafe 10" \
         "tests/cub/v_proc_global.cub safe 0"; do
  set -- $c
  run_in "$1" --timeout=30 -
  expect_rc "$1 from -" "$3"
  expect_out "$1 from -: verdict" "$2"
done
# the same texts under a name without a known extension
cp tests/smt2/array_unsafe.smt2 $TMP/query.txt
cp tests/cub/v_mutex_forall_bug.cub $TMP/model
cp tests/c/arith_unsafe.c $TMP/prog.src
for f in query.txt:unsat model:unsafe prog.src:unsafe; do
  run --timeout=30 "$TMP/${f%%:*}"
  expect_rc "$f detected" 10
  expect_out "$f detected: verdict" "${f#*:}"
done
# .clp: a rule as the first item (no goal declaration first), after comments
printf '%% a comment\n/* and another */\nE(x) :- x = 1, x > 0.\ngoal G.\nG :- E(y).\n' >$TMP/rule.clp
run_in $TMP/rule.clp -
expect_rc ".clp opening with a rule" 10
expect_out ".clp opening with a rule: verdict" "unsafe"
# SMT-LIB whose first command is not set-logic; Cubicle opening with a comment
printf '; a CHC query\n(declare-fun inv (Int) Bool)\n(assert (forall ((x Int)) (=> (= x 0) (inv x))))\n(assert (forall ((x Int)) (=> (and (inv x) (> x 0)) false)))\n(check-sat)\n' >$TMP/q
run_in $TMP/q -
expect_rc "smt2 opening with declare-fun" 0
expect_out "smt2 opening with declare-fun: verdict" "sat"

# --- --lang forces the language ------------------------------------------------
# a .clp text read as C: C's syntax error, at C's position
run_in examples/rational_bug.clp --lang=c -
expect_rc "--lang=c on .clp text" 1
expect_out "--lang=c on .clp text: verdict" "unknown"
expect_grep "--lang=c on .clp text: a C message" "$ERR" '^/dev/stdin:[0-9]+:[0-9]+: error: '
# the extension does not decide either
run --lang=smt2 examples/rational_bug.clp
expect_rc "--lang=smt2 on a .clp file" 1
expect_grep "--lang=smt2: SMT-LIB's message" "$ERR" '^examples/rational_bug\.clp:'
run_in tests/smt2/array_unsafe.smt2 --lang=smt2 -
expect_out "--lang=smt2 from -" "unsat"
run_in examples/rational_bug.clp --lang=pascal -
expect_rc "--lang=pascal" 1
expect_err "--lang=pascal: message" "/dev/stdin: error: unknown input language 'pascal'"

# --- paths that cannot be read ------------------------------------------------
mkdir $TMP/somedir
run $TMP/somedir
expect_rc "a directory" 1
expect_out "a directory: verdict" "unknown"
expect_err "a directory: message" "$TMP/somedir: error: is a directory"
run $TMP/x.c
expect_rc "a missing file" 1
expect_out "a missing file: verdict" "unknown"
expect_err "a missing file: message" "$TMP/x.c: error: cannot read: No such file or directory"
run --format=json $TMP/somedir
expect_rc "a directory, json" 1
if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == "unknown" and o["reason"] == "input error", o
assert o["exit"] == 1 and o["error"] == sys.argv[2] + ": error: is a directory", o
' "$OUT" "$TMP/somedir" 2>"$TMP/py"; then ok; else bad "a directory, json: $(tail -1 "$TMP/py")"; fi
# An unreadable file: root reads any file whatever its mode, so the case
# is only run for another user.
if [ "$(id -u)" != 0 ]; then
  cp examples/rational_bug.clp $TMP/secret.clp && chmod 000 $TMP/secret.clp
  run $TMP/secret.clp
  expect_rc "an unreadable file" 1
  expect_err "an unreadable file: message" "$TMP/secret.clp: error: cannot read: Permission denied"
fi

# --- .smt2 answers: sat/unsat by default, safe/unsafe with --format=text -------
for c in "tests/smt2/array_unsafe.smt2 unsat unsafe 10" \
         "tests/smt2/linear_safe.smt2 sat safe 0"; do
  set -- $c
  run "$1"
  expect_rc "$1" "$4"
  expect_out "$1: default" "$2"
  run --format=auto "$1"
  expect_out "$1: --format=auto" "$2"
  run --format=chc-comp "$1"
  expect_out "$1: --format=chc-comp" "$2"
  run --format=text "$1"
  expect_rc "$1 --format=text" "$4"
  expect_out "$1: --format=text" "$3"
done
# other languages keep safe/unsafe under auto, sat/unsat on request
run examples/rational_bug.clp
expect_out ".clp: default" "unsafe"
run --format=chc-comp examples/rational_bug.clp
expect_out ".clp: --format=chc-comp" "unsat"
# a rejected .smt2 input: unknown in every format
run tests/smt2/errors/err_syntax.smt2
expect_rc "rejected .smt2" 1
expect_out "rejected .smt2: verdict" "unknown"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
