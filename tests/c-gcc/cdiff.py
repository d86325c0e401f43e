#!/usr/bin/env python3
"""cdiff.py -- differential testing of car's C translation against gcc
(issue 13).  For each random program of gen_random.py:

  1. truth: the program is compiled by gcc with UBSan (-fno-sanitize-recover)
     and linked with cdiff_driver.c, which runs every combination of the
     program's nondet inputs (each restricted to a small finite domain by an
     assumption) in a forked child; the truth is exact: unsafe iff some
     combination reaches the error.  A program with undefined behaviour on
     any combination is discarded (car assumes signed overflow away).
     A probe run first picks the constants of the final assertion from the
     computed values, so that about half the programs are unsafe.
  2. car --timeout=T FILE: safe/unsafe must match the truth; a mismatch is a
     DISAGREEMENT (the file is kept in --out, a loud line is printed, the exit
     code is 1).  unknown (exit 20) is counted, not a failure; exit 3 (a
     certificate check failed: car's internal error) is FAIL-internal, a
     crash (other exit codes, signals) FAIL-crash: both are kept and make
     the exit code 1; exit 1 or 4 (construct rejected) is counted as `rejected`
     with the message (a supported construct rejected is a car bug too:
     read the tally).

    python3 tests/c-gcc/cdiff.py --car build/car [--seed S] [--count N]
        [--seconds SEC] [--timeout T] [--jobs J] [--out DIR]
        [--exclude FEATURE,...] [--no-default-exclude] [--data-model M]
        [--car-arg=OPTION]... [-v]

Program k of a run is gen_random.generate(S * 1000003 + k, ...), printed
with its seed on failures.  DEFAULT_EXCLUDE below lists the features left
out by default and why (override with --exclude, which replaces it, or
--no-default-exclude).
"""
import argparse, os, re, shutil, subprocess, sys, tempfile, threading, time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gen_random  # noqa: E402

# Features left out by default, with the reason.  Never exclude a feature to
# hide a car bug without a regression test in tests/c/ and a note here.
DEFAULT_EXCLUDE = {
    'bitwise-any': 'unsupported by design: car rejects & | ^ of arbitrary operands (docs/c.md)',
}

GCC = ['gcc', '-std=gnu11', '-O0', '-w', '-fsanitize=undefined', '-fno-sanitize-recover=all']


class Stats:
    def __init__(self):
        self.lock = threading.Lock()
        self.c = {k: 0 for k in ('agree-safe', 'agree-unsafe', 'car-unknown', 'rejected',
                                 'discarded-ub', 'discarded-other', 'DISAGREE', 'FAIL-internal',
                                 'FAIL-crash')}
        self.rejects = {}
        self.time_car = 0.0

    def add(self, k, n=1):
        with self.lock:
            self.c[k] += n


def run_driver(exe, domains, tmo=60):
    """Lines 'R ...' of the driver for every input combination, or None."""
    env = dict(os.environ, UBSAN_OPTIONS='exitcode=77:halt_on_error=1:print_stacktrace=0')
    try:
        p = subprocess.run([exe] + domains, capture_output=True, text=True, timeout=tmo, env=env)
    except subprocess.TimeoutExpired:
        return None
    if p.returncode != 0:
        return None
    return [l[2:] for l in p.stdout.splitlines() if l.startswith('R ')]


def compile_prog(src, tmp, name, driver_o):
    c = os.path.join(tmp, name + '.c')
    exe = os.path.join(tmp, name)
    with open(c, 'w') as f:
        f.write(src)
    p = subprocess.run(GCC + ['-Dmain=cdiff_main', c, driver_o, '-o', exe],
                       capture_output=True, text=True)
    return exe if p.returncode == 0 else ('COMPILE', p.stderr)


def domains_of(src):
    m = re.search(r'^// cdiff-inputs: (.*)', src, re.M)
    return [d.strip() for d in m.group(1).split('|') if d.strip()] if m else []


def one(k, seed, a, st, driver_o, exclude, log):
    tmp = tempfile.mkdtemp(prefix='cdiff-')
    why = {}
    try:
        def probe(src):
            exe = compile_prog(src, tmp, 'probe', driver_o)
            if isinstance(exe, tuple):
                why['compile'] = exe[1]
                return None
            res = run_driver(exe, domains_of(src))
            if res is None or any(r == 'UB' for r in res):
                why['ub'] = 1
                return None
            if any(r.startswith('BAD') for r in res):
                why['bad'] = [r for r in res if r.startswith('BAD')][0]
                return None
            return [tuple(int(x) for x in r.split()[1:]) for r in res if r.startswith('END')]
        dm = a.data_model if a.data_model != 'both' else ('LP64' if k % 2 else 'ILP32')
        src = gen_random.generate(seed, exclude, probe, dm)
        if src is None:
            if 'compile' in why:
                log(f'GENERATOR BUG (seed {seed}): gcc rejects the program:\n{why["compile"][:1500]}')
                st.add('discarded-other')
            elif 'bad' in why:
                log(f'GENERATOR BUG (seed {seed}): {why["bad"]}')
                st.add('discarded-other')
            else:
                st.add('discarded-ub')
            return
        exe = compile_prog(src, tmp, 'prog', driver_o)
        if isinstance(exe, tuple):
            log(f'GENERATOR BUG (seed {seed}): gcc rejects the final program:\n{exe[1][:1500]}')
            st.add('discarded-other')
            return
        res = run_driver(exe, domains_of(src))
        if res is None or any(r == 'UB' or r.startswith('BAD') for r in res):
            st.add('discarded-ub' if res and any(r == 'UB' for r in res) else 'discarded-other')
            return
        truth = 'unsafe' if 'ERROR' in res else 'safe'
        cfile = os.path.join(tmp, f'cdiff_{seed}.c')
        with open(cfile, 'w') as f:
            f.write(f'// expect: {truth}\n' + src)
        cmd = [a.car, f'--timeout={a.timeout}'] + a.car_arg + (['--data-model=LP64'] if dm == 'LP64' else []) + [cfile]
        t0 = time.time()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=2 * a.timeout + 10)
            rc, out, err = p.returncode, p.stdout, p.stderr
        except subprocess.TimeoutExpired:
            rc, out, err = 'hang', '', ''
        with st.lock:
            st.time_car += time.time() - t0
        verdict = out.split('\n', 1)[0].strip()
        kind = None
        if rc in (0, 10) and verdict in ('safe', 'unsafe'):
            if verdict == truth:
                st.add('agree-' + truth)
            else:
                kind = 'DISAGREE'
        elif rc == 20:
            st.add('car-unknown')
        elif rc in (1, 4):
            st.add('rejected')
            msg = re.sub(r'^.*?error: ', '', err.strip().split('\n')[0])
            msg = re.sub(r"'[^']*'", "'...'", msg)[:80]
            with st.lock:
                st.rejects[msg] = st.rejects.get(msg, 0) + 1
            if a.verbose:
                log(f'rejected (seed {seed}): {err.strip()[:200]}')
        elif rc == 3:
            kind = 'FAIL-internal'
        else:
            kind = 'FAIL-crash'
        if kind:
            st.add(kind)
            os.makedirs(a.out, exist_ok=True)
            keep = os.path.join(a.out, f'cdiff_{seed}.c')
            shutil.copy(cfile, keep)
            if dm == 'LP64':   # the file says how to run it
                with open(keep) as f:
                    text = f.read()
                with open(keep, 'w') as f:
                    f.write(text.replace('\n', '\n// car --data-model=LP64\n', 1))
            log(f'!!!!! {kind}: {keep} ({dm}): gcc says {truth}, car says {verdict or "-"} '
                f'(exit {rc}) {err.strip()[:300]}')
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def main():
    ap = argparse.ArgumentParser(description='differential testing of car against gcc')
    ap.add_argument('--car', default='build/car')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=100)
    ap.add_argument('--seconds', type=float, default=0, help='stop starting programs after SEC (0: no limit)')
    ap.add_argument('--timeout', type=float, default=10, help="car's --timeout per program")
    ap.add_argument('--jobs', type=int, default=1)
    ap.add_argument('--out', default='cdiff-out', help='failing programs are kept here')
    ap.add_argument('--exclude', help='features to leave out (replaces the default list)')
    ap.add_argument('--no-default-exclude', action='store_true')
    ap.add_argument('--data-model', default='both', choices=['ILP32', 'LP64', 'both'],
                    help='LP64: generate long too and pass --data-model=LP64 to car; '
                         'both (default): LP64 for odd program numbers')
    ap.add_argument('--car-arg', action='append', default=[],
                    help='an extra option for car (repeatable), e.g. --car-arg=--c-loops=summary')
    ap.add_argument('-v', '--verbose', action='store_true')
    a = ap.parse_args()
    if a.exclude is not None:
        exclude = [x for x in a.exclude.split(',') if x]
    else:
        exclude = [] if a.no_default_exclude else list(DEFAULT_EXCLUDE)
    bad = [x for x in exclude if x not in gen_random.FEATURES]
    if bad:
        sys.exit(f'cdiff.py: unknown feature(s) {",".join(bad)}; known: {",".join(gen_random.FEATURES)}')
    a.car = os.path.abspath(a.car)
    a.out = os.path.abspath(a.out)
    for x in exclude:
        print(f'cdiff: excluded {x}: {DEFAULT_EXCLUDE.get(x, "(--exclude)")}')
    tmp = tempfile.mkdtemp(prefix='cdiff-drv-')
    driver_o = os.path.join(tmp, 'driver.o')
    subprocess.run(GCC + ['-c', os.path.join(HERE, 'cdiff_driver.c'), '-o', driver_o], check=True)
    st = Stats()
    plock = threading.Lock()

    def log(s):
        with plock:
            print(s, flush=True)
    t0 = time.time()
    done = [0]

    def task(k):
        if a.seconds and time.time() - t0 > a.seconds:
            return
        seed = a.seed * 1000003 + k
        try:
            one(k, seed, a, st, driver_o, exclude, log)
        except Exception as e:  # a bug of this script: loud, counted
            log(f'!!!!! cdiff.py error on seed {seed}: {e!r}')
            st.add('FAIL-crash')
        with plock:
            done[0] += 1
            if a.verbose and done[0] % 50 == 0:
                print(f'cdiff: {done[0]} programs, {time.time() - t0:.0f} s {st.c}', flush=True)
    with ThreadPoolExecutor(max_workers=a.jobs) as ex:
        list(ex.map(task, range(a.count)))
    shutil.rmtree(tmp, ignore_errors=True)
    c = st.c
    n = sum(c.values())
    print(f'cdiff: {n} programs in {time.time() - t0:.0f} s (seed {a.seed}, car --timeout={a.timeout}, '
          f'car time {st.time_car:.0f} s)')
    print(f'cdiff: agree-safe {c["agree-safe"]}, agree-unsafe {c["agree-unsafe"]}, '
          f'car-unknown {c["car-unknown"]}, rejected {c["rejected"]}, '
          f'discarded {c["discarded-ub"]} (UB) + {c["discarded-other"]} (other), '
          f'disagreements {c["DISAGREE"]}, FAIL-internal {c["FAIL-internal"]}, FAIL-crash {c["FAIL-crash"]}')
    for m, cnt in sorted(st.rejects.items(), key=lambda x: -x[1]):
        print(f'cdiff:   rejected {cnt}x: {m}')
    bad = c['DISAGREE'] + c['FAIL-internal'] + c['FAIL-crash']
    if bad:
        print(f'cdiff: FAILED: {bad} program(s) kept in {a.out}')
    sys.exit(1 if bad else 0)


if __name__ == '__main__':
    main()
