#!/bin/bash
# tests/bench.sh CAR -- tests of the benchmark runner car-bench (found next
# to CAR), with the fake solvers and tiny suites in tests/bench/.  Run from
# the repository root.  Prints "N passed, N failed" last.
car=${1:?usage: tests/bench.sh path/to/car}
bench=$(dirname "$car")/car-bench
fake="bash tests/bench/fake.sh"
pass=0 fail=0
work=$(mktemp -d /tmp/car-bench-test.XXXXXX)
trap 'rm -rf "$work"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then ok; else bad "$what"; fi
}
# row OUT CONFIG FILE -> "verdict,status" of that run in OUT/runs.csv
row() { awk -F, -v c="$2" -v f="$3" '$1 == c && $2 == f {print $4 "," $5}' \
          "$1/runs.csv"; }
expect_row() {  # expect_row OUT CONFIG FILE VERDICT,STATUS
  local got; got=$(row "$1" "$2" "$3")
  if [ "$got" = "$4" ]; then ok; else bad "$2 on $3: got '$got', want '$4'"; fi
}
field() { awk -F, -v c="$2" -v f="$3" -v k="$4" \
            '$1 == c && $2 == f {print $k}' "$1/runs.csv"; }

if [ ! -x "$bench" ]; then
  echo "car-bench not found at $bench (build target car-bench)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# 1. Every classification, from one configuration obeying each file.
out=$work/mix
mkdir -p "$work/pids"
"$bench" --suite tests/bench/mix --timeout 1 --grace 0.5 --memory 200 \
  --config "fake=$fake file {file} $work/pids" --out "$out" \
  >"$work/mix.stdout" 2>"$work/mix.stderr"
check "all-correct run exits 0" [ $? -eq 0 ]
expect_row "$out" fake safe.in safe,correct
expect_row "$out" fake unsafe.in unsafe,correct
expect_row "$out" fake sat.in safe,correct          # sat = safe
expect_row "$out" fake slow.in none,timeout
expect_row "$out" fake hog.in none,memout
expect_row "$out" fake crash.in none,error
expect_row "$out" fake giveup.in unknown,unknown
expect_row "$out" fake silent.in none,error
expect_row "$out" fake open.in safe,unchecked       # expected unknown
check "csv header" [ "$(head -1 "$out/runs.csv")" = \
  "config,file,expected,verdict,status,wall,cpu,rss_kb,exit,time_parse,time_pre,time_abstract,time_etc,time_refine,time_bmc,time_cert,time_total,z3_calls,iterations" ]
check "no car stats for another solver" \
  [ "$(grep '^fake,safe.in,' "$out/runs.csv" | cut -d, -f10-19)" = ",,,,,,,,," ]
check "csv has 9 runs" [ "$(wc -l < "$out/runs.csv")" -eq 10 ]
check "expected sat normalised to safe" \
  [ "$(field "$out" fake sat.in 3)" = safe ]
check "crash exit is 128+SIGSEGV" [ "$(field "$out" fake crash.in 9)" = 139 ]
check "silent exit code kept" [ "$(field "$out" fake silent.in 9)" = 3 ]
wall=$(field "$out" fake slow.in 6)
check "timeout killed near the limit (wall $wall)" \
  awk -v w="$wall" 'BEGIN { exit !(w >= 1.0 && w < 3.0) }'
gone() {  # gone PID: no such process, or a zombie (killed, not yet reaped)
  local st
  for _ in $(seq 20); do
    st=$(ps -o stat= -p "$1" 2>/dev/null)
    [ -z "$st" ] || [[ $st == Z* ]] && return 0
    sleep 0.1
  done
  return 1
}
check "timeout killed the whole process group" \
  gone "$(cat "$work/pids/sleep.pid")"
check "rss measured" [ "$(field "$out" fake safe.in 8)" -gt 0 ]
check "markdown row" grep -qF \
  "| fake | 9 | 4 | 3 | 1 | 0 | 1 | 1 | 1 | 1 | 2 |" "$out/summary.md"
check "markdown PAR-2 (5 unsolved x 2 x 1 s + solved walls)" \
  grep -qE '^\| fake \|.*\| 1[0-9]\.[0-9] \| 1\.[0-9]{2} \|' "$out/summary.md"
check "summary printed on stdout" grep -qF "| fake | 9 |" "$work/mix.stdout"
check "progress on stderr" grep -qF "[9/9 " "$work/mix.stderr"
check "logs kept" grep -q "about to crash" "$out/logs/fake/crash.in.err"
check "cactus data written" grep -q "^# fake" "$out/cactus.dat"
if command -v python3 >/dev/null; then
  check "runs.json is valid JSON with 9 runs" python3 -c "
import json, sys
d = json.load(open('$out/runs.json'))
sys.exit(not (len(d['runs']) == 9 and d['summary'][0]['memout'] == 1
              and d['summary'][0]['solved'] == 4))"
fi
if command -v gnuplot >/dev/null; then
  check "cactus.png drawn" [ -s "$out/cactus.png" ]
fi

# 2. A wrong verdict is loud and makes the exit status nonzero.
out=$work/wrong
"$bench" --suite tests/bench/mix --filter 'safe.in' --filter 'unsafe.in' \
  --config "fake=$fake answer {file}" --config "liar=$fake lie {file}" \
  --timeout 5 --out "$out" >"$work/wrong.stdout" 2>"$work/wrong.stderr"
check "wrong verdict exits 1" [ $? -eq 1 ]
expect_row "$out" liar safe.in unsafe,wrong
expect_row "$out" liar unsafe.in safe,wrong
expect_row "$out" fake safe.in safe,correct
check "wrong verdict printed loudly" \
  grep -qF "*** WRONG VERDICT *** liar said unsafe on safe.in, expected safe" \
  "$work/wrong.stderr"
check "wrong verdict in markdown" grep -qF "**WRONG VERDICTS: 2**" \
  "$out/summary.md"
check "filter kept 2 files" [ "$(wc -l < "$out/runs.csv")" -eq 5 ]

# 3. --compare on the runs.csv of an earlier run.
"$bench" --out "$out" --compare fake liar >"$work/cmp.txt" 2>&1
check "--compare exits 0" [ $? -eq 0 ]
check "--compare counts" grep -qF "solved by fake only: 2" "$work/cmp.txt"
check "--compare both" grep -qF "solved by both: 0" "$work/cmp.txt"
check "--compare row" grep -qF "| safe.in | safe | correct |" "$work/cmp.txt"
check "--compare file written" [ -s "$out/compare-fake-liar.md" ]
"$bench" --out "$out" --compare fake nosuch >/dev/null 2>&1
check "--compare unknown config exits 2" [ $? -eq 2 ]

# 4. Two configurations disagreeing on a file with no expected answer.
"$bench" --suite tests/bench/mix --filter open.in --quiet \
  --config "fake=$fake answer {file}" --config "liar=$fake lie {file}" \
  --out "$work/dis" >/dev/null 2>"$work/dis.stderr"
check "disagreement exits 1" [ $? -eq 1 ]
check "disagreement printed" grep -qF "*** DISAGREEMENT *** on open.in" \
  "$work/dis.stderr"

# 5. Verdict rules, sh -c pipelines with {tmp}, a reference, --limit.
out=$work/rules
"$bench" --suite tests/bench/mix --filter 'safe.in' --filter 'unsafe.in' \
  --filter 'sat.in' --quiet --timeout 5 \
  --config "fake=$fake answer {file}" \
  --config "words=$fake words {file}" \
  --verdict 'words=/TRUE/:safe,/FALSE/:unsafe,scan=any' \
  --config "plain=$fake words {file}" \
  --config "pipe=sh -c 'cp {file} {tmp}/copy && $fake file {tmp}/copy'" \
  --config "assign=sh -c 'f={file}; if [ -f \"\$f\" ]; then set -- \"\$f\"; fi; exec $fake answer \"\$@\"'" \
  --config "code=$fake silent {file}" --verdict 'code=exit=3:unknown' \
  --reference words --compare fake words --out "$out" \
  >"$work/rules.stdout" 2>&1
check "rules run exits 0" [ $? -eq 0 ]
check "--compare after a run" grep -qF "solved by both: 3" "$work/rules.stdout"
expect_row "$out" words safe.in safe,correct
expect_row "$out" words unsafe.in unsafe,correct
expect_row "$out" plain safe.in none,error   # banner line, default rule
expect_row "$out" pipe unsafe.in unsafe,correct
expect_row "$out" pipe sat.in safe,correct
expect_row "$out" assign unsafe.in unsafe,correct   # its program: exec's
expect_row "$out" code safe.in unknown,unknown
check "reference named in markdown" grep -qF "| words | 3 | 3 | 2 | 1 |" \
  "$out/summary.md"
check "reference marked" grep -qF "1.00 (reference) |" "$out/summary.md"
"$bench" --suite tests/bench/mix --limit 2 --quiet \
  --config "fake=$fake answer {file}" --out "$work/limit" >/dev/null 2>&1
check "--limit 2 runs 2 files" [ "$(wc -l < "$work/limit/runs.csv")" -eq 3 ]

# 6. A solver that cannot be executed, a missing file: error, not a crash.
printf 'file,expected\nsafe.in,safe\nnothere.in,unsafe\n' > "$work/exp.csv"
: > "$work/noexec"                              # exists, not executable
"$bench" --suite tests/bench/mix --expected "$work/exp.csv" --quiet \
  --config "gone=$work/noexec {file}" --out "$work/gone" \
  >/dev/null 2>"$work/gone.stderr"
check "exec failure exits 0 (no wrong verdict)" [ $? -eq 0 ]
expect_row "$work/gone" gone safe.in none,error
expect_row "$work/gone" gone nothere.in none,error
check "exec failure reported" grep -qF "cannot run '$work/noexec'" \
  "$work/gone.stderr"
# A program that does not exist: a usage error before any run.
for spec in "gone=/nonexistent/solver {file}" "gone=nosuch-solver-xyz {file}" \
            "gone=sh -c 'nosuch-solver-xyz {file} | cat'" \
            "gone=sh -c 'p={file}; exec nosuch-solver-xyz \$p'"; do
  "$bench" --suite tests/bench/mix --quiet --config "$spec" \
    --out "$work/gone2" >/dev/null 2>"$work/gone2.stderr"
  check "missing program exits 2 ($spec)" [ $? -eq 2 ]
  check "missing program named ($spec)" \
    grep -q "config gone: program .* not found" "$work/gone2.stderr"
  check "missing program: nothing run ($spec)" [ ! -e "$work/gone2" ]
done

# 7. Usage errors exit 2.
"$bench" --config "x=true" >/dev/null 2>&1
check "missing --suite exits 2" [ $? -eq 2 ]
"$bench" --suite tests/bench/mix --config nosuchpreset >/dev/null 2>&1
check "unknown preset exits 2" [ $? -eq 2 ]
"$bench" --suite tests/bench/mix --config "x=true" --verdict 'y=a:safe' \
  >/dev/null 2>&1
check "--verdict for unknown config exits 2" [ $? -eq 2 ]
for j in 0 65 x; do
  "$bench" --suite tests/bench/mix --config "x=true" --jobs $j >/dev/null 2>&1
  check "--jobs $j exits 2" [ $? -eq 2 ]
done
"$bench" --suite tests/bench --config "x=true" >/dev/null 2>&1
check "suite without expected.csv exits 2" [ $? -eq 2 ]
"$bench" --help | grep -q "z3-emit"
check "--help lists presets" [ $? -eq 0 ]

# 8. Interrupted: the current run is killed and left out, exit 130.
out=$work/int
rm -f "$work/pids/sleep.pid"
"$bench" --suite tests/bench/mix --filter 'safe.in' --filter 'slow.in' \
  --quiet --timeout 20 --config "fake=$fake file {file} $work/pids" \
  --out "$out" >/dev/null 2>&1 &
pid=$!
for _ in $(seq 300); do [ -s "$work/pids/sleep.pid" ] && break; sleep 0.1; done
kill -INT $pid
wait $pid
check "interrupted run exits 130" [ $? -eq 130 ]
check "interrupted run left out" [ "$(wc -l < "$out/runs.csv")" -eq 2 ]
expect_row "$out" fake safe.in safe,correct

# 9. --jobs N: worker K runs files K, K+N, ...; the merged runs.csv has the
# rows of the --jobs 1 runs above, in the same order (timings aside), and
# the checks and the exit status hold for the merged runs.
rows() { cut -d, -f1-5,9 "$1/runs.csv"; }
for j in 2 3; do
  out=$work/jobs$j
  "$bench" --suite tests/bench/mix --timeout 1 --grace 0.5 --memory 200 \
    --config "fake=$fake file {file} $work/pids" --out "$out" --jobs $j \
    >"$work/jobs$j.stdout" 2>"$work/jobs$j.stderr"
  check "--jobs $j exits 0" [ $? -eq 0 ]
  check "--jobs $j: the rows of --jobs 1" \
    [ "$(rows "$out")" = "$(rows "$work/mix")" ]
  check "--jobs $j: markdown row" grep -qF \
    "| fake | 9 | 4 | 3 | 1 | 0 | 1 | 1 | 1 | 1 | 2 |" "$out/summary.md"
  check "--jobs $j: summary on stdout" grep -qF "| fake | 9 |" \
    "$work/jobs$j.stdout"
  check "--jobs $j in summary.md" grep -qF -- "- jobs: $j (" "$out/summary.md"
  check "--jobs $j in runs.json" grep -qF "\"jobs\": $j," "$out/runs.json"
  check "--jobs $j: logs in OUT/logs" grep -q "about to crash" \
    "$out/logs/fake/crash.in.err"
done
check "--jobs 1 in summary.md" grep -qF -- "- jobs: 1 (" "$work/mix/summary.md"
check "worker 1 of 2 counts its runs" grep -qF "[w1 5/5 " "$work/jobs2.stderr"
check "worker 2 of 2 counts its runs" grep -qF "[w2 4/4 " "$work/jobs2.stderr"
check "worker 3 of 3 counts its runs" grep -qF "[w3 3/3 " "$work/jobs3.stderr"
out=$work/wrong-jobs
"$bench" --suite tests/bench/mix --filter 'safe.in' --filter 'unsafe.in' \
  --config "fake=$fake answer {file}" --config "liar=$fake lie {file}" \
  --timeout 5 --jobs 2 --out "$out" >/dev/null 2>"$work/wrong-jobs.stderr"
check "--jobs 2: wrong verdict exits 1" [ $? -eq 1 ]
check "--jobs 2: the rows of --jobs 1 (wrong)" \
  [ "$(rows "$out")" = "$(rows "$work/wrong")" ]
check "--jobs 2: wrong verdict printed loudly" \
  grep -qF "*** WRONG VERDICT *** liar said unsafe on safe.in, expected safe" \
  "$work/wrong-jobs.stderr"
check "--jobs 2: wrong verdict in markdown" grep -qF "**WRONG VERDICTS: 2**" \
  "$out/summary.md"
"$bench" --suite tests/bench/mix --filter open.in --quiet --jobs 2 \
  --config "fake=$fake answer {file}" --config "liar=$fake lie {file}" \
  --out "$work/dis-jobs" >/dev/null 2>"$work/dis-jobs.stderr"
check "--jobs 2: disagreement exits 1 (worker 2 has no file)" [ $? -eq 1 ]
check "--jobs 2: disagreement printed" \
  grep -qF "*** DISAGREEMENT *** on open.in" "$work/dis-jobs.stderr"

# 10. --jobs 2 interrupted: SIGTERM to the runner stops the workers (each
# kills its current run and keeps the runs it finished); the runner merges
# them and exits 130.  SIGKILL to the runner: the workers still stop.
# Worker 1 has safe.in and slow.in, worker 2 only unsafe.in (it has ended
# by the time of the signal).
start_int() {  # start_int OUT: run until slow.in sleeps and unsafe.in is done
  rm -f "$work/pids/sleep.pid"
  # TMPDIR: the temporary directory of a killed runner goes with $work.
  TMPDIR=$work "$bench" --suite tests/bench/mix --filter 'safe.in' \
    --filter 'slow.in' --filter 'unsafe.in' --quiet --timeout 20 --jobs 2 \
    --config "fake=$fake file {file} $work/pids" --out "$1" \
    >/dev/null 2>&1 &
  pid=$!
  for _ in $(seq 300); do
    [ -s "$work/pids/sleep.pid" ] &&
      [ "$(wc -l < "$1/jobs/2/runs.csv" 2>/dev/null)" = 2 ] && break
    sleep 0.1
  done
  workers=$(ps -o pid= --ppid $pid)
}
all_gone() { local w; for w in "$@"; do gone "$w" || return 1; done; }
out=$work/int-jobs
start_int "$out"
kill -TERM $pid
wait $pid
check "--jobs 2 interrupted exits 130" [ $? -eq 130 ]
check "--jobs 2 interrupted: the finished runs merged" \
  [ "$(rows "$out")" = "$(printf '%s\n' \
    config,file,expected,verdict,status,exit \
    fake,safe.in,safe,safe,correct,0 fake,unsafe.in,unsafe,unsafe,correct,0)" ]
check "--jobs 2 interrupted: the solver was killed" \
  gone "$(cat "$work/pids/sleep.pid")"
check "--jobs 2 interrupted: worker 1 was running" [ -n "$workers" ]
check "--jobs 2 interrupted: no worker left" all_gone $workers
start_int "$work/kill-jobs"
{ kill -KILL $pid; wait $pid; } 2>/dev/null   # no "Killed" notice
check "runner killed: the solver was killed" \
  gone "$(cat "$work/pids/sleep.pid")"
check "runner killed: no worker left" all_gone $workers

# 11. z3 (Spacer) preset on real CHC files, when z3 is installed.
if command -v z3 >/dev/null; then
  "$bench" --suite tests/bench/chc --config z3 --quiet --timeout 20 \
    --out "$work/z3" >/dev/null 2>&1
  check "z3 run exits 0" [ $? -eq 0 ]
  expect_row "$work/z3" z3 safe.smt2 safe,correct
  expect_row "$work/z3" z3 unsafe.smt2 unsafe,correct
fi

# 12. car itself (the car preset): its version is recorded; an input it
# rejects (it prints unknown, exit 1 or 4) is an error, not an unknown;
# a --memory stop is a memout.
# (Not under AddressSanitizer: car-bench limits a run's address space,
# and ASan's shadow memory alone exceeds it: every run would be a memout.)
if grep -qa __asan_init "$car"; then
  echo "(car preset checks skipped: car is built with AddressSanitizer)"
else
mkdir -p "$work/carsuite"
cp tests/bench/chc/safe.smt2 "$work/carsuite/"
cp tests/smt2/errors/err_syntax.smt2 tests/smt2/errors/err_real_sort.smt2 "$work/carsuite/"
printf 'file,expected\nsafe.smt2,sat\nerr_syntax.smt2,unknown\nerr_real_sort.smt2,unknown\n' \
  >"$work/carsuite/expected.csv"
"$bench" --suite "$work/carsuite" --config car --car "$car" --quiet \
  --timeout 20 --out "$work/car" >/dev/null 2>&1
check "car run exits 0" [ $? -eq 0 ]
expect_row "$work/car" car safe.smt2 safe,correct
expect_row "$work/car" car err_syntax.smt2 error,error
expect_row "$work/car" car err_real_sort.smt2 error,error
check "runs.json records car --version" \
  grep -qE '"car_version": "car [0-9.]+ \(commit [^)]+\); z3 [0-9.]+, BuDDy' \
  "$work/car/runs.json"
check "summary.md records car --version" grep -q '^- car: `car ' \
  "$work/car/summary.md"
"$bench" --suite "$work/carsuite" --filter safe.smt2 --quiet --timeout 20 \
  --config "small={car} --memory=1 {file}" --car "$car" \
  --out "$work/carmem" >/dev/null 2>&1
expect_row "$work/carmem" small safe.smt2 unknown,memout

# 13. car's --stats as columns (the car preset passes --stats), the machine
# and the tools' versions in runs.json and summary.md.
mkdir -p "$work/phsuite"
cp examples/rational_fixed.clp examples/rational_bug.clp "$work/phsuite/"
printf 'file,expected\nrational_fixed.clp,safe\nrational_bug.clp,unsafe\n' \
  >"$work/phsuite/expected.csv"
"$bench" --suite "$work/phsuite" --config car --config "echo=sh -c 'echo safe'" \
  --car "$car" --quiet --timeout 60 --out "$work/ph" >/dev/null 2>&1
check "stats run exits 1 (echo is wrong once)" [ $? -eq 1 ]
for f in rational_fixed.clp rational_bug.clp; do
  for k in 10 12 13 14 15 16 17 18 19; do   # every column but time_pre
    v=$(field "$work/ph" car "$f" "$k")
    check "car stats column $k filled on $f ('$v')" \
      awk -v v="$v" 'BEGIN { exit !(v ~ /^[0-9]+(\.[0-9]+)?$/) }'
  done
  check "no stats for echo on $f" \
    [ "$(grep "^echo,$f," "$work/ph/runs.csv" | cut -d, -f10-19)" = ",,,,,,,,," ]
done
check "runs.json has time_refine" grep -q '"time_refine": [0-9]' "$work/ph/runs.json"
check "runs.json has the machine" \
  grep -qE '"machine": \{"cpu": "[^"]+", "cores": [1-9][0-9]*, "memory_mb": [1-9]' \
  "$work/ph/runs.json"
check "runs.json has each tool's version" \
  grep -qE '"name": "echo", .*"version": "[^"]*echo' "$work/ph/runs.json"
check "runs.json: a complete run is not partial" \
  grep -q '"partial": null' "$work/ph/runs.json"
check "summary.md has the machine" grep -q '^- machine: .*cores.*MB memory; kernel ' \
  "$work/ph/summary.md"
check "summary.md has car's version per config" \
  grep -q '^- config `car`: .*(version: car ' "$work/ph/summary.md"
python3 bench/suites/phases.py "$work/ph/runs.csv" >"$work/ph/phases.md" 2>&1
check "phases.py runs" [ $? -eq 0 ]
check "phases.py: a row for the car config" \
  grep -q '^| car | all | 2 |' "$work/ph/phases.md"
# --jobs 2: the workers' runs.csv carry the stats through the merge.
"$bench" --suite "$work/phsuite" --config car --car "$car" --quiet --jobs 2 \
  --timeout 60 --out "$work/ph2" >/dev/null 2>&1
check "stats --jobs 2 run exits 0" [ $? -eq 0 ]
for f in rational_fixed.clp rational_bug.clp; do
  check "--jobs 2 keeps time_total and z3_calls on $f" \
    awk -v t="$(field "$work/ph2" car "$f" 17)" -v z="$(field "$work/ph2" car "$f" 18)" \
      'BEGIN { exit !(t > 0 && z > 0) }'
done
fi

# 14. An interrupted run is partial: the summary and runs.json say so.
"$bench" --suite tests/bench/mix --filter safe.in --filter unsafe.in \
  --config "s=sleep 0" --config "l=sleep 30" --verdict 's=exit=0:safe' \
  --quiet --timeout 60 --out "$work/part" >/dev/null 2>&1 &
bpid=$!
sleep 2                                  # s done on safe.in, l sleeping
kill -INT "$bpid"; wait "$bpid"
check "interrupted run exits 130" [ $? -eq 130 ]
check "summary.md says partial" \
  grep -q '^\*\*partial: 1 of 4 runs done\*\*' "$work/part/summary.md"
check "runs.json says partial" \
  grep -q '"partial": "partial: 1 of 4 runs done"' "$work/part/runs.json"
check "partial counts cover the runs done" grep -q '^| s | 1 | 1 |' \
  "$work/part/summary.md"

# 15. --rss: a solver whose child holds 300 MB resident (fake.sh resident)
# runs under the address-space limit alone, is a memout under --rss 100
# (killed long before its 2 s) and runs under --rss 1000.
mkdir -p "$work/rss"
printf 'truth: safe\nbehave: resident\n' >"$work/rss/resident.in"
printf 'file,expected\nresident.in,safe\n' >"$work/rss/expected.csv"
rss_run() {  # rss_run NAME OPTIONS...: run the suite into $work/rss-NAME
  local name=$1; shift
  "$bench" --suite "$work/rss" --config "fake=$fake file {file}" --quiet \
    --timeout 20 --out "$work/rss-$name" "$@" >/dev/null 2>&1
}
rss_run as --memory 4096
check "300 MB under --memory 4096 exits 0" [ $? -eq 0 ]
expect_row "$work/rss-as" fake resident.in safe,correct
rss_run over --memory 4096 --rss 100
check "300 MB under --rss 100 exits 0" [ $? -eq 0 ]
expect_row "$work/rss-over" fake resident.in none,memout
check "--rss 100: killed by SIGKILL (exit 137)" \
  [ "$(field "$work/rss-over" fake resident.in 9)" = 137 ]
check "--rss 100: killed before the 2 s of the solver" \
  awk -v w="$(field "$work/rss-over" fake resident.in 6)" 'BEGIN { exit !(w < 2) }'
check "--rss 100: peak RSS recorded over 100 MB" \
  [ "$(field "$work/rss-over" fake resident.in 8)" -gt 102400 ]
check "--rss in summary.md" \
  grep -qE '^- limits: 20 s wall, 4096 MB memory, 100 MB resident \((cgroup v2|polling)' \
  "$work/rss-over/summary.md"
check "--rss in runs.json" grep -qF '"rss_mb": 100,' "$work/rss-over/runs.json"
rss_run under --memory 0 --rss 1000
expect_row "$work/rss-under" fake resident.in safe,correct
"$bench" --suite "$work/rss" --config "fake=$fake file {file}" --rss x \
  >/dev/null 2>&1
check "--rss x exits 2" [ $? -eq 2 ]

# 16. SV-COMP task suites: a .set of globs of .yml files (relative to the
# .set, # comments), and a directory of .yml files; each task's file is
# the .yml, its expected answer unreach-call's expected_verdict; a task
# without unreach-call is left out.  A bad task: positioned error, exit 2.
want=$(printf '%s\n' config,file,expected cat,loops/safe.yml,safe \
         cat,loops/unsafe.yml,unsafe cat,open.yml,unknown)
for s in tests/bench/tasks/reach.set tests/bench/tasks; do
  "$bench" --suite "$s" --config "cat=cat {file}" --quiet \
    --out "$work/tasks" >/dev/null 2>"$work/tasks.stderr"
  check "task suite $s exits 0" [ $? -eq 0 ]
  check "task suite $s: files and expected answers" \
    [ "$(cut -d, -f1-3 "$work/tasks/runs.csv")" = "$want" ]
  check "task suite $s: memsafety task left out" grep -qxF \
    "car-bench: 1 task(s) without an unreach-call property in C left out" \
    "$work/tasks.stderr"
done
"$bench" --suite tests/bench/tasks/reach.set --filter 'loops/*' --limit 1 \
  --config "cat=cat {file}" --quiet --out "$work/tasks1" >/dev/null 2>&1
check "task suite --filter --limit" \
  [ "$(cut -d, -f2,3 "$work/tasks1/runs.csv")" = "$(printf 'file,expected\nloops/safe.yml,safe')" ]
"$bench" --suite tests/bench/tasks/reach.set --filter 'loops/*' --rss 500 \
  --config "echo=echo {program} {data_model} {rss} {memory}" --keep-logs \
  --quiet --out "$work/tasks-ph" >/dev/null 2>&1
check "{program} {data_model} {rss} {memory} of a task" \
  [ "$(cat "$work/tasks-ph/logs/echo/loops__unsafe.yml.out")" = \
    "$(pwd)/tests/c/arith_unsafe.c LP64 500 4096" ]
"$bench" --suite tests/bench/mix --filter safe.in \
  --config "echo=echo {program} [{data_model}] {rss}" --keep-logs \
  --quiet --out "$work/mix-ph" >/dev/null 2>&1
check "{program} {data_model} {rss} of a csv suite's file" \
  [ "$(cat "$work/mix-ph/logs/echo/safe.in.out")" = \
    "$(pwd)/tests/bench/mix/safe.in [] 0" ]
"$bench" --suite tests/bench/badtask/bad.set --config "cat=cat {file}" \
  --quiet --out "$work/badtask" >/dev/null 2>"$work/badtask.stderr"
check "bad task exits 2" [ $? -eq 2 ]
check "bad task: the positioned error, then the count" \
  [ "$(cat "$work/badtask.stderr")" = "$(printf '%s\n' \
  "tests/bench/badtask/bad.yml:5:23: error: 'expected_verdict' must be true or false" \
  "car-bench: tests/bench/badtask/bad.set: 1 bad task file(s); nothing was run")" ]
check "bad task: nothing run" [ ! -e "$work/badtask" ]
mkdir -p "$work/odd"
cp tests/bench/tasks/reach.set "$work/odd/"
printf 'nothing/*.yml\n  # only a comment\n   odd/*.set # not a task\n' \
  >"$work/odd.set"
"$bench" --suite "$work/odd.set" --config "cat=cat {file}" --quiet \
  --out "$work/odd-out" >/dev/null 2>"$work/odd.stderr"
check "a .set naming a non-task file exits 2" [ $? -eq 2 ]
check "a glob matching nothing: warning at its position" grep -qxF \
  "$work/odd.set:1:1: warning: no file matches 'nothing/*.yml'" "$work/odd.stderr"
check "a non-task file: error at its position" grep -qxF \
  "$work/odd.set:3:4: error: '$work/odd/reach.set' is not a task definition (.yml or .yaml)" \
  "$work/odd.stderr"
if ! grep -qa __asan_init "$car"; then
  "$bench" --suite tests/bench/tasks/reach.set --config car --car "$car" \
    --quiet --timeout 30 --out "$work/tasks-car" >/dev/null 2>&1
  check "car on the task suite exits 0" [ $? -eq 0 ]
  expect_row "$work/tasks-car" car loops/safe.yml safe,correct
  expect_row "$work/tasks-car" car loops/unsafe.yml unsafe,correct
  expect_row "$work/tasks-car" car open.yml safe,unchecked
fi

# 17. Corpora (docs/corpora.md): bench/corpora/verify.sh writes and checks
# a checksum list (a copy of tests/bench/chc here), names what differs;
# the suite scripts' --corpus [NAME=]DIR (bench/suites/common.sh).
verify=bench/corpora/verify.sh
mkdir -p "$work/corp"
cp -r tests/bench/chc "$work/corp/mini"
"$verify" --write "$work/corp/mini.sha256" "$work/corp/mini" >/dev/null
check "verify.sh --write: 3 files listed" \
  [ "$(cut -c67- "$work/corp/mini.sha256")" = "$(printf '%s\n' expected.csv safe.smt2 unsafe.smt2)" ]
out=$("$verify" "$work/corp/mini.sha256" "$work/corp/mini")
check "verify.sh: an unchanged copy matches (exit 0)" [ $? -eq 0 ]
check "verify.sh: the match line" \
  [ "$out" = "mini: $work/corp/mini: 3 files match $work/corp/mini.sha256" ]
echo '; changed' >>"$work/corp/mini/safe.smt2"
rm "$work/corp/mini/unsafe.smt2"
: >"$work/corp/mini/extra.smt2"
out=$("$verify" "$work/corp/mini.sha256" "$work/corp/mini")
check "verify.sh: a changed copy fails (exit 1)" [ $? -eq 1 ]
check "verify.sh: what differs, what is extra, the count" [ "$out" = "$(printf '%s\n' \
  'safe.smt2: FAILED' 'unsafe.smt2: FAILED open or read' \
  'not in the list: extra.smt2' \
  "mini: $work/corp/mini: 2 of 3 files differ or are missing")" ]
"$verify" chc "$work/nonexistent" >/dev/null 2>&1
check "verify.sh: a missing directory exits 2" [ $? -eq 2 ]
corpus_of() {  # corpus_of ARGS... -> "remaining args|corpus c|corpus chc"
  SHARED=$work/shared bash -c '. bench/suites/common.sh
    echo "$*|$(corpus c)|$(corpus chc)"' _ "$@"
}
check "--corpus DIR: the one corpus, other arguments kept" \
  [ "$(corpus_of --limit 2 --corpus "$work/corp/mini" --filter 'x y' 2>/dev/null)" = \
    "--limit 2 --filter x y|$work/corp/mini|$work/corp/mini" ]
check "--corpus NAME=DIR and the SHARED default" \
  [ "$(corpus_of --corpus=chc="$work/corp/mini" 2>/dev/null)" = \
    "|$work/shared/c|$work/corp/mini" ]
check "--corpus: a directory that is not the corpus is warned about" \
  [ "$(corpus_of --corpus chc="$work/corp/mini" 2>&1 >/dev/null)" = \
    "warning: $work/corp/mini is not the chc corpus of docs/corpora.md (bench/corpora/verify.sh chc $work/corp/mini says what differs)" ]
# The committed lists against ../shared/benchmarks (skipped without it).
shared=$(cd .. && pwd)/shared/benchmarks
if [ -d "$shared" ]; then
  for c in chc:397 c:252 param:65; do
    n=${c%%:*}
    out=$("$verify" "$n" "$shared/$n" | tail -n 1)
    check "bench/corpora/$n.sha256 matches $shared/$n" \
      [ "$out" = "$n: $shared/$n: ${c#*:} files match bench/corpora/$n.sha256" ]
  done
  check "--corpus: the shared corpus itself gets no warning" \
    [ -z "$(corpus_of --corpus chc="$shared/chc" 2>&1 >/dev/null)" ]
else
  echo "(corpus checksums not checked: no $shared)"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
