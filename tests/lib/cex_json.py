"""cex_json.py LANG TEXT JSON -- the counterexample of `car --cex
--format=json` (JSON) printed the way `car --cex` prints it equals car's
text output (TEXT) line for line: the same names and values (docs/cli.md,
--format=json).  LANG: cub (the "run": "  K. TRANSITION(i=1): X = v, ..."
and "  reaches unsafe(...)  POS") or c (the "source": "FILE:LINE: TEXT
[x=1, ...]", "  <- error" last).  Exit 0 and "N lines equal", else an
assertion naming the first line that differs."""
import json
import sys

lang, text, obj = sys.argv[1], open(sys.argv[2]).read().splitlines(), \
    json.load(open(sys.argv[3]))


def show(v):
    """A JSON value as the text writes it (strings: already the text)."""
    if isinstance(v, bool):
        return ('True' if v else 'False') if lang == 'cub' else \
            ('true' if v else 'false')
    return str(v)


cex = obj['cex']
got = []
if lang == 'cub':
    run = cex['run']
    for i, s in enumerate(run[:-1]):
        got.append('  %d. %s: %s' % (i, s['text'], ', '.join(
            '%s = %s' % (k, show(v)) for k, v in s['values'].items())))
    u = run[-1]
    got.append('  reaches %s%s' % (u['text'], '  ' + u['pos'] if u['pos'] else ''))
    want = text[2:]  # after the verdict and "run of N processes:"
else:
    src = cex['source']
    for i, s in enumerate(src):
        f, line, _ = s['pos'].rsplit(':', 2)
        vals = ', '.join('%s=%s' % (k, show(v)) for k, v in s['values'].items())
        got.append('%s:%s: %s%s%s' % (f, line, s['text'],
                                      '  [%s]' % vals if vals else '',
                                      '  <- error' if i == len(src) - 1 else ''))
    want = text[1:]  # after the verdict
for g, w in zip(got, want):
    assert g == w, 'JSON gives\n%s\nthe text has\n%s' % (g, w)
assert len(got) == len(want), 'JSON %d lines, text %d' % (len(got), len(want))
assert not any('$' in k for s in got for k in s.split()), 'an internal name'
print(len(got), 'lines equal')
