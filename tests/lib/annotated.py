#!/usr/bin/env python3
"""annotated.py -- the one runner for annotated test inputs.

    python3 tests/lib/annotated.py [OPTIONS] CAR FILE...

Every input of tests/<language>/ (and examples/) says in comments what car
must answer.  The comment syntax follows the extension: `//` for .c and .i,
`%` for .clp, `;` for .smt2, `(* ... *)` for .cub, `#` for .yml (SV-COMP
task files).  Header lines (anywhere
in the file; one header line may hold several entries separated by `; `):

    expect: safe|unsafe|unknown    the first stdout line, and the exit code
                                   (docs/cli.md: safe 0, unsafe 10, unknown 20);
                                   .smt2 files print sat / unsat (CHC-COMP's
                                   words, car's default for them)
    options: OPTS                  car options for this file (split at blanks)
    cex: REGEX                     (repeatable) car runs with --cex; a line of
                                   its stdout matches the regular expression
    min-iterations: N              with --stats: `iterations: N'` on stderr
                                   has N' >= N (safe answers only)
    error: LINE:COL: MESSAGE       an input error: stdout is `unknown`, the
    error: MESSAGE                 exit code 4 when MESSAGE names an
                                   unsupported construct ("unsupported", "not
                                   supported"), else 1 (docs/cli.md), and a
                                   stderr line starts with
                                   `FILE:LINE:COL: error: MESSAGE` (`FILE:
                                   error: MESSAGE` without a position; the
                                   whole line with --exact-errors)

Options:
    --arg=ARG            (repeatable) a car argument before the file's options
    --wall=SEC           wall-clock limit of a verdict run (default 240; a run
                         killed is a failure); error runs get 20 s
    --allow-unknown      an `unknown` answer to an expect file is skipped
    --no-min-iterations  do not check min-iterations (engines other than car)
    --exact-errors       the error line must be the whole stderr line
    --save=PREFIX        keep the last run's stdout and stderr in PREFIX.out
                         and PREFIX.err (for the caller's own checks)

    python3 tests/lib/annotated.py --header=KEY FILE

prints the values of FILE's KEY entries, one a line (the scripts read
`expect:` and `options:` for their own checks through it); `expect` prints
the verdict word only.

Prints one line per file ("ok FILE: what" or "FAIL FILE: why" or "skip
FILE: why"), then "N passed, N failed, N skipped"; exits 1 on a failure.
"""
import os
import re
import shlex
import subprocess
import sys

COMMENT = {'.c': '//', '.i': '//', '.clp': '%', '.smt2': ';', '.cub': '(*',
           '.yml': '#'}
KEYS = ('expect', 'options', 'cex', 'min-iterations', 'error')
EXIT_CODE = {'safe': 0, 'unsafe': 10, 'unknown': 20}
ERROR_EXIT, UNSUPPORTED_EXIT = 1, 4
KEY_RE = re.compile(r'\s*(%s):\s?' % '|'.join(KEYS))
SPLIT_RE = re.compile(r';\s+(?=(?:%s):)' % '|'.join(KEYS))


def comment_body(line, lead):
    """The text of a comment line in the given syntax, or None."""
    s = line.strip()
    if not s.startswith(lead):
        return None
    s = s[len(lead):]
    if lead == '(*':
        if not s.endswith(' *)'):
            return None
        s = s[:-3]
    return s


def read_headers(path):
    """{key: [values]} of the file's header entries, in file order."""
    lead = COMMENT.get(os.path.splitext(path)[1])
    if lead is None:
        raise ValueError('no comment syntax for this extension')
    heads = {}
    with open(path, encoding='utf-8', errors='replace') as fh:
        for line in fh:
            body = comment_body(line, lead)
            if body is None or not KEY_RE.match(body):
                continue
            for part in SPLIT_RE.split(body.lstrip()):
                m = KEY_RE.match(part)
                if m:
                    heads.setdefault(m.group(1), []).append(part[m.end():])
    return heads


def run(cmd, wall):
    """(exit code, stdout, stderr); exit code 124 when killed at `wall`."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=wall)
        return p.returncode, p.stdout.decode(errors='replace'), \
            p.stderr.decode(errors='replace')
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b'').decode(errors='replace'), \
            (e.stderr or b'').decode(errors='replace')


def short(text, n=300):
    return text[:n].replace('\n', ' ')


def check_error(car, path, spec, opt):
    """None when car rejects `path` as its error header says, else why."""
    m = re.match(r'(\d+:\d+): (.*)$', spec)
    want = '%s:%s: error: %s' % (path, m.group(1), m.group(2)) if m \
        else '%s: error: %s' % (path, spec)
    code = UNSUPPORTED_EXIT if re.search(r'unsupported|not supported', spec) \
        else ERROR_EXIT
    rc, out, err = run([car] + opt.args + [path], 20)
    opt.last = (out, err)
    if rc != code:
        return 'exit code %d, want %d; stderr: %s' % (rc, code, short(err))
    if out.rstrip('\n') != 'unknown':
        return "stdout '%s', want 'unknown'" % short(out, 100)
    lines = err.splitlines()
    hit = (want in lines) if opt.exact else \
        any(ln.startswith(want) for ln in lines)
    if not hit:
        return "want '%s', got: %s" % (want, short(err))
    return None


def stat(err, name):
    m = re.search(r'^\s*%s:\s*(\d+)' % re.escape(name), err, re.M)
    return int(m.group(1)) if m else None


CHC_WORD = {'safe': 'sat', 'unsafe': 'unsat', 'unknown': 'unknown'}


def printed_word(want, path, args):
    """The first stdout line car prints for the verdict `want` on `path`:
    CHC-COMP's sat/unsat for .smt2 input under the default --format=auto
    (and --format=chc-comp), safe/unsafe otherwise (docs/cli.md)."""
    fmt = 'auto'
    for i, a in enumerate(args):
        if a.startswith('--format='):
            fmt = a.split('=', 1)[1]
        elif a == '--format' and i + 1 < len(args):
            fmt = args[i + 1]
    chc = fmt == 'chc-comp' or (fmt == 'auto' and path.endswith('.smt2'))
    return CHC_WORD[want] if chc else want


def check_verdict(car, path, heads, opt):
    """None when car answers `path` as its expect header says, else why;
    'skip: why' when an unknown answer is allowed."""
    want = heads['expect'][0].split()[0] if heads['expect'][0].split() else ''
    if want not in EXIT_CODE:
        return "bad annotation 'expect: %s'" % heads['expect'][0]
    args = list(opt.args)
    for o in heads.get('options', []):
        args += shlex.split(o)
    cexs = heads.get('cex', [])
    if cexs and '--cex' not in args:
        args.append('--cex')
    rc, out, err = run([car] + args + [path], opt.wall)
    opt.last = (out, err)
    verdict = out.split('\n', 1)[0]
    if rc == 124:
        return 'killed after %ds (expected %s)' % (opt.wall, want)
    if verdict == 'unknown' and opt.allow_unknown and want != 'unknown':
        return 'skip: unknown (expected %s)' % want
    word = printed_word(want, path, args)
    if verdict != word or rc != EXIT_CODE[want]:
        return "verdict '%s' (exit %d), expected %s (exit %d); stderr: %s" % (
            verdict, rc, word, EXIT_CODE[want], short(err))
    for rx in cexs:
        if not any(re.search(rx, ln) for ln in out.splitlines()):
            return "counterexample without a line matching '%s': %s" % (
                rx, short(out, 600))
    mins = heads.get('min-iterations')
    if mins and want == 'safe' and opt.min_iterations:
        iters = stat(err, 'iterations')
        if iters is None:
            return "no 'iterations: N' line on stderr with --stats"
        if iters < int(mins[0].split()[0]):
            return 'safe in %d iterations, but the query needs >= %s ' \
                '(suspicious)' % (iters, mins[0].split()[0])
    return None


def check_file(car, path, opt):
    """('ok'|'FAIL'|'skip', text) for one annotated file."""
    try:
        heads = read_headers(path)
    except (OSError, ValueError) as e:
        return 'FAIL', str(e)
    if 'error' in heads:
        why = check_error(car, path, heads['error'][0], opt)
        return ('FAIL', why) if why else ('ok', 'error ' + heads['error'][0])
    if 'expect' not in heads:
        return 'FAIL', "no 'expect:' or 'error:' annotation"
    why = check_verdict(car, path, heads, opt)
    if why and why.startswith('skip: '):
        return 'skip', why[6:]
    return ('FAIL', why) if why else ('ok', heads['expect'][0])


class Options:
    def __init__(self, argv):
        self.args, self.wall, self.allow_unknown = [], 240, False
        self.min_iterations, self.exact, self.save = True, False, None
        self.last, rest = ('', ''), []
        for a in argv:
            if a.startswith('--arg='):
                self.args.append(a[6:])
            elif a.startswith('--wall='):
                self.wall = int(a[7:])
            elif a == '--allow-unknown':
                self.allow_unknown = True
            elif a == '--no-min-iterations':
                self.min_iterations = False
            elif a == '--exact-errors':
                self.exact = True
            elif a.startswith('--save='):
                self.save = a[7:]
            else:
                rest.append(a)
        self.rest = rest


def print_header(key, path):
    try:
        vals = read_headers(path).get(key, [])
    except (OSError, ValueError) as e:
        print('annotated.py: %s: %s' % (path, e), file=sys.stderr)
        return 2
    for v in vals:
        print(v.split()[0] if key == 'expect' and v.split() else v)
    return 0


def main(argv):
    if len(argv) == 2 and argv[0].startswith('--header='):
        return print_header(argv[0][9:], argv[1])
    opt = Options(argv)
    if len(opt.rest) < 1:
        print(__doc__.split('\n\n')[1])
        return 2
    car, files = opt.rest[0], opt.rest[1:]
    counts = {'ok': 0, 'FAIL': 0, 'skip': 0}
    for f in files:
        status, text = check_file(car, f, opt)
        counts[status] += 1
        print('%-4s %s: %s' % (status, f, text), flush=True)
        if opt.save:
            for ext, data in zip(('.out', '.err'), opt.last):
                with open(opt.save + ext, 'w') as fh:
                    fh.write(data)
    print('%d passed, %d failed, %d skipped' % (
        counts['ok'], counts['FAIL'], counts['skip']))
    return 1 if counts['FAIL'] else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
