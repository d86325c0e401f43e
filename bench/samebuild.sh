#!/usr/bin/env bash
# samebuild.sh -- do two car binaries give the same answers?
#
#   bash bench/samebuild.sh OLD_CAR NEW_CAR [--out DIR] [--jobs N]
#        [--timeout SEC] [--corpus DIR ...] [--emit-only] [--quick] [--lazy]
#
# For a refactor that must not change any answer.  Two parts, every run in
# parallel through xargs -P (--jobs, default 2):
#
#  1. emit: `car --emit=clp FILE` with both binaries on every input under
#     tests/ and examples/ (.clp .c .i .cub .smt2, recursively) and under the
#     corpora (default ../shared/benchmarks/{chc,c,param}: .smt2 .c .i .cub).
#     stdout and exit code must be byte-identical; stderr, with the binary's
#     path replaced by CAR, is compared too and reported apart ("message
#     differences").  Error cases (nonzero exit) are compared the same way.
#  2. verdicts: `car --timeout=SEC FILE` (default options; .cub under
#     tests/ and examples/ also with --engine=indexed) with both binaries on
#     the same inputs.  Outcome: safe (exit 0), unsafe (10), limit (exit 20
#     "unknown", killed by the outer timeout, or any other exit that came at
#     or after --timeout: a crash on the way out of a timeout, listed apart in
#     verdict-limit-errors.txt), error (any other exit, before the limit).
#       same          both the same outcome (both answered alike, both hit the
#                     limit, or the same error exit code)
#       differ        safe vs unsafe, or an error exit on one side that the
#                     other does not give (error vs answer, error vs limit,
#                     two different error codes)
#       only one      one answered, the other hit the limit: a timeout near
#                     the limit, not a wrong answer (this happens with OLD=NEW)
#     Options that inputs carry in header comments (`// options: ...',
#     `(* expect: V; options: ... *)') are NOT applied: every run uses the
#     default options, so answers there may differ from the tests' expected
#     ones; both binaries see the same command line, which is all that counts.
#
# --emit-only   part 1 only (a couple of minutes)
# --quick       part 2 on tests/ and examples/ only (part 1 on everything)
# --lazy        part 2: on a corpus file where OLD hit the limit, NEW is not
#               run (about a third faster; "answered by only one" then sees
#               only OLD answering, and a NEW crash there goes unseen)
# --corpus DIR  replaces the default corpora; repeatable, and several dirs
#               may follow one --corpus.  A missing corpus is skipped with a
#               message.
# --out DIR     results (default build/samebuild): summary.txt, the lists
#               emit-differ.txt, emit-messages.txt, verdict-differ.txt,
#               verdict-only-one.txt, and the outputs of every differing run
#               under runs/.
#
# Exit: 0 iff no emit, message or verdict difference ("only one" does not
# count); 1 otherwise; 2 usage error.
set -uo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)

# ---------------------------------------------------------------- worker ---
# bash samebuild.sh --_job LINE: one job, LINE = N<TAB>part<TAB>group<TAB>file
# <TAB>extra args.  Writes $SB_OUT/res/N (one tab-separated line).
if [ "${1:-}" = --_job ]; then
  IFS=$'\t' read -r n part group file extra <<<"$2"
  res=$SB_OUT/res/$n
  tmp=$SB_OUT/tmp/$n
  mkdir -p "$tmp"
  cd "$root" || exit 1
  run() { # run WHICH BIN: $tmp/WHICH.{out,err,rc,time}
    local which=$1 bin=$2 rc t0
    t0=$(date +%s.%N)
    # shellcheck disable=SC2086
    if [ "$part" = emit ]; then
      timeout -k 5 "$SB_EMIT_TIMEOUT" "$bin" --emit=clp $extra "$file" \
        >"$tmp/$which.out" 2>"$tmp/$which.err" </dev/null
    else
      timeout -k 5 "$SB_OUTER" "$bin" --timeout="$SB_TIMEOUT" $extra "$file" \
        >"$tmp/$which.out" 2>"$tmp/$which.err" </dev/null
    fi
    rc=$?
    echo "$rc" >"$tmp/$which.rc"
    awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN{printf "%.2f\n", b-a}' >"$tmp/$which.time"
  }
  # outcome RC OUTFILE SECONDS: safe, unsafe, limit, or error:RC[:WORD]
  # (CHC-COMP's sat/unsat, the words for .smt2 input, as safe/unsafe); an
  # error exit (a crash: abort, segfault, internal error) that came at or
  # after the time limit counts as limit (a crash on the way out of a
  # timeout is nondeterministic; seen: Z3's rewriter_exception, exit 134)
  outcome() {
    local v
    v=$(head -n 1 "$2" | awk '{print $1}')
    case "$1:$v" in
      0:safe | 0:sat) echo safe ;;     # sat/unsat: .smt2 input (--format=auto)
      10:unsafe | 10:unsat) echo unsafe ;;
      20:*) echo limit ;;
      124:* | 137:* | 143:*) echo limit ;;  # outer timeout (TERM, KILL)
      *) if awk -v s="$3" -v t="$SB_TIMEOUT" 'BEGIN{exit !(s >= 0.98 * t)}'; then
           echo limit
         else
           echo "error:$1${v:+:$v}"
         fi ;;
    esac
  }
  # a note on an error exit counted as limit: "old error:134 at 5.03 s"
  atlimit() { # atlimit WHICH RC OUTCOME SECONDS
    case "$2:$3" in
      20:limit | 124:limit | 137:limit | 143:limit) ;;
      *:limit) printf '%s error:%s at %s s; ' "$1" "$2" "$4" ;;
    esac
  }
  run old "$SB_OLD"
  rco=$(cat "$tmp/old.rc")
  if [ "$part" = verdict ] && [ "$SB_LAZY" = 1 ] && [ "$group" != tests ] &&
     [ "$group" != examples ] &&
     [ "$(outcome "$rco" "$tmp/old.out" "$(cat "$tmp/old.time")")" = limit ]; then
    # --lazy: OLD hit the limit on a corpus file; NEW is not run
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' verdict "$group" "$file" \
      skipped limit - "" >"$res"
    rm -rf "$tmp"
    exit 0
  fi
  run new "$SB_NEW"
  rcn=$(cat "$tmp/new.rc")
  label=$file${extra:+ $extra}
  keep=0
  if [ "$part" = emit ]; then
    if [ "$rco" = "$rcn" ] && cmp -s "$tmp/old.out" "$tmp/new.out"; then
      status=identical
    else
      status=differ keep=1
    fi
    # stderr with the binary paths (absolute and as given) replaced
    eo=$(cat "$tmp/old.err"; echo x) en=$(cat "$tmp/new.err"; echo x)
    eo=${eo//"$SB_OLD"/CAR} en=${en//"$SB_NEW"/CAR}
    eo=${eo//"$SB_OLD_GIVEN"/CAR} en=${en//"$SB_NEW_GIVEN"/CAR}
    if [ "$eo" = "$en" ]; then msg=same; else msg=differ keep=1
      printf '%s' "${eo%x}" >"$tmp/old.err.norm"
      printf '%s' "${en%x}" >"$tmp/new.err.norm"
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' emit "$group" "$label" "$status" \
      "$msg" "$rco" "$rcn" >"$res"
  else
    to=$(cat "$tmp/old.time") tn=$(cat "$tmp/new.time")
    oo=$(outcome "$rco" "$tmp/old.out" "$to") on=$(outcome "$rcn" "$tmp/new.out" "$tn")
    note=$(atlimit old "$rco" "$oo" "$to"; atlimit new "$rcn" "$on" "$tn")
    [ -n "$note" ] && keep=1
    isans() { [ "$1" = safe ] || [ "$1" = unsafe ]; }
    if [ "$oo" = "$on" ]; then
      if isans "$oo"; then status=same-answer
      elif [ "$oo" = limit ]; then status=same-limit
      else status=same-error; fi
    elif { isans "$oo" && [ "$on" = limit ]; } ||
         { isans "$on" && [ "$oo" = limit ]; }; then
      status=only-one keep=1
    else
      status=differ keep=1
    fi
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' verdict "$group" "$label" \
      "$status" "$oo" "$on" "${note%; }" "$to" "$tn" >"$res"
  fi
  if [ "$keep" = 1 ]; then
    mkdir -p "$SB_OUT/runs/$part"
    mv "$tmp" "$SB_OUT/runs/$part/$n"
    printf '%s\n' "$label" >"$SB_OUT/runs/$part/$n/input"
  else
    rm -rf "$tmp"
  fi
  exit 0
fi

# ----------------------------------------------------------------- driver ---
usage() {
  sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed '$d; s/^# \{0,1\}//' >&2
  exit 2
}
[ $# -ge 2 ] && [ "${1#-}" = "$1" ] && [ "${2#-}" = "$2" ] || usage
old_given=$1 new_given=$2
shift 2
out=$root/build/samebuild jobs=2 timeout=5 emit_only=0 quick=0 lazy=0
corpora=() corpus_given=0
while [ $# -gt 0 ]; do
  case $1 in
    --out) out=${2:?--out DIR}; shift 2 ;;
    --out=*) out=${1#*=}; shift ;;
    --jobs) jobs=${2:?--jobs N}; shift 2 ;;
    --jobs=*) jobs=${1#*=}; shift ;;
    --timeout) timeout=${2:?--timeout SEC}; shift 2 ;;
    --timeout=*) timeout=${1#*=}; shift ;;
    --emit-only) emit_only=1; shift ;;
    --quick) quick=1; shift ;;
    --lazy) lazy=1; shift ;;
    --corpus=*) corpora+=("${1#*=}"); corpus_given=1; shift ;;
    --corpus)
      shift; corpus_given=1
      [ $# -gt 0 ] && [ "${1#--}" = "$1" ] || { echo "--corpus needs a DIR" >&2; exit 2; }
      while [ $# -gt 0 ] && [ "${1#--}" = "$1" ]; do corpora+=("$1"); shift; done ;;
    -h | --help) usage ;;
    *) echo "samebuild.sh: unknown argument: $1" >&2; usage ;;
  esac
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "--jobs: a positive integer" >&2; exit 2; }
[[ $timeout =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v t="$timeout" 'BEGIN{exit !(t>0)}' ||
  { echo "--timeout: a positive number of seconds" >&2; exit 2; }
for b in "$old_given" "$new_given"; do
  [ -x "$b" ] && [ -f "$b" ] || { echo "samebuild.sh: not an executable: $b" >&2; exit 2; }
done
abs() { (cd "$(dirname "$1")" && printf '%s/%s' "$(pwd)" "$(basename "$1")"); }
if [ $corpus_given = 0 ]; then
  shared=${SHARED:-$root/../shared/benchmarks}
  corpora=("$shared/chc" "$shared/c" "$shared/param")
fi

mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)
rm -rf "$out/res" "$out/tmp" "$out/runs"
rm -f "$out"/{jobs.tsv,results.tsv,summary.txt,emit-differ.txt,emit-messages.txt,verdict-differ.txt,verdict-only-one.txt,verdict-limit-errors.txt}
mkdir -p "$out/res" "$out/tmp"

export SB_OLD SB_NEW SB_OLD_GIVEN SB_NEW_GIVEN SB_OUT SB_TIMEOUT SB_OUTER SB_EMIT_TIMEOUT SB_LAZY
SB_LAZY=$lazy
SB_OLD=$(abs "$old_given") SB_NEW=$(abs "$new_given")
SB_OLD_GIVEN=$old_given SB_NEW_GIVEN=$new_given
SB_OUT=$out SB_TIMEOUT=$timeout
SB_OUTER=$(awk -v t="$timeout" 'BEGIN{printf "%g", 2*t+10}')  # car's own limit is --timeout
SB_EMIT_TIMEOUT=${EMIT_TIMEOUT:-60}

# inputs GROUP DIR PATTERN...: "GROUP<TAB>FILE" lines, FILE relative to the
# worktree root when inside it
inputs() {
  local group=$1 dir=$2
  shift 2
  local expr=() p
  for p in "$@"; do expr+=(${expr[@]:+-o} -name "*.$p"); done
  (cd "$root" && find "$dir" -type f \( "${expr[@]}" \) | LC_ALL=C sort) |
    while IFS= read -r f; do printf '%s\t%s\n' "$group" "$f"; done
}
{
  inputs tests tests clp c i cub smt2
  inputs examples examples clp c i cub smt2
} >"$out/own.tsv"
: >"$out/corpora.tsv"
for c in "${corpora[@]}"; do
  if [ ! -d "$c" ]; then
    echo "samebuild.sh: skipping corpus $c: not found" | tee -a "$out/skipped.txt" >&2
    continue
  fi
  cabs=$(cd "$c" && pwd)
  case $cabs/ in "$root"/*) cdir=${cabs#"$root"/} ;; *) cdir=$(realpath -m --relative-to="$root" "$cabs") ;; esac
  inputs "$(basename "$cabs")" "$cdir" smt2 c i cub >>"$out/corpora.tsv"
done

# jobs: emit first (fast), then verdicts
{
  awk -F'\t' '{printf "emit\t%s\t%s\t\n", $1, $2}' "$out/own.tsv" "$out/corpora.tsv"
  if [ $emit_only = 0 ]; then
    awk -F'\t' '{printf "verdict\t%s\t%s\t\n", $1, $2
                 if ($2 ~ /\.cub$/) printf "verdict\t%s\t%s\t--engine=indexed\n", $1, $2}' "$out/own.tsv"
    [ $quick = 0 ] && awk -F'\t' '{printf "verdict\t%s\t%s\t\n", $1, $2}' "$out/corpora.tsv"
  fi
} | awk '{printf "%d\t%s\n", NR, $0}' >"$out/jobs.tsv"

njobs=$(wc -l <"$out/jobs.tsv")
nemit=$(awk -F'\t' '$2=="emit"' "$out/jobs.tsv" | wc -l)
echo "samebuild: OLD=$old_given NEW=$new_given"
echo "samebuild: $nemit emit jobs, $((njobs - nemit)) verdict jobs (--timeout=$timeout), $jobs in parallel; results in $out"
start=$(date +%s)
script=$root/bench/samebuild.sh
# emit and verdict parts one after the other, so the emit result comes first
for part in emit verdict; do
  t0=$(date +%s)
  awk -F'\t' -v p=$part '$2==p' "$out/jobs.tsv" |
    xargs -d '\n' -r -P "$jobs" -n 1 bash "$script" --_job
  n=$(awk -F'\t' -v p=$part '$2==p' "$out/jobs.tsv" | wc -l)
  [ "$n" -gt 0 ] && echo "samebuild: $part part: $n jobs in $(( $(date +%s) - t0 )) s"
done
wall=$(( $(date +%s) - start ))
rmdir "$out/tmp" 2>/dev/null

# ---------------------------------------------------------------- report ---
find "$out/res" -type f -printf '%f\n' | sort -n |
  while read -r n; do cat "$out/res/$n"; done >"$out/results.tsv"
missing=$(( njobs - $(wc -l <"$out/results.tsv") ))

{
  echo "OLD: $old_given"
  echo "NEW: $new_given"
  echo "wall time: $wall s, $jobs jobs, verdict timeout $timeout s"
  [ -s "$out/skipped.txt" ] && cat "$out/skipped.txt"
  [ "$missing" -gt 0 ] && echo "WARNING: $missing jobs left no result"
  awk -F'\t' -v quick=$quick -v emit_only=$emit_only '
    $1=="emit" {
      g[$2]; e[$2]++; E++
      if ($4=="identical") { ei[$2]++; EI++ } else { ed[$2]++; ED++ }
      if ($5!="same") { em[$2]++; EM++ }
    }
    $1=="verdict" {
      g[$2]; v[$2]++; V++
      if ($4 ~ /^same/) { vs[$2]++; VS++ } else if ($4=="differ") { vd[$2]++; VD++ } else if ($4=="only-one") { vo[$2]++; VO++ } else { vk[$2]++; VK++ }
      if ($4=="same-answer") { va[$2]++; VA++ } else if ($4=="same-limit") { vl[$2]++; VL++ } else if ($4=="same-error") { ve[$2]++; VE++ }
    }
    END {
      n = 0
      for (k in g) order[++n] = k
      # tests, examples, then the corpora by name
      for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) {
        a = order[i]; b = order[j]
        ka = (a=="tests") ? 0 : (a=="examples") ? 1 : 2
        kb = (b=="tests") ? 0 : (b=="examples") ? 1 : 2
        if (kb < ka || (kb == ka && b < a)) { order[i] = b; order[j] = a }
      }
      for (i = 1; i <= n; i++) { k = order[i]; if (e[k])
        printf "emit     %-9s %4d files: %d identical, %d differ; %d message differences\n", k, e[k], ei[k], ed[k], em[k] }
      printf "emit     %-9s %4d files: %d identical, %d differ; %d message differences\n", "total", E, EI, ED, EM
      if (!emit_only) {
        for (i = 1; i <= n; i++) { k = order[i]; if (v[k])
          printf "verdicts %-9s %4d runs: %d same, %d differ, %d answered by only one  (same: %d both answered, %d both limit, %d same error exit)%s\n", k, v[k], vs[k], vd[k], vo[k], va[k], vl[k], ve[k], vk[k] ? sprintf("; %d NEW not run (--lazy)", vk[k]) : "" }
        printf "verdicts %-9s %4d runs: %d same, %d differ, %d answered by only one  (same: %d both answered, %d both limit, %d same error exit)%s\n", "total", V, VS, VD, VO, VA, VL, VE, VK ? sprintf("; %d NEW not run (--lazy)", VK) : ""
        if (quick) print "(--quick: verdicts on tests/ and examples/ only)"
      }
    }' "$out/results.tsv"
} >"$out/summary.txt"

awk -F'\t' '$1=="emit" && $4!="identical" {printf "%s\texit %s vs %s\n", $3, $6, $7}' "$out/results.tsv" >"$out/emit-differ.txt"
awk -F'\t' '$1=="emit" && $5!="same" {printf "%s\texit %s vs %s\n", $3, $6, $7}' "$out/results.tsv" >"$out/emit-messages.txt"
awk -F'\t' '$1=="verdict" && $4=="differ" {printf "%s\t%s vs %s\n", $3, $5, $6}' "$out/results.tsv" >"$out/verdict-differ.txt"
awk -F'\t' '$1=="verdict" && $4=="only-one" {printf "%s\t%s vs %s\n", $3, $5, $6}' "$out/results.tsv" >"$out/verdict-only-one.txt"
awk -F'\t' '$1=="verdict" && $7!="" {printf "%s\t%s\n", $3, $7}' "$out/results.tsv" >"$out/verdict-limit-errors.txt"

list() { # list TITLE FILE
  [ -s "$2" ] || return 0
  echo
  echo "$1 ($(wc -l <"$2")):"
  sed 's/^/  /' "$2"
}
{
  list "emit differs (stdout or exit code; OLD vs NEW)" "$out/emit-differ.txt"
  list "emit message differences (stderr, binary path replaced)" "$out/emit-messages.txt"
  list "verdicts differ (OLD vs NEW)" "$out/verdict-differ.txt"
  list "answered by only one (the other hit the limit; timing, not an error)" "$out/verdict-only-one.txt"
  list "error exits at the time limit, counted as limit (not a difference; worth a look)" "$out/verdict-limit-errors.txt"
  if [ -d "$out/runs" ]; then
    echo
    echo "outputs of these runs: $out/runs/{emit,verdict}/N/{old,new}.{out,err,rc}"
  fi
  if [ $emit_only = 0 ]; then
    echo
    echo "note: verdict runs use the default options (plus --engine=indexed for .cub of tests/ and examples/);"
    echo "      options in the inputs' header comments are not applied."
  fi
} >>"$out/summary.txt"
cat "$out/summary.txt"

bad=$(cat "$out/emit-differ.txt" "$out/emit-messages.txt" "$out/verdict-differ.txt" | wc -l)
[ "$missing" -eq 0 ] && [ "$bad" -eq 0 ]
