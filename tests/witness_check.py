#!/usr/bin/env python3
"""witness_check.py WITNESS.yml PROGRAM.c [--runs N] -- checks an SV-COMP
witness (format 2.0) written by `car --witness=FILE` (Python stdlib only).

1. Structure: the YAML (a small block-style subset: mappings, sequences,
   quoted and plain scalars, `[]`) against the required fields of the
   format's schema (sosy-lab/sv-witnesses, witness.schema.json 2.0):
   metadata (format_version "2.0", uuid, creation_time, producer
   {name, version}, task {input_files, input_file_hashes (SHA-256 of each,
   checked against the file), specification, data_model, language C});
   invariant_set: content of invariant {type loop_invariant|
   location_invariant, location {file_name, line, column[, function]},
   value, format c_expression}; violation_sequence: content of segments,
   each of waypoints {type, action follow|avoid, location[, constraint]}
   with exactly one `follow`, a `target` only last and without constraint,
   `assumption` with a c_expression constraint, `branching` true/false.
2. Meaning.  Correctness: every loop_invariant is at a `for`/`while`/`do`
   keyword, and holds there on sample runs: the program is compiled by gcc
   (with tests/c-gcc/harness.c: nondet values from a seeded PRNG) with the
   invariant checked each time the loop condition is evaluated (`do`: at
   the start of the body); N runs (default 200), none may fail the check.
   Violation: every waypoint's line exists, a function_enter is at the
   closing parenthesis of a call,
   an assumption at the start of a statement, and the target is a call of
   an error function (reach_error, __VERIFIER_error, __assert_fail, assert,
   __VERIFIER_assert).
Prints "ok: ..." and exits 0, or "FAIL: ..." lines and exits 1."""
import hashlib, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ERRORS = ('reach_error', '__VERIFIER_error', '__assert_fail', 'assert',
          '__VERIFIER_assert')
fails = []


def fail(msg):
    fails.append(msg)


# ----------------------------------------------------------------- YAML subset

def scalar(s):
    s = s.strip()
    if s == '[]':
        return []
    if s == '{}':
        return {}
    if s.startswith('"'):
        assert s.endswith('"') and len(s) >= 2, f'unterminated string: {s}'
        out, i, body = [], 0, s[1:-1]
        while i < len(body):
            c = body[i]
            if c == '\\':
                n = body[i + 1]
                if n == 'x':
                    out.append(chr(int(body[i + 2:i + 4], 16))); i += 4; continue
                out.append({'n': '\n', 't': '\t', '"': '"', '\\': '\\'}.get(n, n)); i += 2
                continue
            out.append(c); i += 1
        return ''.join(out)
    if s.startswith("'"):
        return s[1:-1].replace("''", "'")
    if re.fullmatch(r'-?\d+', s):
        return int(s)
    return s


def split_key(s):
    """'key: value' -> (key, value or None); the key may be quoted."""
    if s.startswith('"'):
        j = 1
        while s[j] != '"':
            j += 2 if s[j] == '\\' else 1
        key, rest = scalar(s[:j + 1]), s[j + 1:]
        assert rest.startswith(':'), f'no colon after key: {s}'
        rest = rest[1:]
    else:
        m = re.match(r'([^:]+):(\s|$)(.*)', s)
        assert m, f'not a mapping entry: {s}'
        key, rest = m.group(1).strip(), m.group(3)
    rest = rest.strip()
    return key, (scalar(rest) if rest else None)


def parse_yaml(text):
    lines = []
    for raw in text.split('\n'):
        if not raw.strip() or raw.lstrip().startswith('#'):
            continue
        lines.append((len(raw) - len(raw.lstrip(' ')), raw.strip()))
    pos = [0]

    def block(ind):
        if pos[0] >= len(lines):
            return None
        i, s = lines[pos[0]]
        if s.startswith('- ') or s == '-':
            return seq(i)
        return mapping(i)

    def seq(ind):
        out = []
        while pos[0] < len(lines):
            i, s = lines[pos[0]]
            if i != ind or not (s.startswith('- ') or s == '-'):
                assert i < ind or not s.startswith('- '), f'bad indentation: {s}'
                break
            item = s[2:].strip()
            if not item:
                pos[0] += 1
                out.append(block(ind + 2))
            elif re.match(r'("[^"]*"|[^":]+):(\s|$)', item):
                # "- key: value": a mapping whose first entry is on this line
                lines[pos[0]] = (ind + 2, item)
                out.append(mapping(ind + 2))
            else:
                pos[0] += 1
                out.append(scalar(item))
        return out

    def mapping(ind):
        out = {}
        while pos[0] < len(lines):
            i, s = lines[pos[0]]
            if i < ind:
                break
            assert i == ind, f'bad indentation at: {s}'
            if s.startswith('- '):
                break
            key, val = split_key(s)
            assert key not in out, f'duplicate key {key}'
            pos[0] += 1
            if val is None:
                nxt = lines[pos[0]] if pos[0] < len(lines) else None
                if nxt and (nxt[0] > ind or (nxt[0] == ind and nxt[1].startswith('- '))):
                    val = block(nxt[0])
            out[key] = val
        return out

    v = block(0)
    assert pos[0] == len(lines), f'unparsed text from: {lines[pos[0]][1]}'
    return v


# ------------------------------------------------------------------ structure

def need(obj, key, where, typ=None):
    if not isinstance(obj, dict) or key not in obj:
        fail(f'{where}: missing required "{key}"')
        return None
    v = obj[key]
    if typ and not isinstance(v, typ):
        fail(f'{where}.{key}: expected {typ.__name__}, got {v!r}')
        return None
    return v


def check_metadata(md, prog):
    need(md, 'format_version', 'metadata') == '2.0' or fail('metadata.format_version is not "2.0"')
    u = need(md, 'uuid', 'metadata', str)
    if u and not re.fullmatch(r'[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', u):
        fail(f'metadata.uuid is not a UUID: {u}')
    t = need(md, 'creation_time', 'metadata', str)
    if t and not re.fullmatch(r'\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)', t):
        fail(f'metadata.creation_time is not ISO 8601: {t}')
    pr = need(md, 'producer', 'metadata', dict)
    if pr:
        need(pr, 'name', 'producer', str)
        need(pr, 'version', 'producer', str)
    task = need(md, 'task', 'metadata', dict)
    if not task:
        return []
    files = need(task, 'input_files', 'task', list) or []
    hashes = need(task, 'input_file_hashes', 'task', dict) or {}
    want = hashlib.sha256(open(prog, 'rb').read()).hexdigest()
    for f in files:
        h = hashes.get(f)
        if not h or not re.fullmatch(r'[0-9a-fA-F]{64}', str(h)):
            fail(f'task.input_file_hashes: no SHA-256 for {f}')
        elif os.path.basename(f) == os.path.basename(prog) and h.lower() != want:
            fail(f'task.input_file_hashes[{f}] = {h}, the file hashes to {want}')
    need(task, 'specification', 'task', str)
    if need(task, 'data_model', 'task') not in ('ILP32', 'LP64'):
        fail('task.data_model is not ILP32 or LP64')
    if need(task, 'language', 'task') != 'C':
        fail('task.language is not C')
    return files


def check_location(loc, where, files):
    if not isinstance(loc, dict):
        fail(f'{where}: no location'); return None
    fn = need(loc, 'file_name', where, str)
    line = need(loc, 'line', where, int)
    col = loc.get('column', 1)
    if fn and files and fn not in files:
        fail(f'{where}.file_name {fn} is not in task.input_files')
    if line is not None and line < 1:
        fail(f'{where}.line < 1')
    if not isinstance(col, int) or col < 1:
        fail(f'{where}.column must be an integer >= 1')
    if 'function' in loc and not isinstance(loc['function'], str):
        fail(f'{where}.function is not a string')
    return (line, col if isinstance(col, int) else 1, loc.get('function'))


# -------------------------------------------------------------------- meaning

def src_lines(prog):
    return open(prog).read().split('\n')


def at(lines, line, col):
    """The program text from (line, col), or None."""
    if line is None or line < 1 or line > len(lines):
        return None
    t = lines[line - 1]
    return t[col - 1:] if 1 <= col <= len(t) + 1 else None


def matching(text, i):
    """Index of the parenthesis closing text[i] == '('."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == '(':
            depth += 1
        elif text[j] == ')':
            depth -= 1
            if depth == 0:
                return j
    return -1


def instrument(prog, invs):
    """The program with each (line, col, expr) checked at its loop head."""
    src = open(prog).read()
    starts = [0]
    for ln in src.split('\n'):
        starts.append(starts[-1] + len(ln) + 1)
    edits = []   # (offset, kind, data)
    for k, (line, col, expr) in enumerate(invs):
        off = starts[line - 1] + col - 1
        chk = f'__car_inv({k}, ({expr}))'
        m = re.match(r'(for|while|do)\b', src[off:])
        if not m:
            fail(f'loop_invariant at {line}:{col}: no for/while/do keyword there: '
                  f'{src[off:off + 30]!r}')
            continue
        kw = m.group(1)
        if kw == 'do':
            b = src.index('{', off)
            if src[off + 2:b].strip():
                fail(f'loop_invariant at {line}:{col}: a do loop without a block'); continue
            edits.append((b + 1, f' {chk}; '))
            continue
        p = src.index('(', off)
        q = matching(src, p)
        inner = src[p + 1:q]
        if kw == 'while':
            edits.append((p + 1, f'{chk}, ('))
            edits.append((q, ')'))
        else:
            # for (init; cond; step): the check before every test
            parts, depth, cur = [], 0, p + 1
            for j in range(p + 1, q):
                c = src[j]
                depth += c == '('
                depth -= c == ')'
                if c == ';' and depth == 0:
                    parts.append(j)
            if len(parts) != 2:
                fail(f'loop_invariant at {line}:{col}: cannot split the for header {inner!r}')
                continue
            a, b = parts
            cond = src[a + 1:b].strip()
            edits.append((a + 1, f' ({chk}, ('))
            edits.append((b, f'{"" if cond else "1"}))'))
    for off, text in sorted(edits, key=lambda e: -e[0]):
        src = src[:off] + text + src[off:]
    head = ('void __car_inv_fail(int);\n'
            '#define __car_inv(k, c) ((c) ? (void)0 : __car_inv_fail(k))\n')
    return head + '#line 1\n' + src


def check_correctness(prog, invs, runs):
    if not invs:
        return
    with tempfile.TemporaryDirectory(prefix='witness-') as d:
        run_instrumented(prog, invs, runs, d)


def run_instrumented(prog, invs, runs, d):
    """Compiles prog with invs checked at their loops in directory d and
    runs it on seeds 1..runs; fail() on a compile error, a failing
    invariant or a reached error."""
    src = os.path.join(d, 'inst.c')
    open(src, 'w').write(instrument(prog, invs))
    stub = os.path.join(d, 'stub.c')
    open(stub, 'w').write('#include <stdio.h>\n#include <unistd.h>\n'
                          'void __car_inv_fail(int k) { fprintf(stderr, '
                          '"INVARIANT %d FAILS\\n", k); fflush(stderr); _exit(77); }\n')
    exe = os.path.join(d, 'inst')
    c = subprocess.run(['gcc', '-std=gnu11', '-O0', '-w', '-I', os.path.dirname(os.path.abspath(prog)),
                        '-include', f'{HERE}/c-gcc/harness.h', src, stub,
                        f'{HERE}/c-gcc/harness.c', '-o', exe], capture_output=True, text=True)
    if c.returncode:
        fail(f'the instrumented program does not compile: {c.stderr[:600]}')
        return
    for seed in range(1, runs + 1):
        r = subprocess.run([exe], env=dict(os.environ, H3_SEED=str(seed)),
                           capture_output=True, text=True, timeout=60)
        if r.returncode == 77:
            m = re.search(r'INVARIANT (\d+)', r.stderr)
            k = int(m.group(1)) if m else 0
            fail(f'loop invariant at line {invs[k][0]} fails on seed {seed}: {invs[k][2]}')
            return
        if r.returncode == 99:
            fail(f'seed {seed} reaches the error: the program is not safe')
            return


def check_violation(prog, wps):
    lines = src_lines(prog)
    for k, (typ, loc, cons) in enumerate(wps):
        line, col, _ = loc
        t = at(lines, line, col)
        where = f'waypoint {k + 1} ({typ} at {line}:{col})'
        if t is None:
            fail(f'{where}: no such position in {prog}')
            continue
        if typ == 'target':
            if not re.match(r'(%s)\s*\(' % '|'.join(ERRORS), t):
                fail(f'{where}: not a call of an error function: {t[:40]!r}')
        elif typ in ('function_enter', 'function_return'):
            # at the ')' closing the call (format 2.0)
            before = '\n'.join(lines[:line - 1] + [lines[line - 1][:col - 1]])
            if not t.startswith(')') or not re.search(r'[A-Za-z_]\w*\s*\([^;{}]*$', before):
                fail(f'{where}: not the closing parenthesis of a call: {t[:40]!r}')
        elif typ == 'assumption':
            if lines[line - 1][:col - 1].strip():
                fail(f'{where}: not at the start of a statement')
            if not re.fullmatch(r'[\w\s=&|()!<>+\-*/%]+', cons or ''):
                fail(f'{where}: not a C expression: {cons!r}')


def main():
    args = sys.argv[1:]
    runs = 200
    if '--runs' in args:
        i = args.index('--runs')
        runs = int(args[i + 1])
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__)
        return 2
    wit, prog = args
    try:
        doc = parse_yaml(open(wit).read())
    except AssertionError as e:
        print(f'FAIL: {wit}: not YAML of the expected shape: {e}')
        return 1
    if not isinstance(doc, list) or not doc:
        print(f'FAIL: {wit}: not a non-empty list of entries')
        return 1
    invs, wps, kinds = [], [], []
    for n, e in enumerate(doc):
        et = need(e, 'entry_type', f'entry {n}')
        kinds.append(et)
        files = check_metadata(need(e, 'metadata', f'entry {n}', dict) or {}, prog)
        content = need(e, 'content', f'entry {n}', list)
        if content is None:
            continue
        if et == 'invariant_set':
            for i, c in enumerate(content):
                inv = need(c, 'invariant', f'content[{i}]', dict)
                if not inv:
                    continue
                w = f'content[{i}].invariant'
                if need(inv, 'type', w) not in ('loop_invariant', 'location_invariant'):
                    fail(f'{w}.type is not loop_invariant or location_invariant')
                loc = check_location(need(inv, 'location', w, dict), w + '.location', files)
                val = need(inv, 'value', w, str)
                if need(inv, 'format', w) != 'c_expression':
                    fail(f'{w}.format is not c_expression')
                if loc and val and inv.get('type') == 'loop_invariant':
                    invs.append((loc[0], loc[1], val))
        elif et == 'violation_sequence':
            if not content:
                fail('violation_sequence: no segments')
            for i, c in enumerate(content):
                seg = need(c, 'segment', f'content[{i}]', list)
                if not seg:
                    fail(f'content[{i}]: empty segment'); continue
                follows = 0
                for j, wpe in enumerate(seg):
                    wp = need(wpe, 'waypoint', f'content[{i}].segment[{j}]', dict)
                    if not wp:
                        continue
                    w = f'content[{i}].segment[{j}].waypoint'
                    typ = need(wp, 'type', w)
                    if typ not in ('assumption', 'target', 'function_enter',
                                   'function_return', 'branching'):
                        fail(f'{w}.type {typ!r} is not a waypoint type')
                    act = need(wp, 'action', w)
                    if act not in ('follow', 'avoid'):
                        fail(f'{w}.action {act!r} is not follow or avoid')
                    follows += act == 'follow'
                    loc = check_location(need(wp, 'location', w, dict), w + '.location', files)
                    cons = wp.get('constraint')
                    val = cons.get('value') if isinstance(cons, dict) else None
                    if typ == 'target':
                        if cons is not None:
                            fail(f'{w}: a target has no constraint')
                        if i != len(content) - 1 or act != 'follow':
                            fail(f'{w}: a target must be the last segment\'s follow waypoint')
                    if typ == 'assumption' and (not isinstance(val, str) or
                                                cons.get('format', 'c_expression') != 'c_expression'):
                        fail(f'{w}: an assumption needs a c_expression constraint')
                    if typ == 'branching' and str(val).lower() not in ('true', 'false'):
                        fail(f'{w}: a branching constraint is true or false')
                    if loc and act == 'follow':
                        wps.append((typ, loc, val))
                if follows != 1:
                    fail(f'content[{i}]: {follows} follow waypoints, exactly one required')
            if not wps or wps[-1][0] != 'target':
                fail('violation_sequence: the last waypoint is not the target')
        else:
            fail(f'entry {n}: entry_type {et!r} is neither invariant_set nor violation_sequence')
    if not fails:
        if invs:
            check_correctness(prog, invs, runs)
        if wps:
            check_violation(prog, wps)
    if fails:
        for f in fails:
            print(f'FAIL: {wit}: {f}')
        return 1
    what = (f'{len(invs)} loop invariants hold on {runs} runs' if 'invariant_set' in kinds
            else f'{len(wps)} waypoints, target an error call')
    print(f'ok: {wit}: {"/".join(kinds)}: {what}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
