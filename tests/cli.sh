#!/bin/bash
# The command line: options, usage errors, output formats, exit codes.
#
#   bash tests/cli.sh CAR        (run from anywhere; uses examples/*.clp)
#
# Prints one line per failure, then "N passed, N failed"; exits 1 on failure.

CAR=${1:?usage: bash tests/cli.sh CAR}
. "$(dirname "$0")/lib/cli.sh"
BUG=examples/rational_bug.clp
FIXED=examples/rational_fixed.clp
# usage_error NAME ARGS...: exit 2, "car: error:" on stderr, nothing on stdout.
usage_error() {
  local name=$1; shift
  run "$@"
  expect_rc "$name" 2
  expect_grep "$name" "$ERR" '^car: error: '
  expect_out "$name (no stdout)" ""
}

# --- help and version ------------------------------------------------------
run --help
expect_rc "--help" 0
for opt in --engine --lang --timeout --memory --cex --invariant --stats \
           --format --emit -v --verbose --max-iterations --dfs-depth \
           --dfs-nodes --help --version; do
  expect_grep "--help lists $opt" "$OUT" "(^|[ ,])$opt([=, ]|\$)"
done
for code in 0 10 20 1 4 2 3; do
  expect_grep "--help lists exit code $code" "$OUT" "^ +$code  "
done
run --version
expect_rc "--version" 0
expect_grep "--version" "$OUT" '^car '

# --- usage errors --------------------------------------------------------
usage_error "unknown option" --frobnicate $BUG
expect_grep "unknown option named" "$ERR" "frobnicate"
usage_error "unknown short option" -x $BUG
usage_error "two files" $BUG $FIXED
usage_error "no file"
usage_error "bad engine" --engine=foo $BUG
# --engine=indexed without predicates: the goal is reachable abstractly,
# the depth-first search finds the concrete derivation
run --engine=indexed $BUG
expect_rc "engine indexed (no predicates)" 10
expect_out "engine indexed (no predicates)" "unsafe"
run --engine=indexed --predicates=no/such/file $BUG
expect_rc "--predicates missing file" 1
run --emit=smt2 tests/clp/deep_eloop_unsafe.clp
expect_rc "emit smt2" 0
expect_grep "emit smt2 (HORN logic)" "$OUT" '^\(set-logic HORN\)'
[ ! -s "$ERR" ] && ok || bad "emit smt2: stderr not empty"
# Uninterpreted predicates (isInt) are threaded as array arguments under a
# new goal: no declare-fun for isInt, an (Array Int Bool) argument instead.
run --emit=smt2 $BUG
expect_rc "emit smt2 with isInt" 0
expect_grep "emit smt2 threaded goal" "$OUT" '^\(declare-fun \|goal\$uf\| \(\) Bool\)'
expect_grep "emit smt2 isInt as array" "$OUT" 'Array Int Bool'
if grep -q '(declare-fun isInt' "$OUT"; then bad "emit smt2: isInt declared as a function"; else ok; fi
usage_error "bad format" --format=xml $BUG
usage_error "timeout not a number" --timeout=abc $BUG
usage_error "negative timeout" --timeout=-1 $BUG
usage_error "dfs-depth out of range" --dfs-depth=0 $BUG
usage_error "dfs-nodes not an integer" --dfs-nodes=1.5 $BUG
usage_error "missing value" $BUG --timeout

# --- input errors --------------------------------------------------------
run $TMP/does-not-exist.clp
expect_rc "missing file" 1
expect_grep "missing file message" "$ERR" "does-not-exist"
expect_out "missing file (verdict unknown)" "unknown"
printf 'goal E.\nE :- x = = 1.\n' > $TMP/syntax.clp
run $TMP/syntax.clp
expect_rc "syntax error" 1
expect_grep "syntax error position" "$ERR" 'syntax\.clp:2:[0-9]+: error'
expect_out "syntax error (verdict unknown)" "unknown"

# --- verdicts and exit codes ---------------------------------------------
run $BUG
expect_rc "rational_bug" 10
expect_out "rational_bug verdict" "unsafe"
run $FIXED
expect_rc "rational_fixed" 0
expect_out "rational_fixed verdict" "safe"
# option spellings: "--name value" and flags in any position
run --timeout 60 $FIXED --stats
expect_rc "--timeout 60 FILE --stats" 0

# --- chc-comp ------------------------------------------------------------
run --format=chc-comp $BUG
expect_rc "chc-comp bug" 10
expect_out "chc-comp bug" "unsat"
run --format=chc-comp $FIXED
expect_rc "chc-comp fixed" 0
expect_out "chc-comp fixed" "sat"

# --- json ----------------------------------------------------------------
for f in $BUG $FIXED; do
  run --format=json --cex --invariant --stats $f
  want=$([ $f = $BUG ] && echo unsafe || echo safe)
  if python3 -m json.tool "$OUT" >/dev/null 2>&1; then ok; else
    bad "json $f: not valid JSON: $(head -c 300 "$OUT")"; fi
  if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
assert o["verdict"] == sys.argv[2], o["verdict"]
assert o["reason"] is None
assert o["stats"]["z3-live-refs"] == 0
assert ("cex" in o) == (sys.argv[2] == "unsafe")
assert ("invariants" in o) == (sys.argv[2] == "safe")
if "cex" in o:
    assert o["cex"]["derivation"]["rel"] == "Emain"
if "invariants" in o:
    inv = {i["rel"]: i["formula"] for i in o["invariants"]}
    assert inv["Emain"] == "false", inv
' "$OUT" $want 2>"$TMP/py"; then ok; else
    bad "json $f content: $(tail -1 "$TMP/py")"; fi
done
run --format=json --timeout=0.001 $FIXED
if python3 -c 'import json,sys; o=json.load(open(sys.argv[1])); assert o["verdict"]=="unknown" and o["reason"]' "$OUT" 2>/dev/null
then ok; else bad "json unknown: $(head -c 300 "$OUT")"; fi

# --- the JSON counterexample has the names and values of --cex's text ------
# (one renderer: the input language's lines; tests/lib/cex_json.py prints
# the JSON as the text and compares line by line)
for c in "cub examples/param/german_bug.cub 10" \
         "cub tests/cub/v_proc_global_bug.cub 4" \
         "c examples/rational_bug.c 18"; do
  set -- $c
  run --cex "$2"; cp "$OUT" $TMP/cex.txt
  run --cex --format=json "$2"
  expect_rc "json cex $2" 10
  got=$(python3 tests/lib/cex_json.py "$1" $TMP/cex.txt "$OUT" 2>&1 | tail -1)
  if [ "$got" = "$3 lines equal" ]; then ok; else bad "json cex $2: $got"; fi
done
run --cex --format=json examples/param/german_bug.cub
if python3 -c '
import json, sys
o = json.load(open(sys.argv[1]))
s = o["cex"]["run"][1]
assert s["function"] == "send_req_shared" and s["text"] == "send_req_shared(i=1)", s
assert s["pos"] == "examples/param/german_bug.cub:36:12", s["pos"]
v = s["values"]
assert v["ExGntd"] is False and v["CurCmd"] == "Empty" and v["CurClient"] == 1, v
assert v["Chan1"] == "[ReqShared, Empty]", v
assert o["cex"]["run"][-1]["text"] == "unsafe(z1=2, z2=1)", o["cex"]["run"][-1]
' "$OUT" 2>"$TMP/py"; then ok; else bad "json cex german_bug: $(tail -1 "$TMP/py")"; fi

# --- --emit=clp re-parses to the same verdict ----------------------------
for f in $BUG $FIXED; do
  run $f; want=$rc
  run --emit=clp $f
  expect_rc "emit $f" 0
  cp "$OUT" $TMP/emitted.clp
  run $TMP/emitted.clp
  if [ "$rc" -eq "$want" ]; then ok; else
    bad "emit $f: re-parsed copy exits $rc, original $want ($(head -c 200 "$ERR"))"; fi
done

# --- --cex and --invariant -----------------------------------------------
run --cex $BUG
expect_rc "--cex" 10
expect_grep "--cex verdict first" <(head -1 "$OUT") '^unsafe$'
expect_grep "--cex root" "$OUT" '^Emain  examples/rational_bug\.clp:[0-9]+:[0-9]+$'
expect_grep "--cex Etrunc indented with values" "$OUT" \
  '^ +Etrunc\(this=-?[0-9]+, n=.*, d=.*\)  examples/rational_bug\.clp:[0-9]+:[0-9]+$'
expect_grep "--cex isInt interpretation" "$OUT" '^fun isInt: '
run --invariant $FIXED
expect_rc "--invariant" 0
expect_grep "--invariant verdict first" <(head -1 "$OUT") '^safe$'
expect_grep "--invariant goal" "$OUT" '^Emain := false$'
expect_grep "--invariant Etrunc" "$OUT" '^Etrunc\(this, n, d\) := '
nrel=$(grep -c ' := ' "$OUT")
if [ "$nrel" -eq 5 ]; then ok; else bad "--invariant: $nrel relations, expected 5"; fi
run --cex $FIXED
expect_out "--cex on safe prints only the verdict" "safe"

# --- --stats ----------------------------------------------------------------
run --stats $FIXED
expect_out "--stats stdout is the verdict only" "safe"
for key in engine iterations predicates clauses traces fixpoint-rounds \
           z3-calls paths time-parse time-abstract time-etc time-refine \
           time-cert time-total; do
  expect_grep "--stats $key" "$ERR" "^$key: "
done
last=$(tail -1 "$ERR")
if [ "$last" = "z3-live-refs: 0" ]; then ok; else
  bad "--stats last line '$last', expected 'z3-live-refs: 0'"; fi
run --stats --engine=dfs $BUG
expect_grep "--stats dfs engine" "$ERR" '^engine: dfs$'
expect_grep "--stats dfs paths" "$ERR" '^paths: [1-9]'
if [ "$(tail -1 "$ERR")" = "z3-live-refs: 0" ]; then ok; else
  bad "--stats dfs: last line '$(tail -1 "$ERR")'"; fi

# --- limits ----------------------------------------------------------------
start=$(date +%s%N)
run --timeout=0.001 $FIXED
took=$(( ($(date +%s%N) - start) / 1000000 ))
expect_rc "--timeout=0.001" 20
expect_out "--timeout=0.001 verdict" "unknown"
expect_grep "--timeout=0.001 reason" "$ERR" '^car: unknown: timeout'
if [ "$took" -lt 5000 ]; then ok; else
  bad "--timeout=0.001 took ${took} ms"; fi
run --timeout=0.001 --format=chc-comp --engine=dfs $FIXED
expect_rc "--timeout=0.001 dfs" 20
expect_out "--timeout=0.001 dfs chc-comp" "unknown"

# --memory: a limit too small to solve ends cleanly with unknown (exit 20),
# a reason on stderr, no crash; a sufficient one still solves.
run --memory=1 $FIXED
expect_rc "memory=1" 20
expect_out "memory=1 verdict" "unknown"
expect_grep "memory=1 reason" "$ERR" "memory limit"
run --memory=200 $FIXED
expect_rc "memory=200" 0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
