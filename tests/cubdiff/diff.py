#!/usr/bin/env python3
"""diff.py -- car's answers on random .cub systems (gen.py) against the
explicit enumeration of their instances of 1..3 processes (cubenum.py).

Usage: diff.py CAR [--seed=S] [--count=N] [--jobs=J] [--timeout=T]
               [--seconds=S] [--keep=DIR] [-v] [FILE.cub...]
(with files: those systems instead of generated ones)
(--seconds: no system is started after S seconds; --keep: the failing
systems are written to DIR/s<SEED>.cub)

For each system, car runs as
  default   car --timeout=T --cex FILE
  indexed   car --engine=indexed --timeout=T --cex FILE
  bmc       car --cub-bmc=3 --cub-bmc-steps=S --cub-bmc-time=T
                --timeout=2T --max-iterations=1 --houdini=0 --stats --cex FILE
              (the runs of a fixed number of processes; the engine after
              it stops at once)
and each answer is checked:
  - unsafe: the run printed has K processes; the enumeration of K
    processes must reach an unsafe state, in at most as many steps as the
    run has (a run shorter than the shortest one is no run);
  - safe: the enumerations of 1..3 processes reach no unsafe state;
  - bmc, every K of 1..3 searched to the bound with no run (stats
    cub-bmc-processes: 0, cub-bmc-steps: S): the enumerations of 1..3
    processes have no run of fewer than S - 1 steps;
  - unknown: counted;
  - exit codes 1, 3, 4 (rejected, internal error): a failure.
Prints one line per disagreement, then the counts and "P passed, F failed";
exit 1 on a failure."""
import concurrent.futures
import os
import re
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cubenum as EN  # noqa: E402
import gen as GEN  # noqa: E402

BMC_STEPS = 8
MAX_STATES = 100000


def run_car(car, args, path, timeout):
    try:
        p = subprocess.run([car] + args + [path], capture_output=True, text=True,
                           timeout=timeout + 30)
    except subprocess.TimeoutExpired:
        return None, '', 'hung'
    except OSError as e:
        return None, '', 'cannot run: %s' % e
    return p.returncode, p.stdout, p.stderr


def run_of(out):
    """(K, steps) of the run printed by --cex, or None."""
    m = re.search(r'^run of (\d+) process', out, re.M)
    if not m:
        return None
    steps = [int(x) for x in re.findall(r'^  (\d+)\. ', out, re.M)]
    return int(m.group(1)), (max(steps) if steps else 0)


def check(car, seed, timeout, keep, deadline=None):
    if deadline and time.time() > deadline:
        return None
    if isinstance(seed, str):
        with open(seed) as fh:
            text = fh.read()
    else:
        text = GEN.Gen(seed).system()
    fd, path = tempfile.mkstemp(suffix='.cub', prefix='cubdiff_')
    with os.fdopen(fd, 'w') as fh:
        fh.write(text)
    res = {'seed': seed, 'fail': [], 'unknown': [], 'answers': {}, 'unchecked': 0}
    try:
        sysm = EN.System(text)
        enum = {}

        def explore(k):
            if k not in enum:
                enum[k] = sysm.explore(k, MAX_STATES)
            return enum[k]
        for k in (1, 2, 3):
            explore(k)
        res['enum'] = {k: (v[0], v[1]) for k, v in enum.items()}
        cfgs = [('default', ['--timeout=%d' % timeout, '--cex']),
                ('indexed', ['--engine=indexed', '--timeout=%d' % timeout, '--cex']),
                ('bmc', ['--cub-bmc=3', '--cub-bmc-steps=%d' % BMC_STEPS,
                         '--cub-bmc-time=%d' % timeout, '--timeout=%d' % (2 * timeout),
                         '--max-iterations=1',
                         '--houdini=0', '--stats', '--cex'])]
        for name, args in cfgs:
            rc, out, err = run_car(car, args, path, timeout)
            verdict = out.split('\n', 1)[0] if out else ''
            res['answers'][name] = verdict or 'none'
            if rc in (1, 3, 4) or rc is None or verdict not in ('safe', 'unsafe', 'unknown'):
                res['fail'].append('%s: exit %s, %r: %s' % (name, rc, verdict,
                                                           err.strip()[:300]))
                continue
            if verdict == 'unknown':
                res['unknown'].append(name)
            if verdict == 'unsafe':
                r = run_of(out)
                if not r:
                    res['fail'].append('%s: unsafe without a run: %s' % (name, out[:300]))
                    continue
                k, steps = r
                if k > 5:
                    res['unchecked'] += 1
                    continue
                v, d, _, _ = explore(k)
                if v == 'safe':
                    res['fail'].append('%s: unsafe with %d processes, the enumeration '
                                       'of %d is safe' % (name, k, k))
                elif v == 'unsafe' and steps < d:
                    res['fail'].append('%s: a run of %d steps with %d processes, the '
                                       'shortest has %d' % (name, steps, k, d))
                elif v == 'unknown':
                    res['unchecked'] += 1
            elif verdict == 'safe':
                bad = [k for k in (1, 2, 3) if enum[k][0] == 'unsafe']
                if bad:
                    res['fail'].append('%s: safe, the enumeration of %d processes '
                                       'reaches an unsafe state in %d steps'
                                       % (name, bad[0], enum[bad[0]][1]))
            if name == 'bmc' and verdict != 'unsafe':
                m1 = re.search(r'^cub-bmc-processes: (\d+)$', err, re.M)
                m2 = re.search(r'^cub-bmc-steps: (\d+)$', err, re.M)
                if m1 and m2 and m1.group(1) == '0' and int(m2.group(1)) >= BMC_STEPS:
                    short = [k for k in (1, 2, 3) if enum[k][0] == 'unsafe'
                             and enum[k][1] < BMC_STEPS - 1]
                    if short:
                        res['fail'].append('bmc: no run up to %d steps, the enumeration '
                                           'of %d processes has one of %d'
                                           % (BMC_STEPS, short[0], enum[short[0]][1]))
    except EN.Unsupported as e:
        res['fail'].append('cubenum.py: unsupported: %s' % e)
    if res['fail'] and keep:
        os.makedirs(keep, exist_ok=True)
        with open(os.path.join(keep, 's%s.cub' % os.path.basename(str(seed))), 'w') as fh:
            fh.write(text)
    os.unlink(path)
    return res


def main(argv):
    opts = {'seed': 1, 'count': 10, 'jobs': 2, 'timeout': 10, 'keep': '',
            'seconds': 0}
    verbose = False
    car = None
    files = []
    for a in argv[1:]:
        if a == '-v':
            verbose = True
        elif a in ('-h', '--help'):
            print(__doc__)
            return 0
        elif a.startswith('--') and '=' in a:
            k, v = a[2:].split('=', 1)
            if k not in opts:
                print('diff.py: unknown option %s' % a, file=sys.stderr)
                return 2
            opts[k] = v if k == 'keep' else int(v)
        elif car:
            files.append(a)
        else:
            car = a
    if not car:
        print(__doc__, file=sys.stderr)
        return 2
    seeds = files or range(opts['seed'], opts['seed'] + opts['count'])
    deadline = time.time() + opts['seconds'] if opts['seconds'] else None
    done = 0
    passed = failed = 0
    unknown = {'default': 0, 'indexed': 0, 'bmc': 0}
    answers = {}
    unchecked = 0
    enum_unsafe = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=opts['jobs']) as ex:
        for res in ex.map(lambda s: check(car, s, opts['timeout'], opts['keep'],
                                          deadline), seeds):
            if res is None:
                continue
            done += 1
            for n in res['unknown']:
                unknown[n] += 1
            for n, v in res['answers'].items():
                answers[(n, v)] = answers.get((n, v), 0) + 1
            unchecked += res['unchecked']
            if any(v[0] == 'unsafe' for v in res.get('enum', {}).values()):
                enum_unsafe += 1
            if res['fail']:
                failed += 1
                for f in res['fail']:
                    print('FAIL seed %s: %s' % (res['seed'], f))
            else:
                passed += 1
            if verbose:
                print('seed %s: enum %s, car %s' % (res['seed'], res.get('enum'),
                                                     res['answers']))
            sys.stdout.flush()
    print('systems: %d, unsafe in the enumeration: %d; answers: %s; unknown: %s; '
          'runs not replayed: %d' % (
              done, enum_unsafe,
              ', '.join('%s %s %d' % (n, v, c) for (n, v), c in sorted(answers.items())),
              ', '.join('%s %d' % kv for kv in unknown.items()), unchecked))
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
