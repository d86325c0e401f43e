#!/usr/bin/env python3
"""cdiff_min.py -- shrink a disagreement kept by cdiff.py.

    python3 tests/c-gcc/cdiff_min.py --car build/car FILE.c [--timeout T] [-o OUT.c]

FILE.c starts with `// expect: V` (gcc's truth) and `// cdiff-inputs: ...`.
Lines (a line ending in `{` together with its block) and input domain values
are removed, and parenthesised subexpressions replaced by `0` / `1`, as long
as gcc (UBSan, every input combination) still gives the truth V, and car
still answers the other verdict.  Prints the result (or writes OUT.c).
"""
import argparse, os, re, shutil, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import cdiff  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--car', default='build/car')
    ap.add_argument('--timeout', type=float, default=10)
    ap.add_argument('-o')
    ap.add_argument('file')
    a = ap.parse_args()
    src = open(a.file).read()
    truth = re.match(r'// expect: (\w+)', src).group(1)
    body = src.split('\n', 1)[1]
    tmp = tempfile.mkdtemp(prefix='cdiff-min-')
    drv = os.path.join(tmp, 'driver.o')
    subprocess.run(cdiff.GCC + ['-c', os.path.join(HERE, 'cdiff_driver.c'), '-o', drv], check=True)
    wrong = 'safe' if truth == 'unsafe' else 'unsafe'

    def ok(text):
        exe = cdiff.compile_prog(text, tmp, 'm', drv)
        if isinstance(exe, tuple):
            return False
        res = cdiff.run_driver(exe, cdiff.domains_of(text))
        if res is None or any(r == 'UB' or r.startswith('BAD') for r in res):
            return False
        if ('unsafe' if 'ERROR' in res else 'safe') != truth:
            return False
        c = os.path.join(tmp, 'm_car.c')
        with open(c, 'w') as f:
            f.write(text)
        lp64 = ['--data-model=LP64'] if '// car --data-model=LP64' in text else []
        p = subprocess.run([a.car, f'--timeout={a.timeout}'] + lp64 + [c], capture_output=True, text=True)
        return p.stdout.split('\n', 1)[0].strip() == wrong

    try:
        body = shrink(body, ok)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    out = f'// expect: {truth}\n' + body
    if a.o:
        with open(a.o, 'w') as f:
            f.write(out)
    print(out)


def shrink(body, ok):
    if not ok(body):
        sys.exit('cdiff_min.py: the file does not reproduce')
    changed = True
    while changed:
        changed = False
        lines = body.split('\n')
        i = 1
        while i < len(lines):
            j = i + 1
            if lines[i].rstrip().endswith('{'):
                depth = 0
                for j in range(i, len(lines)):
                    depth += lines[j].count('{') - lines[j].count('}')
                    if depth <= 0:
                        break
                j += 1
            cand = lines[:i] + lines[j:]
            if lines[i].strip() and ok('\n'.join(cand)):
                lines = cand
                changed = True
            else:
                i += 1
        body = '\n'.join(lines)
        # parenthesised subexpressions -> 0 / 1 / their inside
        k = 0
        while True:
            opens = [m.start() for m in re.finditer(r'\(', body)]
            if k >= len(opens):
                break
            s = opens[k]
            depth, e = 0, s
            for e in range(s, len(body)):
                depth += {'(': 1, ')': -1}.get(body[e], 0)
                if depth == 0:
                    break
            inner = body[s + 1:e]
            done = False
            for rep in ('0', '1', inner if '(' in inner else None):
                if rep is None or rep == inner and not inner:
                    continue
                cand = body[:s] + '(' + rep + ')' + body[e + 1:]
                if cand != body and ok(cand):
                    body, changed, done = cand, True, True
                    break
            if not done:
                k += 1
    return body


if __name__ == '__main__':
    main()
