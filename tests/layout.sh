#!/bin/bash
# layout.sh -- the module rules of docs/architecture.md that the compiler
# does not check by itself (the build enforces the layers too: a module
# sees only the include roots of the modules it links):
#  - the table of layers below: every project include of a module names a
#    folder the module may use, and no include circle spans two folders;
#  - project headers are included by path from the repository root
#    ("clp/clp.h"), never by a bare name or "../";
#  - only the Z3 bridge (zb/) includes <z3.h> or its private zbi.h (and
#    tests/oracle/z3horn.c, the reference solver, not part of car); a
#    module's private header (*i.h, *_int.h) is included only inside it
#    and by its unit tests;
#  - every input language has its reader in a folder of its own under
#    frontend/ (clp, smt2, c, cub);
#  - the design's top-level folders exist.
# Usage: bash tests/layout.sh [CAR]   (CAR unused; run from the repository root)
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

# The layers, lowest first: a folder and the folders it may include.
layers='
clp:            clp
zb:             zb clp
frontend:       frontend zb clp
abstract:       abstract clp
etc:            etc zb clp
refine:         refine abstract etc zb clp
engine:         engine etc zb clp
engines/car:    engines/car engine refine abstract etc zb clp
engines/dfs:    engines/dfs engine etc zb clp
engines/cubbmc: engines/cubbmc engine frontend etc zb clp
indexed:        indexed engine abstract etc zb clp
cert:           cert etc zb clp
portfolio:      portfolio cert indexed engines engine refine abstract etc frontend zb clp
driver:         driver portfolio cert indexed engines engine refine abstract etc frontend zb clp
tests/unit:     driver portfolio cert indexed engines engine refine abstract etc frontend zb clp
tests/fuzz:     driver portfolio cert indexed engines engine refine abstract etc frontend zb clp
'
# module FILE -> the longest folder of the table that holds FILE
module() {
  local f=$1 best=
  while read -r m _; do
    m=${m%:}
    [ -n "$m" ] && [[ $f == "$m"/* ]] && [ ${#m} -gt ${#best} ] && best=$m
  done <<<"$layers"
  echo "$best"
}
allowed() { grep -E "^$1:" <<<"$layers" | cut -d: -f2; }

srcs=$(git ls-files -co --exclude-standard -- clp zb frontend abstract etc \
         refine engine engines indexed cert portfolio driver tests/unit tests/fuzz |
       grep -E '\.(c|h|re|y)$' | grep -v '^frontend/c/c_include/')
edges=$(mktemp); trap 'rm -f "$edges"' EXIT
nbad=0
for f in $srcs; do
  [ -f "$f" ] || continue
  m=$(module "$f")
  [ -n "$m" ] || { bad "$f is in no layer of the table"; nbad=$((nbad + 1)); continue; }
  allow=" $(allowed "$m") "
  while IFS= read -r inc; do
    [ -n "$inc" ] || continue
    case $inc in
      check.h|fixtures.h|fuzz_common.h) continue ;;
      */*) ;;
      *) bad "$f: #include \"$inc\" is not a path from the root"; nbad=$((nbad + 1)); continue ;;
    esac
    [[ $inc == ../* || $inc == */../* ]] && { bad "$f: #include \"$inc\" climbs"; nbad=$((nbad + 1)); continue; }
    to=$(module "$inc")
    [ -n "$to" ] || to=${inc%%/*}
    top=${to%%/*}
    if [[ $allow != *" $to "* && $allow != *" $top "* ]]; then
      bad "$f ($m) includes $inc ($to): not below it in the table"
      nbad=$((nbad + 1))
    fi
    [ "$to" != "$m" ] && echo "$m $to" >>"$edges"
  done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f")
done
[ "$nbad" -eq 0 ] && ok

# No include circle spans two folders (the folder graph is acyclic).
cycle=$(sort -u "$edges" | python3 -c '
import sys
g = {}
for l in sys.stdin:
    a, b = l.split(); g.setdefault(a, set()).add(b)
state = {}
def dfs(v, path):
    state[v] = 1
    for w in g.get(v, ()):
        if state.get(w) == 1: print(" -> ".join(path + [v, w])); sys.exit(0)
        if not state.get(w): dfs(w, path + [v])
    state[v] = 2
for v in list(g):
    if not state.get(v): dfs(v, [])
')
[ -z "$cycle" ] && ok || bad "include circle across folders: $cycle"

# Z3: only the bridge.
inc=$(grep -rlE '#include *[<"](z3\.h|zb/zbi\.h)[>"]' --include='*.c' --include='*.h' \
        $(ls -d */ | grep -v build) | sort)
want=$(printf '%s\n' tests/oracle/z3horn.c zb/zb_ctx.c zb/zb_dec.c zb/zb_enc.c zb/zb_horn.c zb/zb_model.c zb/zb_qe.c zb/zb_smt2.c zb/zb_solver.c zb/zbi.h)
[ "$inc" = "$want" ] && ok || bad "files that include z3.h or zb/zbi.h: $(echo $inc)"

# Private headers stay in their module (and its unit tests).
for h in $(git ls-files -- '*i.h' '*_int.h' | grep -Ev '^(bench|tests)/'); do
  d=$(dirname "$h")
  out=$(grep -rlF "#include \"$h\"" --include='*.c' --include='*.h' --include='*.re' \
          --include='*.y' . | sed 's|^\./||' | grep -v "^$d/" | grep -v '^tests/unit/' | grep -v '^build')
  [ -z "$out" ] && ok || bad "private $h included outside $d: $(echo $out)"
done

for d in frontend/clp frontend/smt2 frontend/c frontend/cub; do
  [ -d "$d" ] && ok || bad "$d missing"
done
grep -rq 'fe_smt2_parse_string' frontend --include='*.c' && ok ||
  bad "fe_load does not read .smt2 through frontend/smt2"
grep -qE 'clp_rs_(rel|add_clause|set_goal)' zb/*.c &&
  bad "zb/ builds the rule set (frontend/smt2's work)" || ok

for d in frontend clp abstract etc refine indexed bench tests driver engine \
         engines zb cert portfolio; do
  [ -d "$d" ] && ok || bad "top-level folder $d missing"
done
# The picture of docs/architecture.md is the code's, and the size limits
# of its "Size" section hold (no file over 800 lines, no function over
# 100, main() under 80: tests/size.py).
if command -v python3 >/dev/null 2>&1; then
  python3 docs/architecture.py --check && ok ||
    bad "docs/architecture.dot is stale: run python3 docs/architecture.py"
  sizes=$(python3 tests/size.py)
  [ $? -eq 0 ] && ok || bad "size limits: $(printf '%s\n' "$sizes" | grep FAIL)"
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
