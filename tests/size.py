#!/usr/bin/env python3
"""size.py -- the size limits of docs/architecture.md, checked on the code:
no source file of a module over 800 lines; no function over 100 lines
(the re2c lexer functions, generated code, are excepted); main() under 80.

A function is found as a top-level brace block whose head (up to four lines
above its opening brace) is a C declarator `name(`; strings, character
constants and comments are blanked first, so braces inside them do not
count.  Usage: python3 tests/size.py [CAR]  (from anywhere; CAR unused)
Prints one line per breach and 'N passed, N failed'."""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MODULES = ["clp", "zb", "frontend", "abstract", "etc", "refine", "engine",
           "engines", "indexed", "cert", "portfolio", "driver", "bench"]
FILE_MAX, FUNC_MAX, MAIN_MAX = 800, 100, 80
LEXERS = {("frontend/c/c_lex.re", "c_lex"), ("frontend/cub/cub_lex.re", "cub_lex"),
          ("frontend/clp/clp_lex.re", "clp_lex")}


def files():
    out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "--"]
                         + MODULES, cwd=ROOT, capture_output=True, text=True)
    return sorted(f for f in out.stdout.split()
                  if re.search(r"\.(c|h|re|y)$", f) and "c_include" not in f
                  and os.path.exists(os.path.join(ROOT, f)))


def blank(text):
    """Strings, char constants and comments replaced by spaces (lines kept)."""
    pat = re.compile(r'"(\\.|[^"\\\n])*"|\'(\\.|[^\'\\\n])*\'|/\*.*?\*/|//[^\n]*',
                     re.S)
    return pat.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def functions(text):
    """(name, first line, lines) of every top-level brace block that is a
    function definition."""
    lines = blank(text).split("\n")
    depth, start, name, out = 0, None, None, []
    for i, l in enumerate(lines):
        if depth == 0 and "{" in l and start is None:
            for k in range(i, max(i - 4, -1), -1):
                m = re.match(r"^[A-Za-z_][^=;]*?\b([A-Za-z_]\w*)\s*\(", lines[k])
                if m and not re.match(r"^\s*(typedef|struct|enum|union)\b",
                                      lines[k]):
                    start, name = k, m.group(1)
                    break
        depth += l.count("{") - l.count("}")
        if depth == 0 and start is not None and "}" in l:
            out.append((name, start + 1, i - start + 1))
            start = None
    return out


def main():
    passed = failed = 0
    for f in files():
        text = open(os.path.join(ROOT, f), encoding="utf-8",
                    errors="replace").read()
        n = text.count("\n")
        if n > FILE_MAX:
            print(f"FAIL: {f}: {n} lines (at most {FILE_MAX})")
            failed += 1
        else:
            passed += 1
        if not f.endswith((".c", ".re", ".y")):
            continue
        for name, line, size in functions(text):
            limit = MAIN_MAX - 1 if name == "main" and f.startswith("driver/") \
                else FUNC_MAX
            if (f, name) in LEXERS or size <= limit:
                passed += 1
                continue
            print(f"FAIL: {f}:{line}: {name}() is {size} lines "
                  f"(at most {limit})")
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
