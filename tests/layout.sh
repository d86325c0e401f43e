#!/bin/bash
# layout.sh -- the module rules of the design (ARCHITECTURE.md, the
# developers' guide) that the compiler does not check:
#  - only the Z3 bridge (clp/zb*.c, clp/zbi.h) includes <z3.h> or zbi.h
#    (and tests/oracle/z3horn.c, the reference solver, not part of car);
#  - every input language has its reader in frontend/ (.clp, .c, .cub and
#    the SMT-LIB Horn clauses, frontend/smt2.c);
#  - the design's top-level folders exist.
# Usage: bash tests/layout.sh CAR   (CAR unused; run from the repository root)
cd "$(dirname "$0")/.." || exit 1
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }

inc=$(grep -rlE '#include *[<"](z3\.h|zbi\.h)[>"]' --include='*.c' --include='*.h' \
        clp frontend abstract etc refine indexed driver bench tests | sort)
want=$(printf '%s\n' clp/zb.c clp/zb_smt2.c clp/zbi.h tests/oracle/z3horn.c)
[ "$inc" = "$want" ] && ok || bad "files that include z3.h or zbi.h: $(echo $inc)"

for f in frontend/smt2.c frontend/fe_parse.c frontend/c_parse.c frontend/cub_parse.c; do
  [ -f "$f" ] && ok || bad "$f missing"
done
grep -q 'fe_smt2_parse_string' frontend/fe_parse.c && ok ||
  bad "fe_load does not read .smt2 through frontend/smt2.c"
grep -qE 'clp_rs_(rel|add_clause|set_goal)' clp/zb_smt2.c &&
  bad "clp/zb_smt2.c builds the rule set (frontend/smt2.c's work)" || ok

for d in frontend clp abstract etc refine indexed bench tests driver; do
  [ -d "$d" ] && ok || bad "top-level folder $d missing"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
