#!/bin/bash
# cub_inv.sh -- invariants of .cub systems in Cubicle's syntax (issue 30,
# docs/cub.md "Answers and certificates"):
#  1. the exact invariant of small models: the mutex whose only protection
#     is a universal guard (given predicates and discovery), the same with
#     a case update, a proc global, car's (non-indexed) constant array;
#  2. German (examples/param, the paper's predicates, and discovery) and the
#     other proved examples/param models: under 2 KB (German with its
#     predicates) / 4 KB, the system's names only (no select(, no $, no
#     relation name Reach/All_/Upd_/Err, no N), and no warning: the
#     minimised form was proved equivalent to the engine's invariant under
#     the domain (cub_inv.c prints the engine's formula and a warning
#     otherwise);
#  3. --format=json carries the same text as the member "cub" of Reach.
# Usage: bash tests/cub_inv.sh /path/to/car   (from the repository root)
CAR=${1:?usage: cub_inv.sh CAR}
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
t=$(mktemp -d); trap 'rm -rf "$t"' EXIT
P=examples/param

# 1. exact invariants.  expect FILE LINE OPTIONS...: stdout is "safe",
# "invariant:" and "  LINE"; nothing on stderr
expect() {
  local f=$1 want=$2; shift 2
  timeout 120 "$CAR" "$@" --invariant "$f" >"$t/out" 2>"$t/err"
  if [ "$(cat "$t/out")" = "$(printf 'safe\ninvariant:\n  %s' "$want")" ] &&
     [ ! -s "$t/err" ]; then ok; else
    bad "$f $*: got"; cat "$t/out" "$t/err"
  fi
}
expect tests/cub/v_mutex_forall.cub \
  'forall x y. not (x <> y && PC[x] = Crit && PC[y] = Crit)' \
  --engine=indexed --predicates=tests/cub/v_mutex_forall.preds
expect tests/cub/v_mutex_forall.cub \
  'forall x y1. not (x <> y1 && PC[x] = Crit && PC[y1] = Crit)' \
  --engine=indexed --idx-discover
expect tests/cub/ok_fixed_case.cub \
  'forall x y1. not (x <> y1 && S[x] = Crit && S[y1] = Crit)' \
  --engine=indexed --idx-discover
expect tests/cub/v_proc_global.cub 'forall x1. PC[x1] <> B' \
  --engine=indexed --idx-discover
expect tests/cub/v_proc_global.cub '(forall z. PC[z] = A)' --engine=car

# 2. the examples: MODEL OPTIONS MAXBYTES (CUB_INV_DISCOVERY=0 leaves out
# German with discovery: the sanitizer pass, .ci/test.sh; 39 of this
# script's 58 s here, and its invariant is printed as the others are)
while read -r m opts max; do
  [ "${CUB_INV_DISCOVERY:-1}" = 0 ] && [ "$opts" = --idx-discover ] && continue
  timeout 300 "$CAR" --engine=indexed $opts --invariant "$P/$m" \
    >"$t/out" 2>"$t/err"
  n=$(wc -c <"$t/out")
  if [ "$(head -2 "$t/out")" = "$(printf 'safe\ninvariant:')" ] &&
     [ "$n" -lt "$max" ] && [ ! -s "$t/err" ] &&
     ! grep -Eq 'select\(|\$|Reach|All_|Upd_|Err|\bN\b' "$t/out"; then ok
  else bad "$m $opts: $n bytes (max $max): $(head -c 300 "$t/out" "$t/err")"; fi
done <<EOF
german.cub --predicates=$P/german.preds 2048
german.cub --idx-discover 4096
german_dual.cub --predicates=$P/german_dual.preds 4096
bakery.cub --predicates=$P/bakery.preds 4096
peterson.cub --predicates=$P/peterson.preds 4096
EOF
# German with its predicates: the flags the paper's invariant is about
timeout 120 "$CAR" --engine=indexed --predicates=$P/german.preds --invariant \
  $P/german.cub >"$t/g" 2>&1
grep -qx '  && not (ExGntd = False && Cache\[x\] = Exclusive)' "$t/g" && ok ||
  bad "german: no conjunct 'not (ExGntd = False && Cache[x] = Exclusive)'"

# 3. JSON: the same text, one line
timeout 120 "$CAR" --engine=indexed --predicates=$P/german.preds --invariant \
  --format=json $P/german.cub >"$t/json" 2>"$t/err"
python3 - "$t/json" "$t/g" <<'EOF' && ok || bad "json: member cub differs"
import json, sys
j = json.load(open(sys.argv[1]))
reach = [i for i in j["invariants"] if i["rel"] == "Reach"][0]
lines = open(sys.argv[2]).read().split("\n")[2:]
text = " ".join(l.strip() for l in lines if l.strip())
sys.exit(0 if reach["cub"] == text
         and all("cub" not in i for i in j["invariants"] if i["rel"] != "Reach")
         else 1)
EOF

echo "cub_inv: $pass passed, $fail failed"
[ $fail -eq 0 ]
