#!/usr/bin/env python3
"""cubenum.py -- an explicit-state enumerator of Cubicle (.cub) systems, for
differential testing of car's translation (tests/cubdiff.sh).

Independent of car's frontend: it reads a subset of the language and
enumerates every reachable state of the instance of N processes
(N = 1, 2, 3 by default), from the semantics of docs/cub.md ("Supported
syntax", "Translation": the process ids are 1..N, a value of type proc is
one of them) and Cubicle's manual:

- types: bool, enumerated types, proc (no int, no abstract types: a free
  value of those has no finite range; they are rejected);
- var, const, array A[proc] : t (one dimension);
- init (z..) { F }: the initial states are those where F holds for every
  z.. in 1..N (not necessarily distinct);
- unsafe (x..) { F }: a state is unsafe if F holds for some distinct
  x.. in 1..N (the x.. that F mentions: Cubicle's cubes have the
  variables of their literals);
- transition t(i..) requires { G } { ACTIONS }: for distinct i.. in 1..N
  with G, every right-hand side read in the pre-state; X := t, X := . / ?
  (any value of X's type), A[i] := t / . / case, A[j] := case with j a
  fresh name (every element j in 1..N: the first branch whose condition
  holds; none: unchanged), A[j] := . (every element any value);
- formulas: && || => <=> not, if-then-else, comparisons, forall_other k.
  (grouped as Cubicle's parser.mly does: => and <=> loosest, to the right;
  then ||, &&, if-then-else, not)
  and exists_other k. (k ranges over 1..N minus the rule's parameters: the
  transition's, or the unsafe cube's variables), forall k., exists k.,
  predicate macros;
- number_procs k: a system of exactly k processes (no initial state for
  another number);
- #k is the process k: a rule that mentions #k has no instance with fewer
  than k processes, and no instance of fewer processes than the largest #k
  of the init has an initial state.

Usage: cubenum.py FILE [--procs K[,K...]] [--max-states M] [--json]
Prints for each K: "procs=K unsafe steps=D states=S" (the shortest run),
"procs=K safe states=S" or "procs=K unknown states=S" (more than M
states).  Exit 0 (no unsafe state), 10 (unsafe for some K), 2 (an input
outside the subset: message on stderr), 3 (unknown for some K, none
unsafe).
"""
import functools
import itertools
import json
import re
import sys


class Unsupported(Exception):
    pass


# ------------------------------------------------------------------ lexer
TOKEN = re.compile(r"""
   (?P<ws>\s+)
 | (?P<procnum>\#[0-9]+)
 | (?P<num>[0-9]+)
 | (?P<name>[A-Za-z][A-Za-z0-9_']*|_[A-Za-z0-9_']+)
 | (?P<sym><=>|=>|:=|<>|<=|>=|&&|\|\||[=<>+\-*()\[\]{}:;,|.?_])
""", re.X)


def tokenize(text):
    out = []
    i, n = 0, len(text)
    while i < n:
        if text.startswith('(*', i):
            depth, i = 1, i + 2
            while depth and i < n:
                if text.startswith('(*', i):
                    depth, i = depth + 1, i + 2
                elif text.startswith('*)', i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            if depth:
                raise Unsupported('unterminated comment')
            continue
        m = TOKEN.match(text, i)
        if not m:
            raise Unsupported('bad character %r' % text[i])
        i = m.end()
        if m.lastgroup == 'ws':
            continue
        out.append((m.lastgroup, m.group()))
    out.append(('eof', ''))
    return out


# ----------------------------------------------------------------- parser
# Expressions are tuples: ('num', n), ('pnum', k), ('name', x),
# ('sel', A, [idx]), ('add'|'sub'|'mul', a, b), ('neg', a),
# ('cmp', op, a, b), ('and'|'or'|'imp'|'equiv', a, b), ('not', a),
# ('ite', c, a, b), ('q', kind, [vars], body), ('call', p, [args]).
class Parser:
    def __init__(self, text):
        self.t = tokenize(text)
        self.p = 0

    def peek(self, k=0):
        return self.t[self.p + k]

    def next(self):
        tok = self.t[self.p]
        self.p += 1
        return tok

    def at(self, v):
        return self.t[self.p][1] == v and self.t[self.p][0] in ('sym', 'name')

    def expect(self, v):
        tok = self.next()
        if tok[1] != v:
            raise Unsupported('expected %r, got %r' % (v, tok[1]))
        return tok

    def name(self):
        tok = self.next()
        if tok[0] != 'name':
            raise Unsupported('name expected, got %r' % tok[1])
        return tok[1]

    def system(self):
        s = {'types': {}, 'vars': [], 'init': [], 'unsafe': [], 'trans': [],
             'preds': {}}
        while self.peek()[0] != 'eof':
            kw = self.name()
            if kw == 'number_procs':
                s['nprocs'] = int(self.next()[1])
            elif kw == 'type':
                t = self.name()
                ctors = []
                if self.at('='):
                    self.next()
                    if self.at('|'):
                        self.next()
                    ctors.append(self.name())
                    while self.at('|'):
                        self.next()
                        ctors.append(self.name())
                s['types'][t] = ctors
            elif kw in ('var', 'const'):
                x = self.name()
                self.expect(':')
                s['vars'].append((x, self.name(), 0, kw == 'const'))
            elif kw == 'array':
                x = self.name()
                self.expect('[')
                dims = [self.name()]
                while self.at(','):
                    self.next()
                    dims.append(self.name())
                self.expect(']')
                self.expect(':')
                if dims != ['proc']:
                    raise Unsupported('array %s: only one proc dimension' % x)
                s['vars'].append((x, self.name(), 1, False))
            elif kw in ('init', 'unsafe', 'invariant'):
                vs = self.params()
                self.expect('{')
                f = self.form()
                self.expect('}')
                if kw == 'unsafe':
                    # Cubicle's cube has the variables of its literals
                    vs = [v for v in vs if mentions(f, v)]
                if kw != 'invariant':
                    s[kw].append((vs, f))
            elif kw == 'predicate':
                p = self.name()
                vs = self.params()
                self.expect('{')
                f = self.form()
                self.expect('}')
                s['preds'][p] = (vs, f)
            elif kw == 'transition':
                t = self.name()
                vs = self.params()
                g = None
                if self.at('requires'):
                    self.next()
                    self.expect('{')
                    g = self.form()
                    self.expect('}')
                self.expect('{')
                acts = []
                while not self.at('}'):
                    acts.append(self.action())
                    if self.at(';'):
                        self.next()
                    elif not self.at('}'):
                        raise Unsupported('; expected, got %r' % self.peek()[1])
                self.expect('}')
                s['trans'].append((t, vs, g, acts))
            else:
                raise Unsupported('declaration %r' % kw)
        return s

    def params(self):
        vs = []
        if self.at('('):
            self.next()
            while not self.at(')'):
                vs.append(self.name())
                if self.at(','):
                    self.next()
            self.next()
        return vs

    def action(self):
        x = self.name()
        idx = None
        if self.at('['):
            self.next()
            idx = [self.term()]
            while self.at(','):
                self.next()
                idx.append(self.term())
            self.expect(']')
        self.expect(':=')
        if self.at('.') or self.at('?'):
            self.next()
            return (x, idx, 'nondet', None)
        if self.at('case'):
            self.next()
            cases = []
            while self.at('|'):
                self.next()
                if self.at('_'):
                    self.next()
                    c = None
                else:
                    c = self.form()
                self.expect(':')
                cases.append((c, self.term()))
            return (x, idx, 'case', cases)
        return (x, idx, 'term', self.term())

    # formulas, loosest first
    def form(self):
        if self.at_quant():
            kind = self.name()
            vs = [self.name()]
            distinct = False
            while not self.at('.'):
                if self.at(','):
                    self.next()
                elif self.at('<>'):  # Cubicle's forall x <> y.
                    self.next()
                    distinct = True
                vs.append(self.name())
            self.expect('.')
            body = self.form()
            if distinct:
                ne = None
                for a, b in itertools.combinations(vs, 2):
                    c = ('cmp', '<>', ('name', a), ('name', b))
                    ne = c if ne is None else ('and', ne, c)
                body = ('imp' if kind == 'forall' else 'and', ne, body)
            return ('q', kind, vs, body)
        return self.imp()

    def imp(self):
        # => and <=> at one level, grouping to the right (Cubicle)
        a = self.orf()
        if self.at('=>') or self.at('<=>'):
            op = 'imp' if self.next()[1] == '=>' else 'equiv'
            return (op, a, self.imp_or_q())
        return a

    def at_quant(self):
        return self.peek()[1] in ('forall_other', 'exists_other', 'forall', 'exists')

    def imp_or_q(self):
        return self.form() if self.at_quant() else self.imp()

    def orf(self):
        a = self.andf()
        while self.at('||'):
            self.next()
            a = ('or', a, self.andf_or_q())
        return a

    def andf_or_q(self):
        return self.form() if self.at_quant() else self.andf()

    def andf(self):
        a = self.unary()
        while self.at('&&'):
            self.next()
            if self.at_quant():
                a = ('and', a, self.form())
            else:
                a = ('and', a, self.unary())
        return a

    def unary(self):
        if self.at('not'):
            self.next()
            return ('not', self.unary())
        if self.at_quant():
            return self.form()
        if self.at('if'):
            self.next()
            c = self.form()
            self.expect('then')
            a = self.form()
            self.expect('else')
            # binds tighter than && (Cubicle): else b && d is (ite) && d
            return ('ite', c, a, self.unary())
        if self.at('('):
            # a parenthesised formula, or a term starting with '('
            save = self.p
            try:
                self.next()
                f = self.form()
                self.expect(')')
                if self.peek()[1] not in ('=', '<>', '<', '<=', '>', '>=', '+', '-', '*'):
                    return f
            except Unsupported:
                pass
            self.p = save
        a = self.term()
        op = self.peek()[1]
        if op in ('=', '<>', '<', '<=', '>', '>='):
            self.next()
            return ('cmp', op, a, self.term())
        if a[0] == 'name' and self.at('('):
            raise Unsupported('call syntax')
        return ('bool', a)

    def term(self):
        a = self.prod()
        while self.at('+') or self.at('-'):
            op = self.next()[1]
            a = ('add' if op == '+' else 'sub', a, self.prod())
        return a

    def prod(self):
        a = self.prim()
        while self.at('*'):
            self.next()
            a = ('mul', a, self.prim())
        return a

    def prim(self):
        tok = self.next()
        if tok[0] == 'num':
            return ('num', int(tok[1]))
        if tok[0] == 'procnum':
            return ('pnum', int(tok[1][1:]))
        if tok[1] == '-':
            return ('neg', self.prim())
        if tok[1] == '(':
            a = self.term()
            self.expect(')')
            return a
        if tok[0] != 'name':
            raise Unsupported('term expected, got %r' % tok[1])
        if self.at('['):
            self.next()
            idx = [self.term()]
            while self.at(','):
                self.next()
                idx.append(self.term())
            self.expect(']')
            return ('sel', tok[1], idx)
        if self.at('(') and self.peek(1)[0] in ('name', 'procnum'):
            # predicate call p(x, y)
            self.next()
            args = [self.term()]
            while self.at(','):
                self.next()
                args.append(self.term())
            self.expect(')')
            return ('call', tok[1], args)
        return ('name', tok[1])


# -------------------------------------------------------------- semantics
def mentions(e, v):
    """Does expression e use the name v free?"""
    if isinstance(e, tuple):
        if e and e[0] == 'name':
            return e[1] == v
        if e and e[0] == 'q' and v in e[2]:
            return False
        return any(mentions(x, v) for x in e)
    if isinstance(e, list):
        return any(mentions(x, v) for x in e)
    return False


def maxpnum(e):
    """The largest #k in expression/structure e."""
    if isinstance(e, tuple):
        if e and e[0] == 'pnum':
            return e[1]
        return max([maxpnum(x) for x in e] + [0])
    if isinstance(e, list):
        return max([maxpnum(x) for x in e] + [0])
    if isinstance(e, dict):
        return max([maxpnum(x) for x in e.values()] + [0])
    return 0


# initial(): candidate tuples tried at most (then the enumeration of that
# many processes is unknown)
MAX_CANDIDATES = 1000000


class System:
    def __init__(self, text):
        s = Parser(text).system()
        self.s = s
        self.ctors = {}
        for t, cs in s['types'].items():
            for c in cs:
                self.ctors[c] = t
        self.ctors['True'] = 'bool'
        self.ctors['False'] = 'bool'
        self.vars = []      # (name, type, is_array)
        self.index = {}
        for (x, t, arr, _const) in s['vars']:
            if t not in ('bool', 'proc') and not s['types'].get(t):
                raise Unsupported('type %s of %s has no finite range' % (t, x))
            self.index[x] = len(self.vars)
            self.vars.append((x, t, arr))
        if not s['unsafe']:
            raise Unsupported('no unsafe')
        if len([1 for vs, _ in s['init'] if vs]) > 1:
            raise Unsupported('several init with process variables')
        self.file_max = maxpnum(s)
        # docs/cub.md's exception: an init saying that a scalar proc
        # variable differs from every process (Home <> p) makes proc values
        # ids that need not be processes: enough ids beyond 1..N for every
        # proc-valued scalar and element to hold a distinct one
        self.home = any(self.says_home(f, vs) for vs, f in s['init'] if vs)
        self.nscal = len([1 for (_, t, arr) in self.vars if t == 'proc' and not arr])
        self.narr = len([1 for (_, t, arr) in self.vars if t == 'proc' and arr])

    def says_home(self, f, vs):
        if f[0] == 'and':
            return self.says_home(f[1], vs) or self.says_home(f[2], vs)
        neq = (f[0] == 'cmp' and f[1] == '<>') or (
            f[0] == 'not' and f[1][0] == 'cmp' and f[1][1] == '=')
        if not neq:
            return False
        c = f if f[0] == 'cmp' else f[1]
        sides = [c[2], c[3]]
        def scalar_proc(e):
            return (e[0] == 'name' and e[1] in self.index and
                    self.vars[self.index[e[1]]][1] == 'proc' and
                    not self.vars[self.index[e[1]]][2])
        def pvar(e):
            return e[0] == 'name' and e[1] in vs
        return ((scalar_proc(sides[0]) and pvar(sides[1])) or
                (scalar_proc(sides[1]) and pvar(sides[0])))

    def domain(self, t, n):
        if t == 'bool':
            return [False, True]
        if t == 'proc':
            extra = self.nscal + n * self.narr if self.home else 0
            return list(range(1, n + 1 + extra))
        return list(self.s['types'][t])

    # evaluation: env maps process-variable names to ids; st is the state
    # (a tuple, arrays as tuples of length n)
    def term(self, e, st, env, n):
        k = e[0]
        if k == 'num':
            return e[1]
        if k == 'pnum':
            return e[1]
        if k == 'name':
            x = e[1]
            if x in env:
                return env[x]
            if x in self.index:
                if self.vars[self.index[x]][2]:
                    raise Unsupported('array %s without subscript' % x)
                return st[self.index[x]]
            if x in self.ctors:
                return x if self.ctors[x] != 'bool' else (x == 'True')
            raise Unsupported('unknown name %s' % x)
        if k == 'sel':
            if e[1] not in self.index or not self.vars[self.index[e[1]]][2]:
                raise Unsupported('%s is not an array' % e[1])
            if len(e[2]) != 1:
                raise Unsupported('2D')
            i = self.term(e[2][0], st, env, n)
            if not isinstance(i, int) or isinstance(i, bool) or not 1 <= i <= n:
                raise Unsupported('subscript %r out of 1..%d' % (i, n))
            return st[self.index[e[1]]][i - 1]
        if k in ('add', 'sub', 'mul'):
            a = self.term(e[1], st, env, n)
            b = self.term(e[2], st, env, n)
            return a + b if k == 'add' else a - b if k == 'sub' else a * b
        if k == 'neg':
            return -self.term(e[1], st, env, n)
        raise Unsupported('term %r' % (k,))

    def form(self, e, st, env, n, others):
        k = e[0]
        if k == 'and':
            return self.form(e[1], st, env, n, others) and self.form(e[2], st, env, n, others)
        if k == 'or':
            return self.form(e[1], st, env, n, others) or self.form(e[2], st, env, n, others)
        if k == 'imp':
            return (not self.form(e[1], st, env, n, others)) or self.form(e[2], st, env, n, others)
        if k == 'equiv':
            return self.form(e[1], st, env, n, others) == self.form(e[2], st, env, n, others)
        if k == 'not':
            return not self.form(e[1], st, env, n, others)
        if k == 'ite':
            if self.form(e[1], st, env, n, others):
                return self.form(e[2], st, env, n, others)
            return self.form(e[3], st, env, n, others)
        if k == 'cmp':
            a = self.term(e[2], st, env, n)
            b = self.term(e[3], st, env, n)
            op = e[1]
            if op == '=':
                return a == b
            if op == '<>':
                return a != b
            if isinstance(a, str) or isinstance(b, str):
                raise Unsupported('order on constructors')
            return {'<': a < b, '<=': a <= b, '>': a > b, '>=': a >= b}[op]
        if k == 'bool':
            t = e[1]
            if t[0] == 'call':
                return self.call(t, st, env, n, others)
            v = self.term(t, st, env, n)
            if not isinstance(v, bool):
                raise Unsupported('a term where a formula is expected')
            return v
        if k == 'q':
            kind, vs, body = e[1], e[2], e[3]
            excl = set(others) if kind.endswith('_other') else set()
            ids = [p for p in range(1, n + 1) if p not in excl]
            combos = itertools.product(ids, repeat=len(vs))
            test = (lambda c: self.form(body, st, dict(env, **dict(zip(vs, c))), n, others))
            if kind.startswith('forall'):
                return all(test(c) for c in combos)
            return any(test(c) for c in combos)
        raise Unsupported('formula %r' % (k,))

    def call(self, t, st, env, n, others):
        p = self.s['preds'].get(t[1])
        if not p:
            raise Unsupported('unknown predicate %s' % t[1])
        vs, body = p
        args = [self.term(a, st, env, n) for a in t[2]]
        return self.form(body, st, dict(env, **dict(zip(vs, args))), n, others)

    # ------------------------------------------------------------- runs
    def initial(self, n, max_candidates=MAX_CANDIDATES):
        """The initial states of n processes; None when more than
        max_candidates tuples would have to be tried (the ids beyond 1..N
        of the home-node exception: about 10^7 for 3 processes)."""
        if self.file_max > n or self.s.get('nprocs', n) != n:
            return []  # number_procs k: a system of exactly k processes
        doms = []
        for (x, t, arr) in self.vars:
            d = self.domain(t, n)
            doms.append([tuple(c) for c in itertools.product(d, repeat=n)] if arr else d)
        if functools.reduce(lambda a, d: a * len(d), doms, 1) > max_candidates:
            return None
        out = []
        for st in itertools.product(*doms):
            ok = True
            for vs, f in self.s['init']:
                for c in itertools.product(range(1, n + 1), repeat=len(vs)):
                    if not self.form(f, st, dict(zip(vs, c)), n, []):
                        ok = False
                        break
                if not ok:
                    break
            if ok:
                out.append(st)
        return out

    def unsafe(self, st, n):
        for vs, f in self.s['unsafe']:
            if maxpnum(f) > n:
                continue
            for c in itertools.permutations(range(1, n + 1), len(vs)):
                if self.form(f, st, dict(zip(vs, c)), n, list(c)):
                    return True
        return False

    def successors(self, st, n):
        for (name, vs, g, acts) in self.s['trans']:
            if maxpnum((g, acts)) > n:
                continue
            for c in itertools.permutations(range(1, n + 1), len(vs)):
                env = dict(zip(vs, c))
                if g is not None and not self.form(g, st, env, n, list(c)):
                    continue
                for post in self.apply(acts, st, env, n, list(c)):
                    yield name, c, post

    def apply(self, acts, st, env, n, others):
        """The post-states: each action a list of alternatives (var index,
        new value or per-element choices), their product."""
        choices = []   # per action: list of (var, cell or None, value)
        whole = {}     # array index -> list of alternative new arrays
        for (x, idx, kind, arg) in acts:
            if x not in self.index:
                raise Unsupported('unknown variable %s' % x)
            vi = self.index[x]
            _, t, arr = self.vars[vi]
            if not arr:
                if idx:
                    raise Unsupported('subscript on scalar')
                if kind == 'term':
                    alts = [self.term(arg, st, env, n)]
                elif kind == 'nondet':
                    alts = self.domain(t, n)
                else:
                    alts = [self.case(arg, st, env, n, others, st[vi])]
                choices.append([(vi, None, v) for v in alts])
                continue
            if not idx or len(idx) != 1:
                raise Unsupported('array update shape')
            j = idx[0]
            fresh = (j[0] == 'name' and j[1] not in env and j[1] not in self.index
                     and j[1] not in self.ctors)
            if not fresh:
                i = self.term(j, st, env, n)
                if not 1 <= i <= n:
                    raise Unsupported('subscript out of range')
                if kind == 'term':
                    alts = [self.term(arg, st, env, n)]
                elif kind == 'nondet':
                    alts = self.domain(t, n)
                else:
                    alts = [self.case(arg, st, env, n, others, st[vi][i - 1])]
                choices.append([(vi, i, v) for v in alts])
                continue
            # every element: j ranges over 1..n
            per = []
            for p in range(1, n + 1):
                e2 = dict(env, **{j[1]: p})
                if kind == 'term':
                    per.append([self.term(arg, st, e2, n)])
                elif kind == 'nondet':
                    per.append(self.domain(t, n))
                else:
                    per.append([self.case(arg, st, e2, n, others, st[vi][p - 1])])
            if vi in whole:
                raise Unsupported('two universal updates of %s' % x)
            whole[vi] = [tuple(c) for c in itertools.product(*per)]
        for vi in whole:
            choices.append([(vi, 'all', a) for a in whole[vi]])
        seen = set()
        for combo in itertools.product(*choices):
            new = list(st)
            cells = {}
            for vi, cell, v in combo:
                if cell is None or cell == 'all':
                    if vi in cells:
                        raise Unsupported('variable assigned twice')
                    cells[vi] = cell
                    new[vi] = v
                else:
                    if cells.get(vi) == 'all':
                        raise Unsupported('array updated for all and also otherwise')
                    cells[vi] = 'some'
                    a = list(new[vi])
                    a[cell - 1] = v
                    new[vi] = tuple(a)
            new = tuple(new)
            if new not in seen:
                seen.add(new)
                yield new

    def case(self, cases, st, env, n, others, old):
        for c, v in cases:
            if c is None or self.form(c, st, env, n, others):
                return self.term(v, st, env, n)
        return old

    def explore(self, n, max_states=200000, want_trace=False):
        """BFS: ('unsafe', steps, states, trace) / ('safe', None, states, None)
        / ('unknown', None, states, None)."""
        parent = {}
        frontier = []
        init = self.initial(n)
        if init is None:
            return ('unknown', None, 0, None)
        for st in init:
            if st not in parent:
                parent[st] = None
                frontier.append(st)
        depth = 0
        while frontier:
            for st in frontier:
                if self.unsafe(st, n):
                    trace = None
                    if want_trace:
                        trace = []
                        s = st
                        while s is not None:
                            p = parent[s]
                            trace.append((p[1] if p else 'init', p[2] if p else (), s))
                            s = p[0] if p else None
                        trace.reverse()
                    return ('unsafe', depth, len(parent), trace)
            nxt = []
            for st in frontier:
                for name, c, post in self.successors(st, n):
                    if post not in parent:
                        parent[post] = (st, name, c)
                        nxt.append(post)
                        if len(parent) > max_states:
                            return ('unknown', None, len(parent), None)
            frontier = nxt
            depth += 1
        return ('safe', None, len(parent), None)

    def show(self, st):
        out = []
        for (x, t, arr), v in zip(self.vars, st):
            out.append('%s = %s' % (x, ('[%s]' % ', '.join(map(str, v))) if arr else v))
        return ', '.join(out)


def main(argv):
    args = argv[1:]
    procs = [1, 2, 3]
    max_states = 200000
    js = False
    trace = False
    files = []
    while args:
        a = args.pop(0)
        if a.startswith('--procs='):
            procs = [int(x) for x in a.split('=', 1)[1].split(',')]
        elif a.startswith('--max-states='):
            max_states = int(a.split('=', 1)[1])
        elif a == '--json':
            js = True
        elif a == '--trace':
            trace = True
        else:
            files.append(a)
    if len(files) != 1:
        print(__doc__.split('\n\n')[-2], file=sys.stderr)
        return 2
    try:
        with open(files[0]) as fh:
            sysm = System(fh.read())
        res = {k: sysm.explore(k, max_states, trace) for k in procs}
    except Unsupported as e:
        print('cubenum.py: %s: unsupported: %s' % (files[0], e), file=sys.stderr)
        return 2
    rc = 0
    for k in procs:
        v, d, s, tr = res[k]
        if js:
            print(json.dumps({'procs': k, 'verdict': v, 'steps': d, 'states': s}))
        elif v == 'unsafe':
            print('procs=%d unsafe steps=%d states=%d' % (k, d, s))
            for step, (name, c, st) in enumerate(tr or []):
                print('  %d. %s(%s): %s' % (step, name, ', '.join(map(str, c)), sysm.show(st)))
        else:
            print('procs=%d %s states=%d' % (k, v, s))
        if v == 'unsafe':
            rc = 10
        elif v == 'unknown' and rc == 0:
            rc = 3
    return rc


if __name__ == '__main__':
    sys.exit(main(sys.argv))
