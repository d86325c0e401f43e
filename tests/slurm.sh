#!/bin/bash
# tests/slurm.sh CAR -- car-bench on a cluster: a one-node SLURM on this
# machine (munged, slurmctld and slurmd as root, every file of theirs in a
# temporary folder), the tiny suite tests/bench/mix run as a 3-task job
# array (--slurm --slurm-wait), and the merged reports checked against a
# local run of the same command, file by file; then --collect, a missing
# shard, sbatch errors and arguments that a shell would have run.  Installs
# slurm-wlm and munge with apt-get when they are missing; exits 77 (skip)
# only when they cannot be installed or it is not root.  Run from the
# repository root.  Prints "N passed, N failed" last.
car=${1:?usage: tests/slurm.sh path/to/car}
bench=$(cd "$(dirname "$car")" && pwd -P)/car-bench
fake="bash tests/bench/fake.sh"
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then ok; else bad "$what"; fi
}
skip() { echo "SKIP: $*" >&2; exit 77; }

if [ ! -x "$bench" ]; then
  echo "car-bench not found at $bench (build target car-bench)" >&2
  echo "0 passed, 1 failed"
  exit 1
fi
[ "$(id -u)" = 0 ] || skip "tests/slurm.sh runs slurmd, which needs root"
daemons="munged mungekey slurmctld slurmd sbatch squeue sinfo scancel"
have_all() {
  for p in $daemons; do PATH=$PATH:/usr/sbin command -v "$p" >/dev/null ||
    return 1; done
}
if ! have_all; then
  command -v apt-get >/dev/null || skip "no slurm-wlm/munge and no apt-get"
  echo "installing slurm-wlm and munge (apt-get)" >&2
  apt_log=$(mktemp /tmp/car-slurm-apt.XXXXXX)
  install() {
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=120 \
      install -y -q --no-install-recommends slurm-wlm munge >>"$apt_log" 2>&1
  }
  if ! install && ! { apt-get -q update >>"$apt_log" 2>&1 && install; }; then
    tail -n 5 "$apt_log" >&2
    rm -f "$apt_log"
    skip "apt-get could not install slurm-wlm and munge"
  fi
  rm -f "$apt_log"
  have_all || skip "slurm-wlm and munge installed, but not all of $daemons"
fi
export PATH=$PATH:/usr/sbin

# The cluster: everything under $tmp, ports picked from the pid.
tmp=$(mktemp -d /tmp/car-slurm.XXXXXX)
work=$tmp/work
mkdir -p "$tmp/munge" "$tmp/state" "$tmp/spool" "$tmp/log" "$work"
chmod 700 "$tmp" "$tmp/munge"
export SLURM_CONF=$tmp/slurm.conf
stop() {  # the daemons by their pid files, then the folder
  scancel --quiet --full $(squeue -h -o %A 2>/dev/null) 2>/dev/null
  for d in slurmd slurmctld munge/munged; do
    [ -s "$tmp/$d.pid" ] || continue
    local pid; pid=$(cat "$tmp/$d.pid")
    kill "$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -9 "$pid" 2>/dev/null
  done
  rm -rf "$tmp"
}
trap stop EXIT
node=$(slurmd -C | head -1)       # NodeName=HOST CPUs=... RealMemory=...
host=${node%% *}; host=${host#NodeName=}
port=$((20000 + $$ % 20000 / 2 * 2))
mungekey -c -k "$tmp/munge/munge.key" ||
  { echo "mungekey failed" >&2; echo "0 passed, 1 failed"; exit 1; }
munged -f -S "$tmp/munge/socket" --key-file="$tmp/munge/munge.key" \
  --pid-file="$tmp/munge/munged.pid" --log-file="$tmp/log/munged.log" \
  --seed-file="$tmp/munge/seed"
cat >"$SLURM_CONF" <<EOF
ClusterName=carbench
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$tmp/munge/socket
CredType=cred/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SlurmUser=root
SlurmdUser=root
ReturnToService=2
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
slurmctld -f "$SLURM_CONF" && slurmd -f "$SLURM_CONF"
for _ in $(seq 60); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  sleep 0.5
done
if [ "$(sinfo -h -o %t 2>/dev/null)" != idle ]; then
  echo "the one-node SLURM did not come up: sinfo says" \
       "'$(sinfo -h -o %t 2>&1)'" >&2
  tail -n 5 "$tmp"/log/*.log >&2
  echo "0 passed, 1 failed"
  exit 1
fi

# 1. The same command, here and as a 3-task array.  The third configuration
# carries words a shell would run (its extra argument is unused by fake.sh
# in mode answer), and so does --slurm-args: nothing may run them.
args=(--suite tests/bench/mix --timeout 1 --grace 0.5 --memory 200
      --config "fake=$fake file {file}" --config "ans=$fake answer {file}"
      --config "odd=$fake answer {file} '\$(touch $work/pwned)'\"'\"x")
"$bench" "${args[@]}" --out "$work/local" --quiet >/dev/null
check "local run exits 0" [ $? -eq 0 ]
start=$(date +%s)
timeout 100 "$bench" "${args[@]}" --out "$work/array" --slurm --slurm-tasks 3 \
  --slurm-wait --slurm-args "--comment='a b;touch $work/pwned2'" \
  >"$work/array.stdout" 2>"$work/array.stderr"
check "--slurm --slurm-wait exits 0" [ $? -eq 0 ]
echo "array run: $(($(date +%s) - start)) s" >&2
a=$work/array
id=$(cat "$a/slurm/job" 2>/dev/null)
check "job id recorded ($id)" grep -qx '[0-9][0-9]*' "$a/slurm/job"
check "submission message names the job" \
  grep -q "submitted SLURM job $id: 3 array tasks" "$work/array.stderr"
verdicts() { cut -d, -f1-5 "$1/runs.csv"; }
check "27 runs merged" [ "$(wc -l < "$a/runs.csv")" -eq 28 ]
check "merged verdicts = local verdicts, file by file, in order" \
  [ "$(verdicts "$work/local")" = "$(verdicts "$a")" ]
check "the timeout and the memout happened on the nodes too" \
  grep -q '^fake,slow.in,safe,none,timeout$' <(verdicts "$a")
check "memout on a node" grep -q '^fake,hog.in,safe,none,memout$' \
  <(verdicts "$a")
check "no shell ran a word of a template" [ ! -e "$work/pwned" ]
check "no shell ran a word of --slurm-args" [ ! -e "$work/pwned2" ]
for k in 1 2 3; do
  check "shard $k has its 3 files x 3 configurations" \
    [ "$(wc -l < "$a/shards/$k/runs.csv")" -eq 10 ]
  check "task $k log" [ -s "$a/slurm/task-$k.log" ]
done
check "task 1 ran files 1, 4, 7" [ "$(cut -d, -f2 "$a/shards/1/runs.csv" |
  sort -u | tr '\n' ' ')" = "file giveup.in safe.in slow.in " ]
check "batch script runs car-bench --slurm-task by absolute paths" \
  grep -qx "exec '$bench' --slurm-task '$a'" \
  "$a/slurm/job.sh"
check "runs.json: 27 of 27 runs, not partial, the job and its tasks" \
  python3 -c "
import json, sys
d = json.load(open('$a/runs.json'))
ok = (len(d['runs']) == 27 and d['runs_done'] == 27 and
      d['runs_total'] == 27 and d['partial'] is None and
      d['slurm'] == {'job': '$id', 'tasks': 3} and
      [s['files'] for s in d['summary']] == [9, 9, 9])
sys.exit(0 if ok else 1)"
check "summary.md counts every file" \
  grep -q '^| fake | 9 | 4 | 3 | 1 | 0 | 1 | 1 | 1 | 1 | 2 |' "$a/summary.md"
check "summary.md: ans solves all 9" grep -q '^| ans | 9 | 9 |' "$a/summary.md"
check "summary.md names the job" \
  grep -qF -- "- slurm: job $id, 3 array tasks" "$a/summary.md"
check "summary printed" grep -q '^| odd | 9 | 9 |' "$work/array.stdout"
check "cactus data" [ -s "$a/cactus.dat" ]
check "the local summary has the same rows" [ "$(grep '^| [a-z]* | 9 ' \
  "$work/local/summary.md" | cut -d'|' -f2-12)" = "$(grep '^| [a-z]* | 9 ' \
  "$a/summary.md" | cut -d'|' -f2-12)" ]

# 2. --collect again, from another directory: the same runs.csv.
cp "$a/runs.csv" "$work/first.csv"
(cd / && "$bench" --collect "$a" >/dev/null 2>&1)
check "--collect exits 0" [ $? -eq 0 ]
check "--collect writes the same runs.csv" cmp -s "$work/first.csv" \
  "$a/runs.csv"

# 3. A shard missing: partial reports, exit 2, the task named.
mv "$a/shards/2" "$work/shard2"
"$bench" --collect "$a" >/dev/null 2>"$work/partial.stderr"
check "--collect with a shard missing exits 2" [ $? -eq 2 ]
check "the missing task is named" \
  grep -q "task 2: 0 of 9 runs" "$work/partial.stderr"
check "summary.md says partial" \
  grep -q '^\*\*partial: 18 of 27 runs done\*\* (array tasks' "$a/summary.md"
check "runs.json says partial" \
  grep -q '"partial": "partial: 18 of 27 runs done"' "$a/runs.json"

# 4. Errors: sbatch refusing, misplaced options, a folder of no array.
"$bench" "${args[@]}" --out "$work/nopart" --slurm --slurm-partition nosuch \
  >/dev/null 2>"$work/nopart.stderr"
check "sbatch refusing the partition: exit 2" [ $? -eq 2 ]
check "... said so" grep -q "sbatch failed" "$work/nopart.stderr"
"$bench" "${args[@]}" --slurm-tasks 3 >/dev/null 2>&1
check "--slurm-tasks without --slurm: exit 2" [ $? -eq 2 ]
"$bench" "${args[@]}" --slurm --jobs 2 >/dev/null 2>&1
check "--slurm with --jobs 2: exit 2" [ $? -eq 2 ]
"$bench" "${args[@]}" --slurm --slurm-tasks 1001 >/dev/null 2>&1
check "--slurm-tasks 1001: exit 2" [ $? -eq 2 ]
"$bench" --collect "$work/local" >/dev/null 2>"$work/nocol.stderr"
check "--collect of a local run: exit 2" [ $? -eq 2 ]
check "... said so" grep -q "no command line of a car-bench --slurm run" \
  "$work/nocol.stderr"
SLURM_ARRAY_TASK_ID=4 "$bench" --slurm-task "$a" >/dev/null 2>&1
check "--slurm-task outside 1..3: exit 2" [ $? -eq 2 ]

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
