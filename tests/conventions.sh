#!/bin/bash
# The conventions a user of z3, Golem or an SV-COMP tool expects (issue 13,
# docs/cli.md): a verdict line on every run, also on rejected input, in every
# format; exit codes that tell a syntax error (1) from an unsupported
# construct (4); SIGINT/SIGTERM print unknown (reason interrupted) with the
# statistics so far and end the run by the signal; --memory ends with
# unknown, reason memory limit, exit 20; input from standard input in every
# language; --version names the commit and the libraries.
#
#   bash tests/conventions.sh CAR      (run from anywhere)
#
# Prints one line per failure, then "N passed, N failed"; exits 1 on failure.

CAR=${1:?usage: bash tests/conventions.sh CAR}
. "$(dirname "$0")/lib/cli.sh"
# expect_json NAME PYTHON-ASSERTIONS: stdout is one JSON object o for which
# the assertions hold.
expect_json() {
  if python3 -c "
import json, sys
o = json.load(open(sys.argv[1]))
$2
" "$OUT" 2>"$TMP/py"; then ok; else
    bad "$1: $(tail -1 "$TMP/py"); stdout: $(head -c 300 "$OUT")"; fi
}

# --- a verdict line on rejected input, in every format -----------------------
printf 'goal E.\nE :- x = = 1.\n' >$TMP/syntax.clp
printf 'int main(void) {\n  float f = 1.0;\n  return 0;\n}\n' >$TMP/float.c
printf 'int main(void) {\n  int x = 1\n  return x;\n}\n' >$TMP/semi.c
for f in $TMP/syntax.clp $TMP/semi.c $TMP/float.c \
         tests/smt2/errors/err_real_sort.smt2 $TMP/missing.clp; do
  name=$(basename "$f")
  code=1; reason="input error"
  case $name in float.c|err_real_sort.smt2) code=4; reason="unsupported input" ;; esac
  run "$f"
  expect_rc "$name" $code
  expect_out "$name: verdict" "unknown"
  run --format=chc-comp "$f"
  expect_rc "$name chc-comp" $code
  expect_out "$name chc-comp: verdict" "unknown"
  run --format=json "$f"
  expect_rc "$name json" $code
  expect_json "$name json" "
assert o['verdict'] == 'unknown', o
assert o['reason'] == '$reason', o['reason']
assert o['exit'] == $code, o['exit']
assert 'error' in o and o['error'], o
assert o['file'].endswith('$name'), o['file']
assert o['stats']['engine'] == 'car', o['stats']
"
done
# the messages in JSON are those on stderr, positions included
run --format=json $TMP/syntax.clp
expect_json "json error text" "assert o['error'].startswith('$TMP/syntax.clp:2:'), o['error']"
expect_grep "json: stderr keeps the message" "$ERR" "^$TMP/syntax\.clp:2:[0-9]+: error: "
run --format=json $TMP/float.c
expect_json "json unsupported text" "assert 'unsupported: floats' in o['error'], o['error']"
# the exit-code table of docs/cli.md lists what --help lists
run --help
for code in 0 10 20 1 4 2 3; do
  expect_grep "--help exit code $code" "$OUT" "^ +$code  "
  expect_grep "docs/cli.md exit code $code" docs/cli.md "^\| $code +\|"
done

# --- SIGINT and SIGTERM --------------------------------------------------------
# A counterexample 100001 steps deep: car works on it far longer than the
# test waits.  Each signal is sent once car reports its first iteration (-v);
# car runs as a background job of this non-interactive shell, which starts
# it with SIGINT ignored: car must restore the default first.
printf 'goal E.\nL(i, j) :- i = 0, j = 0.\nL(i + 1, j + 3) :- L(i, j), i <= 100000.\nE :- L(i, j), i > 100000, j = 300003.\n' >$TMP/long.clp
# interrupt SIG ARGS...: runs car ARGS in the background, sends SIG after
# the first iteration; sets $rc, $OUT, $ERR.
interrupt() {
  local sig=$1; shift
  # Remove the last run's files first: the poll below could otherwise find
  # "iteration 1" in the previous run's $ERR before this car has even
  # truncated it, and signal it before it blocks the signals (CI, stop 20:
  # killed by the default action, empty stdout).
  rm -f "$OUT" "$ERR"
  "$CAR" -v "$@" >"$OUT" 2>"$ERR" &
  local pid=$!
  for _ in $(seq 300); do
    grep -q 'iteration 1' "$ERR" 2>/dev/null && break
    sleep 0.1
  done
  kill -"$sig" $pid 2>/dev/null
  # No watchdog subshell: a forked copy of this shell once removed $TMP
  # (CI, stop 20) and an orphaned sleep held ctest's pipe for 60 s.  Poll
  # instead; a car that ignores the signal is killed after 60 s.
  for _ in $(seq 600); do
    kill -0 $pid 2>/dev/null || break
    sleep 0.1
  done
  kill -KILL $pid 2>/dev/null
  wait $pid
  rc=$?
}
interrupt INT --stats $TMP/long.clp
expect_rc "SIGINT: ends by the signal" 130
expect_out "SIGINT: verdict" "unknown"
expect_grep "SIGINT: reason" "$ERR" '^car: unknown: interrupted$'
expect_grep "SIGINT: stats so far" "$ERR" '^iterations: [1-9]'
expect_grep "SIGINT: stats time-total" "$ERR" '^time-total: [0-9]'
interrupt TERM --format=json $TMP/long.clp
expect_rc "SIGTERM: ends by the signal" 143
expect_json "SIGTERM json" "
assert o['verdict'] == 'unknown' and o['reason'] == 'interrupted', o
assert o['exit'] == 143, o['exit']
assert o['stats']['iterations'] >= 1, o['stats']
"
interrupt TERM --format=chc-comp $TMP/long.clp
expect_rc "SIGTERM chc-comp" 143
expect_out "SIGTERM chc-comp: verdict" "unknown"

# --- --memory ------------------------------------------------------------------
# Too little memory: unknown, the reason names the memory limit (and which of
# the three caps was hit), exit 20, whatever the language.
for f in examples/rational_fixed.clp tests/smt2/array_bool_safe.smt2 \
         tests/c/arith_safe.c; do
  for m in 1 5; do
    run --memory=$m "$f"
    expect_rc "--memory=$m $f" 20
    expect_out "--memory=$m $f: verdict" "unknown"
    expect_grep "--memory=$m $f: reason" "$ERR" '^car: unknown: memory limit reached \((Z3|BDD nodes|GC heap)\)$'
  done
done
run --memory=5 tests/smt2/array_bool_safe.smt2
expect_grep "--memory=5 smt2: Z3's cap" "$ERR" 'memory limit reached \(Z3\)'
run --memory=5 --format=json tests/smt2/array_bool_safe.smt2
expect_json "--memory json" "
assert o['verdict'] == 'unknown' and o['exit'] == 20, o
assert o['reason'].startswith('memory limit reached'), o['reason']
"
# The GC heap: a 5 MB rule set does not fit into 4 MB.
python3 -c '
print("goal E.")
for i in range(200000): print("R%d(x) :- x = %d." % (i, i))
print("E :- R0(x), x > 5.")' >$TMP/big.clp
run --memory=4 --stats $TMP/big.clp
expect_rc "--memory=4 big" 20
expect_out "--memory=4 big: verdict" "unknown"
expect_grep "--memory=4 big: GC heap" "$ERR" '^car: unknown: memory limit reached \(GC heap\)$'
expect_grep "--memory=4 big: stats" "$ERR" '^time-total: '
if grep -q 'GC Warning' "$ERR"; then bad "--memory=4: GC's own warning printed"; else ok; fi
run --memory=200 examples/rational_fixed.clp
expect_rc "--memory=200" 0

# --- standard input, every language --------------------------------------------
run_in examples/rational_bug.clp --lang=clp -
expect_rc "clp from -" 10
expect_out "clp from -: verdict" "unsafe"
cat examples/rational_fixed.clp | timeout 60 "$CAR" --lang=clp /dev/stdin >"$OUT" 2>"$ERR"; rc=$?
expect_rc "clp piped to /dev/stdin" 0
run_in tests/smt2/array_unsafe.smt2 --lang=smt2 --format=chc-comp -
expect_rc "smt2 from -" 10
expect_out "smt2 from -: verdict" "unsat"
cat tests/c/arith_safe.c | timeout 60 "$CAR" --lang=c /dev/stdin >"$OUT" 2>"$ERR"; rc=$?
expect_rc "c piped to /dev/stdin" 0
expect_out "c piped to /dev/stdin: verdict" "safe"
cat tests/c/arith_unsafe.c | timeout 60 "$CAR" --lang=c --cex - >"$OUT" 2>"$ERR"; rc=$?
expect_rc "c piped to -" 10
# the counterexample shows the source text, read once from the pipe
expect_grep "c from -: cex source line" "$OUT" '^/dev/stdin:9: if \(x \+ y <= x\) reach_error\(\);'
run_in tests/c/errors/syntax_missing_semi.c --lang=c -
expect_rc "c syntax error from -" 1
expect_out "c syntax error from -: verdict" "unknown"
expect_grep "c syntax error from -: position" "$ERR" '^/dev/stdin:5:3: error: syntax error'
# (without --lang the language is detected from the text: tests/stdin.sh)
# quoted includes are still found next to the file (cpp reads from a pipe)
mkdir -p $TMP/inc
printf '#define LIMIT 10\n' >$TMP/inc/limit.h
printf '#include "limit.h"\nextern void reach_error(void);\nint main(void) {\n  int i = 0;\n  while (i < LIMIT) i++;\n  if (i != LIMIT) reach_error();\n  return 0;\n}\n' >$TMP/inc/main.c
run $TMP/inc/main.c
expect_rc "quoted include next to the file" 0

# --- --version -----------------------------------------------------------------
run --version
expect_rc "--version" 0
expect_grep "--version names the commit" "$OUT" '^car [0-9.]+ \(commit [^ )]+\)$'
expect_grep "--version names the libraries" "$OUT" '^z3 [0-9]+\.[0-9]+\.[0-9]+, BuDDy [0-9.]+, Boehm GC [0-9]+\.[0-9]+\.[0-9]+$'
if git rev-parse --git-dir >/dev/null 2>&1; then
  head=$(git rev-parse --short=7 HEAD)
  expect_grep "--version commit is HEAD's ($head)" "$OUT" "commit ([^)]*-g)?$head"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
