#!/bin/bash
# errors.sh -- every tests/errors/*.clp must be rejected by car with exit
# code 1 (4 when the message names an unsupported construct), the verdict
# unknown on stdout, and on stderr the line
#   FILE:LINE:COL: error: MESSAGE...
# where "LINE:COL: MESSAGE" is the file's first line after "% error: ".
# Usage: bash tests/errors.sh /path/to/car   (from the repository root)
CAR=${1:?usage: errors.sh CAR}
pass=0 fail=0
for f in tests/errors/*.clp; do
  spec=$(head -n 1 "$f")
  spec=${spec#"% error: "}
  lc=${spec%%: *}
  msg=${spec#*: }
  want="$f:$lc: error: $msg"
  out=$(timeout 20 "$CAR" "$f" 2>/tmp/errors_sh_$$.err)
  rc=$?
  err=$(cat /tmp/errors_sh_$$.err)
  code=1
  [[ $msg =~ unsupported|not\ supported ]] && code=4
  if [ $rc -ne $code ]; then
    echo "FAIL $f: exit code $rc, want $code"; fail=$((fail + 1))
  elif [ "$out" != unknown ]; then
    echo "FAIL $f: stdout '$out', want 'unknown'"; fail=$((fail + 1))
  elif ! grep -qF -- "$want" <<<"$err"; then
    echo "FAIL $f: want '$want', got:"; echo "$err"; fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done
rm -f /tmp/errors_sh_$$.err
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
