#!/bin/bash
# cub.sh -- the Cubicle (.cub) frontend (issue 15, docs/cub.md).
#  1. every tests/cub/err_*.cub is rejected: stdout 'unknown', exit 1 (4 when
#     the message names an unsupported construct), and on stderr a line
#     starting "FILE:LINE:COL: error: MESSAGE" where "LINE:COL: MESSAGE" is
#     the text of the file's first line "(* error: LINE:COL: MESSAGE *)";
#  2. every tests/cub/ok_*.cub parses and translates (--emit=clp: exit 0,
#     no message);
#  3. every .cub model of ../shared/benchmarks/param (read in place) translates,
#     or is rejected with a positioned "unsupported" error; the models
#     rejected must be exactly those listed in docs/cub.md.
# Usage: bash tests/cub.sh /path/to/car   (from the repository root)
CAR=${1:?usage: cub.sh CAR}
PARAM=../shared/benchmarks/param
pass=0 fail=0
err=$(mktemp); trap 'rm -f "$err"' EXIT

for f in tests/cub/err_*.cub; do
  spec=$(head -n 1 "$f")
  spec=${spec#"(* error: "}
  spec=${spec%" *)"}
  lc=${spec%%: *}
  msg=${spec#*: }
  want="$f:$lc: error: $msg"
  out=$(timeout 20 "$CAR" "$f" 2>"$err")
  rc=$?
  code=1
  [[ $msg =~ unsupported ]] && code=4
  if [ $rc -ne $code ]; then
    echo "FAIL $f: exit code $rc, want $code"; fail=$((fail + 1))
  elif [ "$out" != unknown ]; then
    echo "FAIL $f: stdout '$out', want 'unknown'"; fail=$((fail + 1))
  elif ! grep -q "^$(printf '%s' "$want" | sed 's/[][\.*^$/]/\\&/g')" "$err"; then
    echo "FAIL $f: want '$want...', got:"; cat "$err"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done

# parses: the rule set is printed (exit 0, a goal, no message)
parses() {
  local out rc
  out=$(timeout 20 "$CAR" --emit=clp "$1" 2>"$err")
  rc=$?
  [ $rc -eq 0 ] && [ ! -s "$err" ] && printf '%s\n' "$out" | grep -qx 'goal Err\.'
}

for f in tests/cub/ok_*.cub; do
  if parses "$f"; then pass=$((pass + 1))
  else echo "FAIL $f: does not parse:"; cat "$err"; fail=$((fail + 1)); fi
done

# the nesting limit of every language (docs/cli.md): 1000 brackets parse,
# the bracket that opens level 1001 is an error (the brace is level 1)
nest() { printf 'var X : int\ninit {%s X = 1 %s}\nunsafe () { X = 2 }\n' "$(printf "%${1}s" | tr ' ' '(')" \
           "$(printf "%${1}s" | tr ' ' ')')" >"$2"; }
nf=$(mktemp --suffix=.cub); trap 'rm -f "$err" "$nf"' EXIT
nest 999 "$nf"
if parses "$nf"; then pass=$((pass + 1))
else echo "FAIL depth 1000 does not parse:"; cat "$err"; fail=$((fail + 1)); fi
nest 1000 "$nf"
out=$(timeout 20 "$CAR" "$nf" 2>"$err"); rc=$?
if [ $rc -eq 1 ] && [ "$out" = unknown ] &&
   grep -qxF "$nf:2:1006: error: nesting deeper than 1000" "$err"; then pass=$((pass + 1))
else echo "FAIL depth 1001: exit $rc:"; head -c 300 "$err"; fail=$((fail + 1)); fi

if [ -d "$PARAM" ]; then
  nparse=0 nrej=0 rejected=""
  while IFS= read -r f; do
    if parses "$f"; then nparse=$((nparse + 1)); continue; fi
    base=${f#"$PARAM/"}
    if grep -qE "^$(printf '%s' "$f" | sed 's/[][\.*^$/]/\\&/g'):[0-9]+:[0-9]+: error: unsupported: " "$err" &&
       [ "$(wc -l <"$err")" -eq 1 ]; then
      nrej=$((nrej + 1)); rejected="$rejected $base"
    else
      echo "FAIL $f: neither parsed nor rejected as unsupported:"; cat "$err"
      fail=$((fail + 1))
    fi
  done < <(find "$PARAM" -name '*.cub' | sort)
  # the rejected models are documented
  for b in $rejected; do
    if grep -qF "\`$b\`" docs/cub.md; then pass=$((pass + 1))
    else echo "FAIL $b: rejected but not listed in docs/cub.md"; fail=$((fail + 1)); fi
  done
  [ $((nparse + nrej)) -gt 0 ] || { echo "FAIL no .cub model in $PARAM"; fail=$((fail + 1)); }
  pass=$((pass + nparse + nrej))
  echo "param models: $nparse parsed, $nrej rejected as unsupported"
else
  echo "note: $PARAM absent, the models were not checked"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
