#!/bin/bash
# install.sh -- `cmake --install` puts car, car-bench, their man pages and
# the C frontend's headers under a prefix; the installed car answers the
# bundled example; every option of `car --help` and `car-bench --help` is
# in its man page, and the man pages render without warnings (when man or
# groff is installed).
# Usage: bash tests/install.sh /path/to/build/car  (from the repository root)
CAR=${1:?usage: install.sh CAR}
build=$(cd "$(dirname "$CAR")" && pwd)
pass=0 fail=0
check() { if eval "$2"; then pass=$((pass + 1)); else echo "FAIL: $1"; fail=$((fail + 1)); fi; }
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
cmake --install "$build" --prefix "$dir/p" >"$dir/log" 2>&1
check "cmake --install ran" '[ $? -eq 0 ] || { cat "$dir/log"; false; }'
for f in bin/car bin/car-bench share/man/man1/car.1 share/man/man1/car-bench.1 \
         share/car/c_include/assert.h; do
  check "installed $f" "[ -e '$dir/p/$f' ]"
done
out=$("$dir/p/bin/car" examples/rational_bug.clp 2>/dev/null)
check "installed car answers" '[ "$out" = unsafe ]'
out=$(cd "$dir" && "$dir/p/bin/car" "$OLDPWD/examples/rational_fixed.c" 2>&1)
check "installed car reads C (headers found): $out" '[ "$out" = safe ]'
# a moved prefix: the headers are read from beside the binary, not from
# the build's path (the moved copy of assert.h is made to say so)
mv "$dir/p" "$dir/moved"
cp -r "$dir/moved/share/car/c_include" "$dir/keep"
echo '#error the headers of the moved prefix' >"$dir/moved/share/car/c_include/assert.h"
out=$(cd "$dir" && env -u CAR_C_INCLUDE "$dir/moved/bin/car" "$OLDPWD/tests/c/cex_const_false_safe.c" 2>&1)
check "moved car reads its own headers: $out" 'printf "%s" "$out" | grep -q "the headers of the moved prefix"'
rm -rf "$dir/moved/share/car/c_include" && mv "$dir/keep" "$dir/moved/share/car/c_include"
mv "$dir/moved" "$dir/p"
for prog in car car-bench; do
  page=man/$prog.1
  for o in $("$build/$prog" --help 2>&1 | grep -oE '^  --[a-z0-9-]+' | sort -u); do
    roff=${o//-/\\-}   # --lang is \-\-lang in roff
    check "$page documents $o" 'grep -qF -- "$roff" "$page"'
  done
  if command -v man >/dev/null; then
    warn=$(man -l "$page" 2>&1 >/dev/null)
    check "$page renders without warnings: $warn" '[ -z "$warn" ]'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
