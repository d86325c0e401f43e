#!/usr/bin/env python3
"""verify.py FILE... -- the expected verdicts of tests/c/*.c checked by
running the programs: each is compiled with gcc + UBSan and harness.c
(nondet values from a seeded PRNG, biased to small and boundary values, or
from a `// witness: v1 v2 ...' line; the error functions exit 99).
unsafe: seeds are tried until the error is reached (the witness first);
safe: N_SAFE seeds (default 3000), none may reach the error or hit UB.
Not run by ctest (it takes minutes); e.g.
    python3 tests/c-gcc/verify.py tests/c/*.c examples/*.c
A `// gcc-flags: ...' line adds gcc options (e.g.
-fno-sanitize=integer-divide-by-zero: a division by zero then traps, as car
models it, instead of counting as UB).
Uninitialised locals marked `// uninit' get a nondet value (gcc would read
stack garbage).  long is 64-bit here, so programs must not depend on its
width (car models ILP32) -- except tests with a line
`// options: --data-model=LP64', whose long values are 64-bit (H3_LP64=1).
Nondet values of 64-bit types are small, near 2^32, 2^63 or 2^64, or any."""
import os, re, subprocess, sys, tempfile
HERE = os.path.dirname(os.path.abspath(__file__))
H = tempfile.mkdtemp(prefix='c-gcc-')
subprocess.run(['gcc', '-c', '-O0', '-w', f'{HERE}/harness.c', '-o', f'{H}/harness.o'], check=True)
def expect(f):
    m = re.match(r'//\s*expect:\s*(\w+)', open(f).readline())
    return m.group(1) if m else None
def transform(src):
    # `T x; // uninit` -> T x = nondet (gcc would read stack garbage)
    return re.sub(r'^(\s*)((?:unsigned )?int|unsigned) (\w+);(\s*// uninit)',
                  r'\1\2 \3 = (\2)__VERIFIER_nondet_int();\4', src, flags=re.M)
ok = True
N_SAFE = int(os.environ.get('N_SAFE', '3000'))
for f in sys.argv[1:]:
    exp = expect(f)
    base = os.path.basename(f)[:-2]
    src = f'{H}/tmp_{base}.c'; exe = f'{H}/tmp_{base}'
    text = transform(open(f).read())
    # `// gcc-ilp32': ILP32's long emulated as int (gcc -m32 is not
    # available); for programs without long long and long prototypes
    if re.search(r'^//\s*gcc-ilp32', text, re.M): text = '#define long int\n' + text
    open(src, 'w').write(text)
    fl = re.search(r'^//\s*gcc-flags:\s*(.*)$', open(f).read(), re.M)
    c = subprocess.run(['gcc', '-std=gnu11', '-O0', '-g', '-w', '-fsanitize=undefined',
                        '-fno-sanitize-recover=all'] + (fl.group(1).split() if fl else []) +
                       ['-I', os.path.dirname(os.path.abspath(f)),
                        '-include', f'{HERE}/harness.h', src, f'{H}/harness.o', '-o', exe],
                       capture_output=True, text=True)
    if c.returncode:
        print(f'{base}: COMPILE ERROR\n{c.stderr[:800]}'); ok = False; continue
    hit = None; ub = None; runs = 0; status = {}
    wm = re.search(r'^//\s*witness:\s*(.*)$', open(f).read(), re.M)
    for seed in range(0 if wm else 1, 20001 if exp == 'unsafe' else N_SAFE + 1):
        runs += 1
        env = {'H3_SEED': str(seed)}
        if re.search(r'^//\s*options:.*--data-model=LP64', open(f).read(), re.M):
            env['H3_LP64'] = '1'
        if seed == 0: env['H3_VALUES'] = wm.group(1)
        try:
            r = subprocess.run([exe], env=env, capture_output=True, text=True, timeout=5)
        except subprocess.TimeoutExpired:
            status['timeout'] = status.get('timeout', 0) + 1; continue
        status[r.returncode] = status.get(r.returncode, 0) + 1
        if 'runtime error' in r.stderr:
            ub = (seed, r.stderr[-500:]); break
        if r.returncode == 99:
            hit = (seed, ' '.join(l.split('=')[1].strip() for l in r.stderr.splitlines() if l.startswith('nondet')))
            if exp == 'unsafe': break
            else: break
    if ub:
        print(f'{base}: UB at seed {ub[0]}: {ub[1]}'); ok = False
    elif exp == 'unsafe':
        if hit: print(f'{base}: unsafe CONFIRMED (seed {hit[0]}, inputs [{hit[1]}])')
        else: print(f'{base}: unsafe NOT REACHED in {runs} runs {status}'); ok = False
    elif exp == 'safe':
        if hit: print(f'{base}: safe VIOLATED (seed {hit[0]}, inputs [{hit[1]}])'); ok = False
        else: print(f'{base}: safe ok ({runs} runs, exit codes {status})')
    else:
        print(f'{base}: no expect line'); ok = False
    for p in (src, exe):
        try: os.remove(p)
        except OSError: pass
os.remove(f'{H}/harness.o'); os.rmdir(H)
sys.exit(0 if ok else 1)
