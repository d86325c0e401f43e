#!/usr/bin/env python3
"""gen_random.py -- random C programs in car's C subset (docs/c.md), for
differential testing against gcc (tests/c-gcc/cdiff.py; issue 13).

    python3 tests/c-gcc/gen_random.py --seed S [--count N] [--out DIR]
        [--exclude FEATURE,...] [--data-model ILP32|LP64] [--list-features]

A program is deterministic in (seed, excluded features, data model).  It
reads at most 3 nondeterministic inputs at the top of main, each restricted
by an assumption to a small finite domain (`__VERIFIER_assume(x == a || x ==
b)`), so gcc can run every input combination and the truth is exact.  The
body uses every integer type, operators, conversions, control flow, calls,
globals and arrays (see FEATURES); it ends with an assertion (reach_error)
about computed values.  Undefined behaviour (signed overflow, shifts of
negative values, division by zero) is not avoided by construction: cdiff.py
runs the program under UBSan and discards programs with UB on any input.

Line 1 of a program is `// cdiff-inputs: V1,V2 | V3` (the domains, in the
order of the nondet calls, for the gcc driver).  With a probe function
(cdiff.py passes one) the constants of the final assertion are chosen from
the values gcc computes, so that about half the programs are unsafe:
    generate(seed, exclude, probe) -> source text or None (probe failed)
probe(src) gets the program with the assertion replaced by calls
`__cdiff_obs_s((long long)(e))` / `__cdiff_obs_u((unsigned long long)(e))`
and returns one tuple of observed values per input combination reaching the
end, or None (UB: the program is discarded).
"""
import argparse, os, random, sys

FEATURES = {
    'char': 'char, signed char, unsigned char variables and casts',
    'short': 'short, unsigned short',
    'bool': '_Bool',
    'unsigned': 'unsigned int (and the unsigned narrow types)',
    'longlong': 'long long, unsigned long long (types, literals, casts)',
    'long': 'long, unsigned long (only meaningful with an LP64 data model option of car)',
    'nondet-longlong': '__VERIFIER_nondet_longlong / _ulonglong inputs',
    'nondet': 'nondeterministic inputs (finite domains via __VERIFIER_assume)',
    'user-assume': 'a user-defined assume_abort_if_not restricts the inputs',
    'div': '/ and % (constant and variable divisors)',
    'shift': '<< and >> by constants',
    'bitwise': '& with a 2^k-1 mask, & | ^ of 0/1 operands, ~ (the exact subset of docs/c.md)',
    'bitwise-any': '& | ^ of arbitrary operands (unsupported by design in car: docs/c.md)',
    'cast': 'explicit casts to every integer type',
    'ternary': '?:',
    'comma': 'the comma operator',
    'compound': 'compound assignment (+= ... >>=)',
    'incdec': '++ and -- (prefix and postfix, in expressions)',
    'logical': '&& || !',
    'loop': 'bounded for/while/do loops',
    'break': 'break/continue in loops',
    'switch': 'switch with fall-through and default',
    'case-conv': 'case labels of other types than the controlling expression (converted)',
    'call': 'calls of defined functions (argument/return conversions)',
    'global': 'global variables',
    'init-conv': 'initialisers out of the range of the declared type (converted)',
    'array': '1-D arrays (global and local, initialised)',
    'user-assert': 'a user-defined __VERIFIER_assert (several bodies)',
    'reach-def': 'reach_error defined by the program (calling __assert_fail)',
    'charlit': "character literals ('a', '\\xff')",
    'sizeof': 'sizeof of types and variables (size_t arithmetic; LP64 only, as long)',
}

# type name -> C spelling
CNAME = {'bool': '_Bool', 'char': 'char', 'schar': 'signed char', 'uchar': 'unsigned char',
         'short': 'short', 'ushort': 'unsigned short', 'int': 'int', 'uint': 'unsigned',
         'long': 'long', 'ulong': 'unsigned long', 'llong': 'long long',
         'ullong': 'unsigned long long'}
RANK = {'bool': 0, 'char': 1, 'schar': 1, 'uchar': 1, 'short': 2, 'ushort': 2, 'int': 3,
        'uint': 3, 'long': 4, 'ulong': 4, 'llong': 5, 'ullong': 5}
NONDET = {'int': 'int', 'uint': 'uint', 'char': 'char', 'uchar': 'uchar', 'short': 'short',
          'ushort': 'ushort', 'bool': 'bool', 'long': 'long', 'ulong': 'ulong',
          'llong': 'longlong', 'ullong': 'ulonglong'}


class Types:
    def __init__(self, data_model):
        lw = 64 if data_model == 'LP64' else 32
        self.bits = {'bool': 1, 'char': 8, 'schar': 8, 'uchar': 8, 'short': 16, 'ushort': 16,
                     'int': 32, 'uint': 32, 'long': lw, 'ulong': lw, 'llong': 64, 'ullong': 64}

    def signed(self, t):
        return t in ('char', 'schar', 'short', 'int', 'long', 'llong')

    def range(self, t):
        if t == 'bool':
            return 0, 1
        b = self.bits[t]
        return (-(1 << (b - 1)), (1 << (b - 1)) - 1) if self.signed(t) else (0, (1 << b) - 1)

    def conv(self, v, t):
        """v converted to t as gcc does (wrap)."""
        if t == 'bool':
            return int(v != 0)
        b = self.bits[t]
        v &= (1 << b) - 1
        if self.signed(t) and v >= 1 << (b - 1):
            v -= 1 << b
        return v

    def promote(self, t):
        return 'int' if RANK[t] < 3 else t

    def usual(self, a, b):
        a, b = self.promote(a), self.promote(b)
        if a == b:
            return a
        if self.signed(a) == self.signed(b):
            return a if RANK[a] >= RANK[b] else b
        s, u = (a, b) if self.signed(a) else (b, a)
        if RANK[u] >= RANK[s]:
            return u
        if self.bits[s] > self.bits[u]:
            return s
        return {'int': 'uint', 'long': 'ulong', 'llong': 'ullong'}[s]


class Var:
    def __init__(self, name, ty, size=0, ro=False, glob=False):
        self.name, self.ty, self.size, self.ro, self.glob = name, ty, size, ro, glob


class Gen:
    def __init__(self, seed, exclude=(), data_model='ILP32'):
        self.r = random.Random(seed)
        self.ex = set(exclude)
        if data_model != 'LP64':
            self.ex.add('long')     # gcc on x86-64 has no ILP32 long to compare with
            self.ex.add('sizeof')   # nor an ILP32 size_t
        self.T = Types(data_model)
        self.types = ['int', 'int']
        if self.on('unsigned'):
            self.types += ['uint', 'uint']
        if self.on('char'):
            self.types += ['char', 'schar'] + (['uchar'] if self.on('unsigned') else [])
        if self.on('short'):
            self.types += ['short'] + (['ushort'] if self.on('unsigned') else [])
        if self.on('bool'):
            self.types += ['bool']
        if self.on('longlong'):
            self.types += ['llong'] + (['ullong'] if self.on('unsigned') else [])
        if self.on('long'):
            self.types += ['long'] + (['ulong'] if self.on('unsigned') else [])
        self.nvar = 0
        self.big = 0
        self.fret = None          # in a function: its return type, 'void' or 'main'
        self.scopes = [[]]
        self.funcs = []          # (name, ret type or None, [param types])
        self.loop_depth = 0
        self.in_switch = 0
        self.occ = []            # variable occurrences in the current statement
        self.se_left = 0         # side effects still allowed in this statement
        self.writes = []

    def on(self, f):
        return f not in self.ex

    # ---- values and literals ----------------------------------------------
    def interesting(self, t=None):
        r = self.r
        if r.random() < 0.6:
            v = r.randint(-4, 10)
        else:
            b = r.choice([7, 8, 15, 16, 31, 32, 63, 64] if self.on('longlong') or self.on('long')
                         else [7, 8, 15, 16, 31, 32])
            v = (1 << b) + r.choice([-2, -1, -1, 0, 0, 1])
            if r.random() < 0.4:
                v = -v
        if t is not None:
            lo, hi = self.T.range(t)
            if not lo <= v <= hi:
                v = self.T.conv(v, t)
        return v

    def lit(self, v, t):
        """A literal (or constant expression) of type t and value v (in range)."""
        if t in ('int', 'uint', 'long', 'ulong', 'llong', 'ullong'):
            suf = {'int': '', 'uint': 'u', 'long': 'L', 'ulong': 'UL', 'llong': 'LL',
                   'ullong': 'ULL'}[t]
            if v >= 0:
                if t == 'uint' and self.r.random() < 0.3:
                    return hex(v) + 'u' if v > 0x7fffffff else f'{v}U'
                return f'{v}{suf}'
            lo, _ = self.T.range(t)
            if v == lo:
                return f'(-{-v - 1}{suf} - 1)'
            return f'(-{-v}{suf})'
        if t in ('char', 'schar') and self.on('charlit') and self.r.random() < 0.4:
            if 97 <= v <= 122:
                return f"(({CNAME[t]})'{chr(v)}')"
            return f"(({CNAME[t]})'\\x{v & 0xff:02x}')"
        return f'(({CNAME[t]}){v})'

    def const(self, t=None):
        t = t or self.r.choice([x for x in self.types if x != 'bool'] or ['int'])
        v = self.interesting(t)
        return self.lit(v, t), t

    # ---- variables --------------------------------------------------------
    def fresh(self, prefix='v'):
        self.nvar += 1
        return f'{prefix}{self.nvar}'

    def visible(self, pred=lambda v: True):
        out = []
        for s in self.scopes:
            out += [v for v in s if pred(v)]
        return out

    def scalar(self, writable=False):
        vs = self.visible(lambda v: v.size == 0 and not (writable and v.ro))
        return self.r.choice(vs) if vs else None

    # ---- expressions ------------------------------------------------------
    def expr(self, d, no_se=False):
        """(text, type) of a random expression of depth <= d."""
        r = self.r
        if d <= 0 or r.random() < 0.25:
            return self.leaf()
        kinds = ['arith'] * 6 + ['cmp'] * 2 + ['neg']
        if self.on('logical'):
            kinds += ['logic', 'not']
        if self.on('cast'):
            kinds += ['cast'] * 2
        if self.on('div'):
            kinds += ['div']
        if self.on('shift'):
            kinds += ['shift']
        if self.on('bitwise'):
            kinds += ['mask', 'bit01', 'bnot']
        if self.on('bitwise-any'):
            kinds += ['bitany']
        if self.on('ternary'):
            kinds += ['tern']
        if not no_se and self.se_left > 0:
            if self.on('incdec'):
                kinds += ['incdec'] * 2
            if self.on('compound'):
                kinds += ['asg']
            if self.on('comma'):
                kinds += ['comma']
        k = r.choice(kinds)
        T = self.T
        if k == 'arith':
            a, ta = self.expr(d - 1, no_se)
            op = r.choice('+-*+-')
            if op == '*' and r.random() < 0.7:
                b, tb = self.lit(r.randint(-3, 5), 'int'), 'int'
            else:
                b, tb = self.expr(d - 1, no_se)
            if r.random() < 0.5:
                a, ta, b, tb = b, tb, a, ta
            return f'({a} {op} {b})', T.usual(ta, tb)
        if k == 'neg':
            a, ta = self.expr(d - 1, no_se)
            return f'({r.choice("-+-")}{a})', T.promote(ta)
        if k == 'cmp':
            a, ta = self.expr(d - 1, no_se)
            b, tb = self.expr(d - 1, no_se)
            return f'({a} {r.choice(["<", "<=", ">", ">=", "==", "!="])} {b})', 'int'
        if k == 'logic':
            a, _ = self.expr(d - 1, no_se)
            b, _ = self.expr(d - 1, no_se)
            return f'({a} {r.choice(["&&", "||"])} {b})', 'int'
        if k == 'not':
            a, _ = self.expr(d - 1, no_se)
            return f'(!{a})', 'int'
        if k == 'cast':
            a, _ = self.expr(d - 1, no_se)
            t = r.choice(self.types)
            return f'(({CNAME[t]}){a})', t
        if k == 'div':
            a, ta = self.expr(d - 1, no_se)
            if r.random() < 0.75:
                tb = r.choice([x for x in self.types if x != 'bool'])
                v = 0
                while v == 0:
                    v = self.interesting(tb)
                b = self.lit(v, tb)
            else:
                b, tb = self.expr(d - 1, no_se)
            return f'({a} {r.choice("/%")} {b})', T.usual(ta, tb)
        if k == 'shift':
            a, ta = self.expr(d - 1, no_se)
            w = T.bits[T.promote(ta)]
            if r.random() < 0.5:
                s = r.randint(0, 3)
            else:
                s = r.randint(0, w - 1)
            st = r.choice(['int', 'int', 'uint', 'llong'] if self.on('longlong') and self.on('unsigned')
                          else ['int'])
            return f'({a} {r.choice(["<<", ">>"])} {self.lit(s, st)})', T.promote(ta)
        if k == 'mask':
            a, ta = self.expr(d - 1, no_se)
            kk = r.choice([1, 2, 3, 4, 8, 16, 31, 32] + ([63] if 'llong' in self.types else []))
            m, tm = (1 << kk) - 1, 'int'
            if m > 0x7fffffff:
                tm = 'uint' if m <= 0xffffffff and self.on('unsigned') else 'llong'
            if tm == 'llong' and 'llong' not in self.types:
                m, tm = 255, 'int'
            ml = self.lit(m, tm)
            if r.random() < 0.5:
                return f'({a} & {ml})', T.usual(ta, tm)
            return f'({ml} & {a})', T.usual(ta, tm)
        if k == 'bit01':
            a, _ = self.expr(d - 1, no_se)
            b, _ = self.expr(d - 1, no_se)
            ca = f'({a} {r.choice(["<", "==", "!="])} {self.const()[0]})' if r.random() < 0.5 else f'(!{a})'
            cb = f'({b} {r.choice([">", "<=", "!="])} {self.const()[0]})' if r.random() < 0.5 else f'(!!{b})'
            return f'({ca} {r.choice("&|^")} {cb})', 'int'
        if k == 'bnot':
            a, ta = self.expr(d - 1, no_se)
            return f'(~{a})', T.promote(ta)
        if k == 'bitany':
            a, ta = self.expr(d - 1, no_se)
            b, tb = self.expr(d - 1, no_se)
            return f'({a} {r.choice("&|^")} {b})', T.usual(ta, tb)
        if k == 'tern':
            c, _ = self.expr(d - 1, no_se)
            a, ta = self.expr(d - 1, no_se)
            b, tb = self.expr(d - 1, no_se)
            return f'({c} ? {a} : {b})', T.usual(ta, tb)
        if k == 'incdec':
            v = self.scalar(writable=True)
            if v is None:
                return self.leaf()
            self.se_left -= 1
            self.occ.append(v.name)
            self.writes.append(v.name)
            op = r.choice(['++', '--'])
            return (f'({v.name}{op})' if r.random() < 0.5 else f'({op}{v.name})'), T.promote(v.ty)
        if k == 'asg':
            v = self.scalar(writable=True)
            if v is None:
                return self.leaf()
            self.se_left -= 1
            self.occ.append(v.name)
            self.writes.append(v.name)
            op, rhs = self.asg_rhs(v, d - 1)
            return f'({v.name} {op} {rhs})', v.ty
        if k == 'comma':
            a, _ = self.expr(d - 1)
            b, tb = self.expr(d - 1, no_se)
            return f'({a}, {b})', tb
        return self.leaf()

    def asg_rhs(self, v, d):
        """(operator, rhs text) for an assignment to v (d: depth)."""
        r = self.r
        ops = ['=', '=']
        if self.on('compound'):
            ops += ['+=', '-=', '*=']
            if self.on('div'):
                ops += ['/=', '%=']
            if self.on('shift'):
                ops += ['<<=', '>>=']
            if self.on('bitwise'):
                ops += ['&=']
            if self.on('bitwise-any'):
                ops += ['|=', '^=']
        op = r.choice(ops)
        if op in ('/=', '%='):
            return op, self.lit(r.choice([2, 3, -2, 5, 7, 16]), 'int')
        if op in ('<<=', '>>='):
            w = self.T.bits[self.T.promote(v.ty)]
            return op, self.lit(r.randint(0, 3) if r.random() < 0.6 else r.randint(0, w - 1), 'int')
        if op == '&=':
            return op, self.lit(r.choice([1, 3, 7, 15, 255, 65535]), 'int')
        if op == '*=':
            return op, self.lit(r.randint(-3, 4), 'int') if r.random() < 0.7 else self.expr(d, True)[0]
        return op, self.expr(d)[0]

    def leaf(self):
        r = self.r
        x = r.random()
        if self.on('sizeof') and x < 0.04:
            v = self.scalar()
            if v is not None and r.random() < 0.5:
                self.occ.append(v.name)
                return f'sizeof({v.name})', 'ulong'
            return f'sizeof({CNAME[r.choice(self.types)]})', 'ulong'
        if x < 0.65:
            arrs = self.visible(lambda v: v.size > 0)
            if arrs and r.random() < 0.2:
                a = r.choice(arrs)
                self.occ.append(a.name)
                return f'{a.name}[{self.index(a)}]', a.ty
            v = self.scalar()
            if v is not None:
                self.occ.append(v.name)
                return v.name, v.ty
        return self.const()

    def index(self, a):
        """An index expression within [0, a.size)."""
        r = self.r
        x = r.random()
        ctrs = self.visible(lambda v: v.ro and v.size == 0 and getattr(v, 'bound', 99) <= a.size)
        if ctrs and x < 0.4:
            c = r.choice(ctrs)
            self.occ.append(c.name)
            return c.name
        if x < 0.7 and self.on('bitwise') and a.size & (a.size - 1) == 0:
            e, _ = self.expr(1, no_se=True)
            return f'({e} & {a.size - 1})'
        return str(r.randrange(a.size))

    # ---- statements -------------------------------------------------------
    def stmt_expr(self, make):
        """Run make() (which returns text) until the statement's side effects
        are sequenced: each written variable occurs once in the statement."""
        for _ in range(8):
            self.occ, self.writes = [], []
            self.se_left = 1 if self.r.random() < 0.5 else 0
            nv = self.nvar
            text = make()
            if all(self.occ.count(w) == 1 for w in self.writes):
                return text
            self.nvar = nv
        self.occ, self.writes, self.se_left = [], [], 0
        return make()

    def block(self, d, ind, n=None):
        self.scopes.append([])
        out = []
        for _ in range(n if n is not None else self.r.randint(1, 3)):
            out += self.stmt(d, ind)
        self.scopes.pop()
        return out

    def decl_local(self, ind, d=2):
        t = self.r.choice(self.types)
        name = self.fresh('v')
        if self.r.random() < 0.15 and self.on('array'):
            return self.decl_array(ind, name, local=True)
        e = self.stmt_expr(lambda: self.expr(d)[0])
        self.scopes[-1].append(Var(name, t))
        return [f'{ind}{CNAME[t]} {name} = {e};']

    def decl_array(self, ind, name, local):
        r = self.r
        t = r.choice(self.types)
        n = r.choice([2, 3, 4, 4, 8])
        vals = [self.init_const(t) for _ in range(r.randint(1, n))]
        init = ' = {' + ', '.join(vals) + '}' if local or r.random() < 0.8 else ''
        self.scopes[-1].append(Var(name, t, size=n, glob=not local))
        return [f'{ind}{CNAME[t]} {name}[{n}]{init};']

    def init_const(self, t):
        if self.on('init-conv') and self.r.random() < 0.3:
            ts = [x for x in self.types if x != 'bool']
            u = self.r.choice(ts)
            return self.lit(self.interesting(u), u)
        return self.lit(self.interesting(t), t) if t in ('int', 'uint', 'long', 'ulong', 'llong', 'ullong') \
            else str(self.interesting(t))

    def cond(self, d=2):
        return self.stmt_expr(lambda: self.expr(d)[0])

    def stmt(self, d, ind):
        r = self.r
        kinds = ['asg'] * 5 + ['decl'] * 2
        if d > 0:
            kinds += ['if'] * 2
            if self.on('loop') and self.loop_depth < 2:
                kinds += ['loop'] * 2
            if self.on('switch') and not self.in_switch:
                kinds += ['switch']
        if self.on('incdec'):
            kinds += ['incdec']
        if self.on('call') and self.funcs:
            kinds += ['call'] * 2
        if self.loop_depth and self.on('break'):
            kinds += ['brk']
        if self.fret is not None and d > 0:
            kinds += ['ret']
        k = r.choice(kinds)
        if k == 'ret':
            if self.fret == 'void':
                return [f'{ind}if ({self.cond(1)}) return;']
            if self.fret == 'main':
                return [f'{ind}if ({self.cond(1)}) return 0;']
            return [f'{ind}if ({self.cond(1)}) return {self.stmt_expr(lambda: self.expr(1)[0])};']
        if k == 'decl':
            return self.decl_local(ind)
        if k == 'asg':
            arrs = self.visible(lambda v: v.size > 0)
            if arrs and r.random() < 0.2:
                a = r.choice(arrs)
                def mk():
                    idx = self.index(a)
                    op, rhs = self.asg_rhs(a, 2)
                    return f'{ind}{a.name}[{idx}] {op} {rhs};'
                return [self.stmt_expr(mk)]
            v = self.scalar(writable=True)
            if v is None:
                return self.decl_local(ind)
            def mk():
                self.occ.append(v.name)
                op, rhs = self.asg_rhs(v, 2)
                return f'{ind}{v.name} {op} {rhs};'
            return [self.stmt_expr(mk)]
        if k == 'incdec':
            v = self.scalar(writable=True)
            if v is None:
                return []
            op = r.choice(['++', '--'])
            return [f'{ind}{v.name}{op};' if r.random() < 0.5 else f'{ind}{op}{v.name};']
        if k == 'call':
            return self.call_stmt(ind)
        if k == 'brk':
            return [f'{ind}if ({self.cond(1)}) {r.choice(["break", "continue"]) if not self.in_switch else "continue"};']
        if k == 'if':
            out = [f'{ind}if ({self.cond()}) {{'] + self.block(d - 1, ind + '  ')
            if r.random() < 0.5:
                out += [f'{ind}}} else {{'] + self.block(d - 1, ind + '  ')
            return out + [f'{ind}}}']
        if k == 'loop':
            return self.loop(d, ind)
        if k == 'switch':
            return self.switch(d, ind)
        return []

    def loop(self, d, ind):
        r = self.r
        i = self.fresh('i')
        n = r.randint(0, 4)
        kind = r.choice(['for', 'for', 'fordown', 'while', 'do'])
        ctr = Var(i, 'int', ro=True)
        ctr.bound = n if kind != 'fordown' else n + 1
        self.loop_depth += 1
        sw, self.in_switch = self.in_switch, 0
        self.scopes.append([ctr])
        body = self.block(d - 1, ind + '  ', r.randint(1, 3))
        self.scopes.pop()
        self.in_switch = sw
        self.loop_depth -= 1
        if kind == 'for':
            return [f'{ind}for (int {i} = 0; {i} < {n}; {i}++) {{'] + body + [f'{ind}}}']
        if kind == 'fordown':
            return [f'{ind}for (int {i} = {n}; {i} > 0; {i}--) {{'] + body + [f'{ind}}}']
        if kind == 'while':
            return [f'{ind}{{', f'{ind}int {i} = 0;', f'{ind}while ({i} < {n}) {{',
                    f'{ind}  {i}++;'] + body + [f'{ind}}}', f'{ind}}}']
        return [f'{ind}{{', f'{ind}int {i} = 0;', f'{ind}do {{', f'{ind}  {i}++;'] + body + \
            [f'{ind}}} while ({i} < {n});', f'{ind}}}']

    def switch(self, d, ind):
        r = self.r
        T = self.T
        if r.random() < 0.5:
            v = self.scalar()
            e, te = (v.name, v.ty) if v else self.const()
        else:
            e = self.stmt_expr(lambda: self.expr(1, no_se=True)[0])
            # type of the expression re-derived cheaply: use a cast
            t = r.choice(self.types)
            e, te = f'({CNAME[t]})({e})', t
        pt = T.promote(te)
        used = set()
        out = [f'{ind}switch ({e}) {{']
        self.in_switch += 1
        for _ in range(r.randint(1, 4)):
            for _ in range(10):
                base = r.choice([-2, -1, 0, 1, 2, 3, 4, 5])
                lt = pt
                if self.on('case-conv') and r.random() < 0.5:
                    lt = r.choice([x for x in self.types if x != 'bool'])
                v = T.conv(base, lt)
                lab = self.lit(v, lt) if lt in ('int', 'uint', 'long', 'ulong', 'llong', 'ullong') \
                    else f'({CNAME[lt]}){v}'
                cv = T.conv(v, pt)
                if cv not in used:
                    used.add(cv)
                    break
            else:
                continue
            out += [f'{ind}case {lab}: {{'] + self.block(d - 1, ind + '  ') + [f'{ind}}}']
            if r.random() < 0.7:
                out += [f'{ind}  break;']
        if r.random() < 0.6:
            out += [f'{ind}default: {{'] + self.block(d - 1, ind + '  ') + [f'{ind}}}']
        self.in_switch -= 1
        return out + [f'{ind}}}']

    def call_stmt(self, ind):
        r = self.r
        name, ret, params = r.choice(self.funcs)
        def mk():
            args = ', '.join(self.expr(1, no_se=True)[0] for _ in params)
            return f'{name}({args})'
        call = self.stmt_expr(mk)
        if ret is None or r.random() < 0.15:
            return [f'{ind}{call};']
        v = self.scalar(writable=True)
        if v is None:
            t = r.choice(self.types)
            n = self.fresh('v')
            self.scopes[-1].append(Var(n, t))
            return [f'{ind}{CNAME[t]} {n} = {call};']
        op = '=' if v.glob or not self.on('compound') else r.choice(['=', '=', '+=', '-='])
        return [f'{ind}{v.name} {op} {call};']

    # ---- program ----------------------------------------------------------
    def function(self, idx):
        r = self.r
        name = f'f{idx}'
        ret = r.choice(self.types + [None])
        params = [r.choice(self.types) for _ in range(r.randint(0, 3))]
        pvars = [Var(f'p{j}', t) for j, t in enumerate(params)]
        self.scopes.append(pvars)
        self.fret = ret or 'void'
        body = self.block(1 + self.big, '  ', r.randint(1, 2 + 2 * self.big))
        if ret is not None:
            body.append(f'  return {self.stmt_expr(lambda: self.expr(2)[0])};')
        self.scopes.pop()
        self.fret = None
        sig = ', '.join(f'{CNAME[t]} p{j}' for j, t in enumerate(params)) or 'void'
        self.funcs.append((name, ret, params))
        return [f'{CNAME[ret] if ret else "void"} {name}({sig}) {{'] + body + ['}', '']

    def domain(self, t):
        lo, hi = self.T.range(t)
        cands = {0, 1, lo, hi, 2, 5, -1, -3, 100, 200}
        cands = sorted(c for c in cands if lo <= c <= hi)
        k = self.r.randint(1, 3)
        return sorted(self.r.sample(cands, min(k, len(cands))))

    def program(self, probe=None):
        r = self.r
        T = self.T
        self.big = int(r.random() < 0.3)     # program size: 30% large, 70% small
        head = ['extern void abort(void);']
        reach_def = self.on('reach-def') and r.random() < 0.3
        if reach_def:
            head += ['extern void __assert_fail(const char *, const char *, unsigned int, const char *);',
                     'void reach_error() { __assert_fail("0", "cdiff.c", 3, "reach_error"); }']
        else:
            head += ['extern void reach_error(void);']
        user_assume = self.on('user-assume') and r.random() < 0.3
        if user_assume:
            head += ['void assume_abort_if_not(int cond) { if (!cond) { abort(); } }']
        else:
            head += ['extern void __VERIFIER_assume(int);']
        assert_kind = r.choice(['if', 'builtin'] + (['user', 'user', 'user-neg', 'user-narrow']
                                                    if self.on('user-assert') else []))
        if assert_kind == 'user':
            head += ['void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }']
        elif assert_kind == 'user-neg':
            head += ['void __VERIFIER_assert(int cond) { if (cond) { reach_error(); } }']
        elif assert_kind == 'user-narrow':
            head += ['void __VERIFIER_assert(unsigned char cond) { if (cond == 0) reach_error(); }']
        elif assert_kind == 'builtin':
            head += ['extern void __VERIFIER_assert(int);']
        # inputs
        inputs = []
        if self.on('nondet'):
            its = [t for t in self.types if t not in ('long', 'ulong', 'schar')]
            if self.on('long'):
                its += ['long', 'ulong']
            if not self.on('nondet-longlong'):
                its = [t for t in its if t not in ('llong', 'ullong')]
            for _ in range(r.randint(0, 3)):
                t = r.choice(its)
                inputs.append((t, self.domain(t)))
        for t in sorted({t for t, _ in inputs}):
            head.append(f'extern {CNAME[t] if t != "uint" else "unsigned int"} __VERIFIER_nondet_{NONDET[t]}(void);')
        head.append('')
        # globals
        glob = []
        if self.on('global'):
            for _ in range(r.randint(0, 3)):
                name = self.fresh('g')
                if self.on('array') and r.random() < 0.3:
                    glob += self.decl_array('', name, local=False)
                    continue
                t = r.choice(self.types)
                if r.random() < 0.7:
                    glob.append(f'{CNAME[t]} {name} = {self.init_const(t)};')
                else:
                    glob.append(f'{CNAME[t]} {name};')
                self.scopes[-1].append(Var(name, t, glob=True))
        glob.append('')
        funcs = []
        if self.on('call'):
            for j in range(r.randint(0, 2)):
                funcs += self.function(j)
        main = ['int main(void) {']
        self.scopes.append([])
        for j, (t, dom) in enumerate(inputs):
            n = f'in{j}'
            main.append(f'  {CNAME[t]} {n} = __VERIFIER_nondet_{NONDET[t]}();')
            c = ' || '.join(f'{n} == {self.lit(v, t) if RANK[t] >= 3 else v}' for v in dom)
            main.append(f'  {"assume_abort_if_not" if user_assume else "__VERIFIER_assume"}({c});')
            self.scopes[-1].append(Var(n, t))
        for _ in range(r.randint(1, 2)):
            main += self.decl_local('  ', 1)
        self.fret = 'main' if r.random() < 0.2 else None
        main += self.block(2 + self.big, '  ', r.randint(2, 3 + 3 * self.big))
        # observed values: scalars of main's top scope and globals
        cands = self.visible(lambda v: v.size == 0)
        arrs = self.visible(lambda v: v.size > 0)
        obs = []
        for _ in range(r.choice([1, 1, 2])):
            if arrs and r.random() < 0.2:
                a = r.choice(arrs)
                obs.append((f'{a.name}[{r.randrange(a.size)}]', a.ty))
            elif cands:
                v = r.choice(cands)
                obs.append((v.name, v.ty))
        if not obs:
            obs = [('0', 'int')]
        obs = list(dict.fromkeys(obs))
        # the probe: observed values per input combination
        tuples = None
        if probe is not None:
            pl = []
            for e, t in obs:
                f = '__cdiff_obs_s((long long)' if T.signed(T.promote(t)) else '__cdiff_obs_u((unsigned long long)'
                pl.append(f'  {f}({e}));')
            psrc = '\n'.join(head + ['extern void __cdiff_obs_s(long long);',
                                     'extern void __cdiff_obs_u(unsigned long long);'] + glob + funcs +
                             main + pl + ['  return 0;', '}', ''])
            tuples = probe(self.header(inputs) + psrc)
            if tuples is None:
                return None
            tuples = [t for t in tuples if len(t) == len(obs)]   # not the early returns
        # choose the check: err_cond true means the error is reached
        if tuples:
            pick = list(r.choice(tuples))
            unsafe = r.random() < 0.5
            if not unsafe:
                j = r.randrange(len(obs))
                for delta in (1, -1, 2, 3, -5, 7):
                    cand = pick[:]
                    cand[j] = T.conv(pick[j] + delta, T.promote(obs[j][1]))
                    if all(tuple(cand) != tuple(t) for t in tuples):
                        pick = cand
                        break
        else:
            pick = [self.interesting(T.promote(t)) if not tuples else 0 for e, t in obs]
        parts = []
        for (e, t), v in zip(obs, pick):
            pt = T.promote(t)
            v = T.conv(v, pt)
            # sometimes an equivalent literal of another type (converted by the comparison)
            lt = pt
            if r.random() < 0.25 and self.on('unsigned') and pt in ('int', 'uint'):
                lt = 'uint' if pt == 'int' else 'int'
            parts.append(f'{e} == {self.lit(T.conv(v, lt), lt)}')
        err = ' && '.join(parts)
        if assert_kind == 'if':
            main.append(f'  if ({err}) reach_error();')
        elif assert_kind == 'user-neg':
            main.append(f'  __VERIFIER_assert({err});')
        elif assert_kind == 'user-narrow':
            # cond == 0 (mod 256) is the error: pass 256 for a true condition
            main.append(f'  __VERIFIER_assert(({err}) ? 0 : 256 + {r.randint(1, 255)});')
        else:
            main.append(f'  __VERIFIER_assert(!({err}));')
        main += ['  return 0;', '}', '']
        return self.header(inputs) + '\n'.join(head + glob + funcs + main)

    def header(self, inputs):
        return '// cdiff-inputs: ' + ' | '.join(','.join(str(v) for v in dom) for _, dom in inputs) + '\n'


def generate(seed, exclude=(), probe=None, data_model='ILP32'):
    return Gen(seed, exclude, data_model).program(probe)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--count', type=int, default=1)
    ap.add_argument('--out')
    ap.add_argument('--exclude', default='bitwise-any')
    ap.add_argument('--data-model', default='ILP32', choices=['ILP32', 'LP64'])
    ap.add_argument('--list-features', action='store_true')
    a = ap.parse_args()
    if a.list_features:
        for k, v in FEATURES.items():
            print(f'{k:16} {v}')
        return
    ex = [x for x in a.exclude.split(',') if x]
    bad = [x for x in ex if x not in FEATURES]
    if bad:
        sys.exit(f'gen_random.py: unknown feature(s): {",".join(bad)}')
    for k in range(a.count):
        src = generate(a.seed + k, ex, data_model=a.data_model)
        if a.out:
            os.makedirs(a.out, exist_ok=True)
            with open(os.path.join(a.out, f'rand_{a.seed + k}.c'), 'w') as f:
                f.write(src)
        else:
            sys.stdout.write(src)


if __name__ == '__main__':
    main()
