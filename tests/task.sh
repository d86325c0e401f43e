#!/bin/bash
# task.sh -- SV-COMP task definitions (car TASK.yml; issue 13).
#
#   bash tests/task.sh CAR        (from the repository root)
#
# Checks, one line each ("ok ..." / "FAIL ..."):
#  1. every tests/task/*.yml: its first line `# expect: safe|unsafe|unknown`
#     is the first line of stdout, with exit 0 / 10 / 20; for unknown,
#     stderr says "car: unknown: FILE: " and why;
#  2. every tests/task/errors/*.yml: exit 1 and stderr has the line
#     FILE:LINE:COL: error: MSG...  ("LINE:COL: MSG" after "# error: " on
#     the file's first line; MSG is a prefix of the message): checked by
#     tests/errors.sh;
#  3. the exact reason for a task without unreach-call, also as JSON and
#     in chc-comp format; --cex through a task names the program's line;
#     an absolute input path; a verdict that contradicts the task's
#     expected_verdict is kept and warned about.
# Prints "N passed, N failed"; exits 1 on any failure.

CAR=${1:?usage: bash tests/task.sh CAR}
. "$(dirname "$0")/lib/cli.sh"
ok() { echo "ok   $1"; pass=$((pass + 1)); }
bad() { echo "FAIL $1: $2"; fail=$((fail + 1)); }

run() {  # run ARGS...: car with a wall limit; stdout/stderr in $TMP/out, err
  timeout 240 "$CAR" "$@" >"$TMP/out" 2>"$TMP/err"
  rc=$?
}

# 1. verdicts (the header is checked by tests/lib/annotated.py)
for f in tests/task/*.yml; do
  line=$(python3 tests/lib/annotated.py --arg=--timeout=120 --wall=240 \
           "--save=$TMP/run" "$CAR" "$f" | sed -n 1p)
  want=$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)
  case $line in
    ok*) ;;
    *) echo "$line"; fail=$((fail + 1)); continue ;;
  esac
  if [ "$want" = unknown ] && ! grep -q "^car: unknown: $f: ." "$TMP/run.err"; then
    bad "$f" "no 'car: unknown: $f: REASON' on stderr: $(head -c 300 "$TMP/run.err" | tr '\n' ' ')"
  else
    ok "$f: $want"
  fi
done

# 2. positioned errors (tests/task/errors/*.yml): tests/errors.sh

# 3. exact outputs
f=tests/task/memsafety.yml
run "$f"
want="car: unknown: $f: the task has no unreach-call property (valid-memsafety, termination: not checked by car)"
if [ "$(cat "$TMP/err")" = "$want" ]; then ok "$f: the reason, exactly"
else bad "$f" "stderr: $(cat "$TMP/err")"; fi
run --format=json "$f"
want='{"verdict":"unknown","reason":"the task has no unreach-call property (valid-memsafety, termination: not checked by car)","exit":20,'
if [ $rc -eq 20 ] && [ "$(head -c ${#want} "$TMP/out")" = "$want" ]; then ok "$f --format=json: unknown with the reason"
else bad "$f --format=json" "exit $rc, stdout: $(head -c 300 "$TMP/out")"; fi
run --format=chc-comp "$f"
if [ $rc -eq 20 ] && [ "$(cat "$TMP/out")" = unknown ]; then ok "$f --format=chc-comp: unknown"
else bad "$f --format=chc-comp" "exit $rc, stdout: $(cat "$TMP/out")"; fi

f=tests/task/unsafe.yml
run --timeout=120 --cex "$f"
last=$(tail -n 1 "$TMP/out")
src=tests/c-gcc/i/glibc_assert_unsafe.c
line=$(grep -n 'assert(s - n < 1000);' "$src" | cut -d: -f1)
if [ $rc -eq 10 ] && [ "$last" = "$src:$line: assert(s - n < 1000);  [n=1000, s=2000]  <- error" ]; then
  ok "$f --cex: the failing assertion of the program"
else bad "$f --cex" "exit $rc, last line: $last"; fi

# an absolute input path, and an expected_verdict the answer contradicts
cat >"$TMP/wrong.yml" <<EOT
format_version: '2.0'
input_files: '$PWD/tests/c/user_verifier_assert_unsafe.c'
properties:
  - property_file: ../properties/unreach-call.prp
    expected_verdict: true
EOT
run --timeout=120 "$TMP/wrong.yml"
if [ $rc -eq 10 ] && [ "$(head -n 1 "$TMP/out")" = unsafe ] &&
   grep -qx "car: warning: the task's expected_verdict for unreach-call is true" "$TMP/err"; then
  ok "absolute input path; contradicted expected_verdict: verdict kept, warning"
else bad "wrong.yml" "exit $rc, stdout $(head -n 1 "$TMP/out"), stderr: $(head -c 300 "$TMP/err")"; fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
