#!/usr/bin/env python3
"""diff_types.py [--seed S] [--count N] [--car CAR] [--keep DIR] -- random
integer-typed C expressions (every integer type but long, whose width gcc
here does not share with ILP32; all operators, casts, conversions),
evaluated by gcc with UBSan (programs with undefined behaviour are dropped)
and by car: each program asserts the value gcc computed (expected safe)
and its negation (expected unsafe).  The variables are nondet inputs
pinned by assume(x == c), so car cannot fold them away.  A car verdict
that differs is a wrong verdict; `unknown` or `unsupported` is counted.
    python3 tests/c-gcc/diff_types.py --seed 1 --count 200 --car build/car
"""
import argparse, os, random, re, subprocess, sys, tempfile

TYPES = [('_Bool', 'bool', 0, 1), ('signed char', 'char', -128, 127),
         ('unsigned char', 'uchar', 0, 255), ('short', 'short', -32768, 32767),
         ('unsigned short', 'ushort', 0, 65535),
         ('int', 'int', -2**31, 2**31 - 1), ('unsigned', 'uint', 0, 2**32 - 1),
         ('long long', 'longlong', -2**63, 2**63 - 1),
         ('unsigned long long', 'ulonglong', 0, 2**64 - 1)]
SUFFIX = {'int': '', 'unsigned': 'u', 'long long': 'LL', 'unsigned long long': 'ULL'}

def const(r):
    t = r.choice(list(SUFFIX))
    lo, hi = {'int': (0, 2**31 - 1), 'unsigned': (0, 2**32 - 1),
              'long long': (0, 2**63 - 1), 'unsigned long long': (0, 2**64 - 1)}[t]
    v = r.choice([0, 1, 2, 3, 7, 255, 256, 65535, 65536, 2**31 - 1, 2**31,
                  2**32 - 1, 2**32, 2**63 - 1, 2**63, 2**64 - 1, r.randint(lo, hi)])
    v = min(max(v, lo), hi)
    return f'{v}{SUFFIX[t]}'

def value(r, t):
    _, _, lo, hi = t
    return r.choice([lo, hi, 0, 1, -1 if lo < 0 else 2, r.randint(lo, hi),
                     r.randint(max(lo, -300), min(hi, 300))])

def expr(r, vs, d):
    k = r.random()
    if d == 0 or k < 0.2:
        return r.choice(vs) if r.random() < 0.75 else const(r)
    if k < 0.3:
        op = r.choice(['-', '~', '!', '+'])
        return f'({op}{expr(r, vs, d - 1)})'
    if k < 0.4:
        return f'(({r.choice(TYPES)[0]}){expr(r, vs, d - 1)})'
    if k < 0.45:
        return f'({expr(r, vs, d - 1)} ? {expr(r, vs, d - 1)} : {expr(r, vs, d - 1)})'
    if k < 0.55:
        op = r.choice(['<<', '>>'])
        return f'({expr(r, vs, d - 1)} {op} {r.choice([0, 1, 3, 8, 16, 31, 32, 33, 62, 63])})'
    if k < 0.62:
        op = r.choice(['&', '|', '^'])
        m = r.choice(['255', '65535', '4294967295u', '1', '0', '-1', '9223372036854775807LL',
                      '18446744073709551615ULL', '4294967295ULL'])
        return f'({expr(r, vs, d - 1)} {op} {m})' if op == '&' else f'({expr(r, vs, d - 1)} {op} 0)'
    op = r.choice(['+', '-', '*', '/', '%', '<', '<=', '>', '>=', '==', '!=', '&&', '||',
                   '+', '-', '<', '>'])
    return f'({expr(r, vs, d - 1)} {op} {expr(r, vs, d - 1)})'

def program(r, check):
    n = r.randint(1, 3)
    decls, vs, pins = [], [], []
    for i in range(n):
        t = r.choice(TYPES)
        v = value(r, t)
        decls.append(f'  {t[0]} v{i} = __VERIFIER_nondet_{t[1]}();')
        lit = f'{v}ULL' if v > 2**63 - 1 else (f'({v + 1}LL - 1)' if v < -2**62 else f'{v}LL')
        pins.append(f'  __VERIFIER_assume(v{i} == ({t[0]}){lit});')
        vs.append(f'v{i}')
    tt = r.choice(TYPES)
    e = expr(r, vs, r.randint(1, 3))
    ctx = r.choice(['expr', 'assign', 'compound', 'param', 'ret'])
    body = decls + pins
    if ctx == 'expr':
        body.append(f'  {tt[0]} res = {e};')
    elif ctx == 'assign':
        body.append(f'  {tt[0]} res; res = {e};')
    elif ctx == 'compound':
        op = r.choice(['+=', '-=', '*=', '<<=', '>>=', '|=', '&='])
        rhs = e if op not in ('<<=', '>>=', '|=', '&=') else {'<<=': '3', '>>=': '2', '|=': '0', '&=': '255'}[op]
        body.append(f'  {tt[0]} res = v0; res {op} {rhs};')
    elif ctx == 'param':
        body.append(f'  {tt[0]} res = id({e});')
    else:
        body.append(f'  {tt[0]} res = f(v0);')
    pre = [f'{tt[0]} id({tt[0]} x) {{ return x; }}']
    if ctx == 'ret':
        pre.append(f'{tt[0]} f({TYPES[[t[0] for t in TYPES].index(r.choice(TYPES)[0])][0]} v0) {{ return {e.replace("v1", "v0").replace("v2", "v0")}; }}')
    return pre, body, tt

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--car', default='build/car')
    ap.add_argument('--keep', default=None)
    a = ap.parse_args()
    r = random.Random(a.seed)
    tmp = tempfile.mkdtemp(prefix='difft-')
    stats = {'agree': 0, 'ub': 0, 'unsupported': 0, 'unknown': 0, 'WRONG': 0}
    head = ('extern void reach_error(void);\nextern void __VERIFIER_assume(int);\n' +
            ''.join(f'extern {t[0]} __VERIFIER_nondet_{t[1]}(void);\n' for t in TYPES))
    for k in range(a.count):
        pre, body, tt = program(r, True)
        # gcc: print the value
        src = head + '#include <stdio.h>\n' + '\n'.join(pre) + '\nint main(void) {\n' + '\n'.join(body) + \
            '\n  printf("%llu\\n", (unsigned long long)res);\n  return 0;\n}\n'
        stubs = ''.join(f'{t[0]} __VERIFIER_nondet_{t[1]}(void) {{ static int n; return 0; }}\n' for t in TYPES)
        # nondet values: the pinned ones, by rewriting the assume into the init
        gsrc = re.sub(r'  (\w[\w ]*) (v\d) = __VERIFIER_nondet_\w+\(\);', r'  \1 \2;', src)
        gsrc = re.sub(r'  __VERIFIER_assume\((v\d) == (\([^)]*\))(.*)\);', r'  \1 = \2\3;', gsrc)
        gsrc = gsrc.replace('extern void __VERIFIER_assume(int);', '')
        cf = os.path.join(tmp, 'g.c')
        open(cf, 'w').write(gsrc.replace('extern void reach_error(void);', ''))
        c = subprocess.run(['gcc', '-w', '-O0', '-fsanitize=undefined', '-fno-sanitize-recover=all',
                            '-Wno-overflow', cf, '-o', os.path.join(tmp, 'g')], capture_output=True, text=True)
        if c.returncode:
            stats['ub'] += 1; continue
        p = subprocess.run([os.path.join(tmp, 'g')], capture_output=True, text=True)
        if p.returncode or 'runtime error' in p.stderr:
            stats['ub'] += 1; continue
        val = int(p.stdout.strip())
        for want in ('safe', 'unsafe'):
            cmp = '!=' if want == 'safe' else '=='
            prog = head + '\n'.join(pre) + '\nint main(void) {\n' + '\n'.join(body) + \
                f'\n  if (res {cmp} ({tt[0]}){val}ULL) reach_error();\n  return 0;\n}}\n'
            f = os.path.join(tmp, f'p{k}_{want}.c')
            open(f, 'w').write(prog)
            o = subprocess.run([a.car, '--timeout=20', f], capture_output=True, text=True)
            v = (o.stdout.split() or ['?'])[0]
            if v == want:
                stats['agree'] += 1
            elif 'unsupported' in o.stderr:
                stats['unsupported'] += 1
            elif v == 'unknown' or v == '?':
                stats['unknown'] += 1
                if a.keep: open(os.path.join(a.keep, f'unknown{k}_{want}.c'), 'w').write(prog)
            else:
                stats['WRONG'] += 1
                print(f'WRONG: car says {v}, gcc says {want}:\n{prog}', flush=True)
                if a.keep: open(os.path.join(a.keep, f'wrong{k}_{want}.c'), 'w').write(prog)
    print(' '.join(f'{k}={v}' for k, v in stats.items()))
    sys.exit(1 if stats['WRONG'] else 0)

main()
