#!/usr/bin/env python3
"""c_inv_check.py -- checks the invariants `car --invariant` prints for C
input (tests/c_inv.sh; the format is docs/c.md's "Invariants").

Usage: python3 tests/c_inv_check.py OUT...   (OUT: car's stdout, verdict first)

For every invariant line "WHAT: EXPR" it
  1. maps ACSL's extensions mechanically to C (GNU C for the quantifier):
       \\old(v) -> old_v, \\old(\\shadowed(v)) -> old_shadowed_v,
       \\shadowed(v) -> shadowed_v, \\shadowed(v, n) -> shadowed_v_n, \\result -> result_, \\mode -> mode_,
       \\div(a, b) -> div_(a, b), \\mod(a, b) -> mod_(a, b),
       {a \\with [i] = v} -> store_(a, i, v), {\\const v} -> const_(v),
       \\forall int k; G ==> B -> ({ int k = 0; !(G) || (B); }),
       in G the chain lo <= k < hi -> lo <= k && k < hi
     (the extent of \\forall: to the parenthesis that closes around it);
  2. compiles it with gcc inside a function that declares every variable it
     names (long long, one * per subscript: a[i][j] is long long **), with
     -Werror=parentheses and -Werror=logical-not-parentheses, so that C
     must read it as printed (`!i <= x` and `a == b == c` are rejected);
  3. asserts that no conjunction (at any depth) holds two upper or two lower
     bounds, or an equation and another bound, on the same linear term.
Also rejects internal names ($, x'1) and any backslash left after the
mapping.  Prints "FAIL: ..." lines; exits 1 on a failure.
"""
import math
import os
import re
import subprocess
import sys
import tempfile

HELPERS = """long long *store_(long long *a, long long i, long long v);
long long *const_(long long v);
long long div_(long long a, long long b);
long long mod_(long long a, long long b);
"""
OPEN, CLOSE = "([{", ")]}"


def match(s, i):
    """Index of the bracket closing the one at s[i]."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] in OPEN:
            depth += 1
        elif s[j] in CLOSE:
            depth -= 1
            if depth == 0:
                return j
    raise ValueError("unbalanced: " + s)


def top_split(s, sep):
    """s split at the occurrences of sep outside brackets."""
    parts, depth, last, i = [], 0, 0, 0
    while i < len(s):
        c = s[i]
        if c in OPEN:
            depth += 1
        elif c in CLOSE:
            depth -= 1
        elif depth == 0 and s.startswith(sep, i):
            parts.append(s[last:i])
            last = i + len(sep)
            i = last
            continue
        i += 1
    parts.append(s[last:])
    return [p.strip() for p in parts]


def braces(s):
    """{a \\with [i] = v} and {\\const v} as calls."""
    i = s.find("{")
    while i >= 0:
        j = match(s, i)
        inner = braces(s[i + 1:j])
        if inner.startswith("\\const "):
            rep = "const_(%s)" % inner[7:]
        else:
            a, rest = top_split(inner, " \\with ")
            k = match(rest, 0)
            v = rest[k + 1:].strip()
            assert v.startswith("= "), inner
            rep = "store_(%s, %s, %s)" % (a, rest[1:k], v[2:])
        s = s[:i] + rep + s[j + 1:]
        i = s.find("{", i + len(rep))
    return s


def forall(s):
    """\\forall int k; G ==> B as a GNU statement expression."""
    m = re.search(r"\\forall int (\w+); ", s)
    if not m:
        return s
    start, depth, end = m.start(), 0, len(s)
    for j in range(m.end(), len(s)):
        if s[j] in OPEN:
            depth += 1
        elif s[j] in CLOSE:
            if depth == 0:
                end = j
                break
            depth -= 1
    body = forall(s[m.end():end])
    parts = top_split(body, "==>")
    if len(parts) == 2:
        conj = top_split(parts[0], "&&")   # ACSL's chain lo <= k < hi
        for i, c in enumerate(conj):
            g = top_split(c, " <= ")
            if len(g) == 2 and len(top_split(g[1], " < ")) == 2:
                k, hi = top_split(g[1], " < ")
                conj[i] = "%s <= %s && %s < %s" % (g[0], k, k, hi)
        parts[0] = " && ".join(conj)
        body = "!(%s) || (%s)" % tuple(parts)
    rep = "({ int %s = 0; %s; })" % (m.group(1), body)
    return forall(s[:start] + rep + s[end:])


def to_c(e):
    e = re.sub(r"\\shadowed\((\w+), (\d+)\)", r"\\shadowed(\1_\2)", e)
    for pat, rep in [(r"\\old\(\\shadowed\((\w+)\)\)", r"old_shadowed_\1"),
                     (r"\\old\((\w+)\)", r"old_\1"),
                     (r"\\shadowed\((\w+)\)", r"shadowed_\1"),
                     (r"\\result\b", "result_"), (r"\\mode\b", "mode_"),
                     (r"\\div\(", "div_("), (r"\\mod\(", "mod_(")]:
        e = re.sub(pat, rep, e)
    return forall(braces(e))


def declarations(c):
    """long long declarations of the identifiers of c (not the helpers,
    keywords or quantified names), by subscript depth."""
    bound = set(re.findall(r"\{ int (\w+) = 0;", c))
    depth = {}
    for m in re.finditer(r"\d+\w*|[A-Za-z_]\w*", c):
        name = m.group(0)
        if name[0].isdigit() or name in bound or name in (
                "int", "store_", "const_", "div_", "mod_"):
            continue
        d, j = 0, m.end()
        while j < len(c) and c[j] == "[":
            j = match(c, j) + 1
            d += 1
        depth[name] = max(depth.get(name, 0), d)
    return "".join("  long long %s%s;\n" % ("*" * d, n) for n, d in sorted(depth.items()))


def linear(side):
    """side as {atom: coef} with "" the constant, or None."""
    toks = re.findall(r"\s*(\d+|[A-Za-z_]\w*(?:\[[^\]]*\])*|[-+*])", side)
    if "".join(toks).replace(" ", "") != side.replace(" ", ""):
        return None
    lin, sign, coef, i = {}, 1, None, 0
    while i < len(toks):
        t = toks[i]
        if t in "+-":
            sign = 1 if t == "+" else -1
        elif t == "*":
            pass
        elif t.isdigit():
            if i + 1 < len(toks) and toks[i + 1] == "*":
                coef = int(t)
            else:
                lin[""] = lin.get("", 0) + sign * int(t)
                sign = 1
        else:
            lin[t] = lin.get(t, 0) + sign * (coef or 1)
            sign, coef = 1, None
        i += 1
    return lin


def bound(conj):
    """(term, kind) of a bound "lin <= lin" / "lin == lin", or None."""
    for op, kind in (("<=", "le"), ("==", "eq")):
        sides = top_split(conj, " %s " % op)
        if len(sides) == 2:
            a, b = linear(sides[0]), linear(sides[1])
            if a is None or b is None:
                return None
            lin = dict(a)
            for k, v in b.items():
                lin[k] = lin.get(k, 0) - v
            terms = sorted((k, v) for k, v in lin.items() if k and v)
            if not terms:
                return None
            g = 0
            for _, v in terms:
                g = math.gcd(g, abs(v))
            flip = terms[0][1] < 0
            key = tuple((k, (-v if flip else v) // g) for k, v in terms)
            if kind == "le":
                kind = "lo" if flip else "hi"
            return key, kind
    return None


def bounds_ok(e, where):
    """Every conjunction inside e (a C expression) has at most one upper
    and one lower bound per linear term, an equation only alone."""
    ok = True
    for disj in top_split(e, "||"):
        seen = {}
        for conj in top_split(disj, "&&"):
            b = bound(conj)
            if b:
                seen.setdefault(b[0], []).append(b[1])
        for key, kinds in seen.items():
            if kinds.count("hi") > 1 or kinds.count("lo") > 1 or (
                    "eq" in kinds and len(kinds) > 1):
                print("FAIL: %s: two bounds on one term %s: %s" % (where, key, kinds))
                ok = False
    i = e.find("(")
    while i >= 0:
        j = match(e, i)
        ok = bounds_ok(e[i + 1:j], where) and ok
        i = e.find("(", j)
    return ok


def main():
    fails, n = 0, 0
    with tempfile.TemporaryDirectory() as tmp:
        for out in sys.argv[1:]:
            lines = open(out).read().split("\n")
            for k, line in enumerate(lines[1:]):
                if not line.strip():
                    continue
                where = "%s:%d" % (out, k + 2)
                what, _, e = line.partition(": ")
                e = re.sub(r"  /\*.*\*/$", "", e)
                if e in ("never", "(no constraint)") or not _:
                    print("FAIL: %s: not an invariant line: %s" % (where, line))
                    fails += 1
                    continue
                n += 1
                if re.search(r"\$|\w'", line):
                    print("FAIL: %s: an internal name: %s" % (where, line))
                    fails += 1
                try:
                    c = to_c(e)
                except (ValueError, AssertionError) as x:
                    print("FAIL: %s: cannot map %s: %s" % (where, e, x))
                    fails += 1
                    continue
                if "\\" in c:
                    print("FAIL: %s: an unmapped ACSL construct: %s" % (where, c))
                    fails += 1
                if not bounds_ok(c, where):
                    fails += 1
                src = os.path.join(tmp, "inv.c")
                with open(src, "w") as f:
                    f.write("%sint inv(void) {\n%s  return %s;\n}\n" % (
                        HELPERS, declarations(c), c))
                r = subprocess.run(
                    ["gcc", "-std=gnu11", "-fsyntax-only", "-Wparentheses",
                     "-Wlogical-not-parentheses", "-Werror=parentheses",
                     "-Werror=logical-not-parentheses", src],
                    capture_output=True, text=True)
                if r.returncode != 0:
                    err = [l for l in r.stderr.split("\n") if "error" in l][:2]
                    print("FAIL: %s: gcc rejects %s: %s" % (where, c, " | ".join(err)))
                    fails += 1
    print("c_inv_check: %d invariants, %d failures" % (n, fails))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
