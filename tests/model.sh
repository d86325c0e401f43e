#!/bin/bash
# model.sh -- CHC-COMP models: `car --invariant --format=chc-comp F.smt2` on
# a safe input prints `sat` and then a model, ( (define-fun R (...) Bool B)
# ... ), one define-fun per relation of the input (docs/smt2.md).  For every
# safe tests/smt2/*.smt2 (`; expect: safe`) and the inline cases below:
#   - the model names every relation the input declares and uses, once, and
#     nothing else;
#   - with the relations defined by the model, every assertion A of the
#     input is valid: z3 answers unsat to (assert (not A)) (one query file
#     per assertion, (set-logic ALL)).
# A sanity case checks that the validation rejects a wrong model (every
# body replaced by true).  Skipped (exit 0) when z3 is not installed.
# Usage: bash tests/model.sh /path/to/car   (from the repository root)
CAR=${1:?usage: model.sh CAR}
if ! command -v z3 >/dev/null || ! command -v python3 >/dev/null; then
  echo "model.sh: z3 or python3 not installed: skipped"
  echo "0 passed, 0 failed"
  exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# ---------------------------------------------------------------- checker
# check.py INPUT MODEL OUTDIR [--wrong]: prints one line per problem (none:
# the model is valid); --wrong first replaces every body by true.
cat >"$tmp/check.py" <<'EOF'
import os, subprocess, sys

def tokens(s):
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if c.isspace(): i += 1
        elif c == ';':
            while i < n and s[i] != '\n': i += 1
        elif c in '()': yield c; i += 1
        elif c == '|':
            j = s.index('|', i + 1); yield s[i:j + 1]; i = j + 1
        elif c == '"':
            j = i + 1
            while True:
                j = s.index('"', j)
                if j + 1 < n and s[j + 1] == '"': j += 2
                else: break
            yield s[i:j + 1]; i = j + 1
        else:
            j = i
            while j < n and not s[j].isspace() and s[j] not in '();|"': j += 1
            yield s[i:j]; i = j

def parse(s):
    stack, top = [[]], None
    for t in tokens(s):
        if t == '(': stack.append([])
        elif t == ')':
            e = stack.pop(); stack[-1].append(e)
        else: stack[-1].append(t)
    if len(stack) != 1: raise SyntaxError('unbalanced parentheses')
    return stack[0]

def text(e):
    return '(' + ' '.join(text(k) for k in e) + ')' if isinstance(e, list) else e

def sym(t):  # |x| and x are the same symbol
    return t[1:-1] if t.startswith('|') and t.endswith('|') and len(t) > 1 else t

def atoms(e, out):
    if isinstance(e, list):
        for k in e: atoms(k, out)
    else: out.add(sym(e))

inp, model_file, outdir = sys.argv[1:4]
wrong = '--wrong' in sys.argv
cmds = parse(open(inp).read())
lines = open(model_file).read().split('\n', 1)
if lines[0].strip() != 'sat':
    print('first line %r, want sat' % lines[0]); sys.exit(0)
try:
    model = parse(lines[1] if len(lines) > 1 else '')
except Exception as ex:
    print('model does not parse: %s' % ex); sys.exit(0)
if len(model) != 1 or not isinstance(model[0], list):
    print('model is not one list'); sys.exit(0)
defs = {}
for d in model[0]:
    if not (isinstance(d, list) and len(d) == 5 and d[0] == 'define-fun'
            and d[3] == 'Bool'):
        print('not a define-fun of range Bool: %s' % text(d)); continue
    if sym(d[1]) in defs: print('relation %s defined twice' % d[1])
    if wrong: d[4] = 'true'
    defs[sym(d[1])] = d
rels = {sym(c[1]): c for c in cmds if isinstance(c, list) and len(c) == 4
        and c[0] == 'declare-fun' and c[3] == 'Bool'}
used = set()
for c in cmds:
    if isinstance(c, list) and c and c[0] == 'assert': atoms(c[1:], used)
for r in sorted(rels):
    if r in used and r not in defs: print('relation %s missing' % r)
for r in sorted(defs):
    if r not in rels: print('%s defined but not declared' % r)
    elif len(defs[r][2]) != len(rels[r][2]):
        print('%s: %d formals, want %d' % (r, len(defs[r][2]), len(rels[r][2])))

prelude, asserts = ['(set-logic ALL)'], []
for c in cmds:
    if not isinstance(c, list) or not c: continue
    if c[0] in ('set-logic', 'set-info', 'set-option', 'check-sat',
                'get-model', 'exit'): continue
    if c[0] == 'assert': asserts.append(c[1]); continue
    if c[0] == 'declare-fun' and sym(c[1]) in defs:
        prelude.append(text(defs[sym(c[1])])); continue
    prelude.append(text(c))
for k, a in enumerate(asserts):
    q = os.path.join(outdir, 'q%d.smt2' % k)
    with open(q, 'w') as f:
        f.write('\n'.join(prelude) + '\n(assert (not %s))\n(check-sat)\n' % text(a))
    try:
        r = subprocess.run(['z3', '-T:20', q], capture_output=True, text=True,
                           timeout=30).stdout.strip()
    except subprocess.TimeoutExpired:
        r = 'timeout'
    if r != 'unsat':
        print('assertion %d not valid under the model (z3: %s): %s'
              % (k + 1, r.replace('\n', ' ')[:200], text(a)[:200]))
EOF

# ----------------------------------------------------------- inline cases
# Names that need |quotes| or look like the model's formals, several
# relations, Bool and array arguments, a relation declared but never used.
cat >"$tmp/quoted_safe.smt2" <<'EOF'
; expect: safe
(set-logic HORN)
(declare-fun |inv 1| (Int Int) Bool)
(declare-fun next-state (Int (Array Int Int) Bool) Bool)
(declare-fun unused (Int) Bool)
(assert (forall ((x!0 Int) (x!1 Int)) (=> (and (= x!0 0) (= x!1 (- 3))) (|inv 1| x!0 x!1))))
(assert (forall ((x Int) (y Int)) (=> (and (|inv 1| x y) (< x 10)) (|inv 1| (+ x 1) (- y 1)))))
(assert (forall ((x Int) (y Int) (a (Array Int Int))) (=> (and (|inv 1| x y) (= a (store a 0 (+ x y)))) (next-state x a (>= x 0)))))
(assert (forall ((x Int) (a (Array Int Int)) (b Bool)) (=> (and (next-state x a b) (or (not b) (not (= (select a 0) (- 3))))) false)))
(check-sat)
EOF

# ------------------------------------------------------------------ checks
pass=0 fail=0
files=("$tmp/quoted_safe.smt2")
for f in tests/smt2/*.smt2; do
  [ "$(python3 tests/lib/annotated.py --header=expect "$f" | sed -n 1p)" = safe ] &&
    files+=("$f")
done
n=0
for f in "${files[@]}"; do
  n=$((n + 1)); d="$tmp/$n"; mkdir -p "$d"
  timeout 60 "$CAR" --timeout=30 --invariant --format=chc-comp "$f" \
    >"$d/model" 2>"$d/err"
  rc=$?
  probs=$(python3 "$tmp/check.py" "$f" "$d/model" "$d" 2>&1)
  if [ $rc -ne 0 ] || [ -n "$probs" ]; then
    echo "FAIL $f (exit $rc):"; echo "$probs"; cat "$d/model" "$d/err"
    fail=$((fail + 1))
  else
    pass=$((pass + 1))
  fi
done

# Sanity: the checker rejects a wrong model (bodies replaced by true).
f=tests/smt2/linear_safe.smt2; d="$tmp/wrong"; mkdir -p "$d"
timeout 60 "$CAR" --timeout=30 --invariant --format=chc-comp "$f" >"$d/model" 2>/dev/null
if python3 "$tmp/check.py" "$f" "$d/model" "$d" --wrong | grep -q 'not valid'; then
  pass=$((pass + 1))
else
  echo "FAIL sanity: a wrong model of $f was accepted"; fail=$((fail + 1))
fi

# Plain text output keeps the .clp syntax for .clp input (no model).
out=$(timeout 60 "$CAR" --timeout=30 --invariant tests/clp/bool_eq_safe.clp 2>/dev/null)
if [ "$(head -n 1 <<<"$out")" = safe ] && grep -q " := " <<<"$out" &&
   ! grep -q "define-fun" <<<"$out"; then
  pass=$((pass + 1))
else
  echo "FAIL: .clp --invariant output changed: $out"; fail=$((fail + 1))
fi

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
