#!/bin/bash
# select_corpus.sh -- makes the kept corpus tests/fuzz/corpus/LANG from a
# fuzzing run's corpus: libFuzzer's -merge=1 keeps the inputs that cover
# all its features, then at most K of them are kept (half the smallest,
# half a fixed-seed sample of the rest) among those that car answers
# within 0.5 s (so tests/fuzz_replay.sh stays near 60 s).
# A file on which car crashes or ends in an internal error is printed and
# (with FINDINGS=DIR) copied to DIR.
# Usage: bash tests/fuzz/select_corpus.sh LANG FUZZER CAR RUN_CORPUS K
#   (from the repository root; FUZZER: build-fuzz/fuzz/fuzz_LANG)
set -u
lang=$1 fuzzer=$2 car=$3 src=$4 k=$5
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir "$T/m"
"$fuzzer" -merge=1 -timeout=10 -rss_limit_mb=2500 -close_fd_mask=3 "$T/m" "$src" \
  >"$T/merge.log" 2>&1 || { tail -5 "$T/merge.log"; exit 1; }
for f in "$T"/m/*; do
  s=$(date +%s%N)
  timeout 10 "$car" --timeout=1 --lang="$lang" "$f" >/dev/null 2>"$T/err"
  rc=$?
  e=$(( ($(date +%s%N) - s) / 1000000 ))
  if [ $rc -gt 124 ] || [ $rc -eq 3 ]; then # a finding: reported, not kept
    echo "FINDING exit $rc: $f ($(head -c 200 "$T/err"))" >&2
    [ -n "${FINDINGS:-}" ] && cp "$f" "$FINDINGS/"
  elif [ $e -le 500 ]; then echo "$(stat -c %s "$f") $f"; fi
done | sort -n >"$T/fast"
half=$((k / 2))
{ head -n $half "$T/fast"
  tail -n +$((half + 1)) "$T/fast" | shuf -n $((k - half)) --random-source=<(yes 13); } |
  cut -d' ' -f2 >"$T/keep"
out=tests/fuzz/corpus/$lang
rm -rf "$out"; mkdir -p "$out"
while read -r f; do cp "$f" "$out/"; done <"$T/keep"
echo "$lang: $(ls "$T/m" | wc -l) after merge, $(wc -l <"$T/fast") fast, $(ls "$out" | wc -l) kept"
