#!/usr/bin/env python3
"""gen.py -- random small Cubicle (.cub) systems in the subset that
tests/cubdiff/cubenum.py enumerates (tests/cubdiff.sh): enumerated types,
bool and proc globals (var and const), arrays over proc of enumerated,
bool and proc values; init with a universal process variable, unsafe
cubes of one or two processes, transitions of 0..2 parameters whose
guards have literals, universal (forall_other, forall) and existential
(exists_other) parts, #1 and #2, and whose actions are assignments of
terms, nondeterministic values (. and ?), case updates of one element and
of every element (a fresh subscript), and nondeterministic updates of every
element.

Usage: gen.py SEED [COUNT] [DIR]: with DIR, writes DIR/s<SEED+n>.cub for
n < COUNT; without, prints the system of SEED."""
import random
import re
import sys


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def pick(self, xs):
        return self.r.choice(xs)

    def chance(self, p):
        return self.r.random() < p

    def system(self):
        r = self.r
        self.types = {}
        for t in ['loc', 'msg'][:r.randint(1, 2)]:
            self.types[t] = ['%s%d' % (t[0].upper(), k) for k in range(r.randint(2, 3))]
        tnames = list(self.types) + ['bool', 'proc']
        self.globals = []   # (name, type, const)
        for g in range(r.randint(0, 2)):
            self.globals.append(('G%d' % g, self.pick(tnames), False))
        if self.chance(0.2):
            self.globals.append(('C0', self.pick(['proc', 'bool'] + list(self.types)), True))
        self.arrays = []
        for a in range(r.randint(1, 3)):
            self.arrays.append(('A%d' % a, self.pick(tnames + list(self.types))))
        out = []
        for t, cs in self.types.items():
            out.append('type %s = %s' % (t, ' | '.join(cs)))
        for g, t, c in self.globals:
            out.append('%s %s : %s' % ('const' if c else 'var', g, t))
        for a, t in self.arrays:
            out.append('array %s[proc] : %s' % (a, t))
        out.append(self.init())
        for _ in range(r.randint(1, 2)):
            out.append(self.unsafe())
        for n in range(r.randint(2, 5)):
            out.append(self.transition('t%d' % n))
        return '\n'.join(out) + '\n'

    # values of type t in a scope of process variables ps
    def consts(self, t):
        if t == 'bool':
            return ['True', 'False']
        if t == 'proc':
            return ['#1', '#2']
        return self.types[t]

    def terms(self, t, ps, state=True):
        out = list(self.consts(t))
        if t == 'proc':
            out += ps
        if state:
            out += [g for g, gt, _ in self.globals if gt == t]
            out += ['%s[%s]' % (a, p) for a, at in self.arrays if at == t for p in ps]
        return out

    def literal(self, ps, must=None):
        """t1 = t2 / t1 <> t2 over ps; must: a variable that must occur."""
        for _ in range(20):
            t = self.pick(list(self.types) + ['bool', 'proc'])
            ts = self.terms(t, ps)
            if must:
                lhs = [x for x in ts if x == must or x.endswith('[%s]' % must)]
                if not lhs:
                    continue
                a = self.pick(lhs)
            else:
                nonconst = [x for x in ts if x not in self.consts(t)]
                if not nonconst:
                    continue
                a = self.pick(nonconst)
            b = self.pick(ts)
            if a == b:
                continue
            return '%s %s %s' % (a, self.pick(['=', '=', '<>']), b)
        return None

    def conj(self, ps, lo, hi):
        lits = [self.literal(ps) for _ in range(self.r.randint(lo, hi))]
        return [x for x in lits if x]

    def init(self):
        lits = []
        self.pins = {}
        for a, t in self.arrays:
            k = self.r.random()
            if k < 0.6:
                self.pins[a] = self.pick(self.consts(t))
                lits.append('%s[z] = %s' % (a, self.pins[a]))
            elif k < 0.75:
                lits.append('%s[z] <> %s' % (a, self.pick(self.consts(t))))
        for g, t, _ in self.globals:
            k = self.r.random()
            if k < 0.5:
                lits.append('%s = %s' % (g, self.pick(self.consts(t))))
            elif t == 'proc' and k < 0.6:
                lits.append('%s <> z' % g)
        if self.chance(0.15):
            lit = self.literal(['z'], 'z')
            if lit:
                lits.append(lit)
        return 'init (z) { %s }' % (' && '.join(lits) if lits else 'True = True')

    def unsafe(self):
        ps = ['x', 'y'][:self.r.randint(1, 2)]
        lits = []
        for p in ps:
            # mostly an element away from its initial value: not at once
            pinned = [a for a, _ in self.arrays if a in self.pins]
            if pinned and self.chance(0.45):
                a = self.pick(pinned)
                t = dict(self.arrays)[a]
                vals = [c for c in self.consts(t) if c != self.pins[a]]
                lits.append('%s[%s] = %s' % (a, p, self.pick(vals)))
                continue
            lit = self.literal(ps, p)
            if lit:
                lits.append(lit)
        lits += self.conj(ps, 0, 1)
        if not lits:
            lits = ['%s = %s' % (ps[0], ps[0])]
        return 'unsafe (%s) { %s }' % (' '.join(ps), ' && '.join(lits))

    def transition(self, name):
        r = self.r
        ps = ['i', 'j'][:r.randint(0, 2)]
        g = []
        for p in ps:
            lit = self.literal(ps, p)
            if lit:
                g.append(lit)
        g += self.conj(ps, 0, 2)
        if self.chance(0.35):
            q = self.pick(['forall_other', 'forall_other', 'forall'])
            body = self.quant_body(ps)
            if body:
                g.append('(%s k. (%s))' % (q, body))
        if self.chance(0.15) and ps:
            body = self.quant_body(ps)
            if body:
                g.append('(exists_other k. (%s))' % body)
        if self.chance(0.1):
            pair = self.distinct_pair(ps)
            if pair:
                g.append(pair)
        if self.chance(0.2):
            chain = self.chain(ps)
            if chain:
                g.append(chain)
        acts = []
        for gname, t, const in self.globals:
            if const or not self.chance(0.4):
                continue
            k = r.random()
            if k < 0.2:
                acts.append('%s := %s' % (gname, self.pick(['.', '?'])))
            elif k < 0.35:
                acts.append('%s := case | %s : %s | _ : %s' % (
                    gname, self.literal(ps) or 'True = True',
                    self.pick(self.terms(t, ps)), self.pick(self.terms(t, ps))))
            else:
                acts.append('%s := %s' % (gname, self.pick(self.terms(t, ps))))
        for a, t in self.arrays:
            k = r.random()
            if ps and k < 0.45:
                for p in ps:
                    if p != ps[0] and not self.chance(0.3):
                        continue
                    kk = r.random()
                    if kk < 0.15:
                        acts.append('%s[%s] := .' % (a, p))
                    elif kk < 0.3:
                        acts.append('%s[%s] := case | %s : %s | _ : %s' % (
                            a, p, self.literal(ps) or 'True = True',
                            self.pick(self.terms(t, ps)), self.pick(self.terms(t, ps))))
                    else:
                        acts.append('%s[%s] := %s' % (a, p, self.pick(self.terms(t, ps))))
            elif k < 0.6:
                acts.append(self.universal(a, t, ps))
        if not acts and self.arrays and ps:
            a, t = self.arrays[0]
            acts.append('%s[%s] := %s' % (a, ps[0], self.pick(self.consts(t))))
        head = 'transition %s(%s)' % (name, ' '.join(ps))
        req = '\nrequires { %s }' % ' && '.join(g) if g else ''
        return '%s%s\n{ %s }' % (head, req, '; '.join(acts))

    def chain(self, ps):
        """Connectives whose grouping is Cubicle's precedence and not
        written: a => b => c (a => (b => c)), a <=> b => c (a <=> (b =>
        c)), if c then a else b && d ((if c then a else b) && d)."""
        ls = [self.literal(ps) for _ in range(4)]
        if None in ls:
            return None
        form = self.pick(['(%s => %s => %s)', '(%s <=> %s => %s)',
                          '(%s => %s <=> %s)',
                          '(if %s then %s else %s && %s)'])
        return form % tuple(ls[:form.count('%s')])

    def distinct_pair(self, ps):
        """Cubicle's quantifier over two distinct processes:
        forall k <> l. (F(k) => G(l)) or exists k <> l. (F(k) && G(l))."""
        a = self.literal(ps + ['k'], 'k')
        b = self.literal(ps + ['k'], 'k')
        if not a or not b:
            return None
        b = re.sub(r'\bk\b', 'l', b)
        if self.chance(0.5):
            return '(forall k <> l. (%s => %s))' % (a, b)
        return '(exists k <> l. (%s && %s))' % (a, b)

    def quant_body(self, ps):
        k = self.r.random()
        procg = [gn for gn, t, _ in self.globals if t == 'proc']
        if procg and k < 0.25:
            return '%s <> k' % self.pick(procg) if self.chance(0.5) else 'k <> %s' % self.pick(procg)
        lit = self.literal(ps + ['k'], 'k')
        if lit and self.chance(0.3):
            other = self.literal(ps + ['k'], 'k')
            if other:
                return '%s %s %s' % (lit, self.pick(['||', '&&']), other)
        return lit

    def universal(self, a, t, ps):
        if self.chance(0.15):
            return '%s[k] := .' % a
        cases = []
        for _ in range(self.r.randint(0, 2)):
            if ps and self.chance(0.5):
                c = 'k = %s' % self.pick(ps)
            else:
                c = self.literal(ps + ['k'], 'k')
            if c:
                cases.append('| %s : %s ' % (c, self.pick(self.terms(t, ps + ['k']))))
        dflt = self.pick(['%s[k]' % a] + self.terms(t, ps + ['k']))
        return '%s[k] := case %s| _ : %s' % (a, ''.join(cases), dflt)


def main(argv):
    seed = int(argv[1]) if len(argv) > 1 else 1
    count = int(argv[2]) if len(argv) > 2 else 1
    if len(argv) > 3:
        for n in range(count):
            with open('%s/s%d.cub' % (argv[3], seed + n), 'w') as fh:
                fh.write(Gen(seed + n).system())
    else:
        for n in range(count):
            sys.stdout.write(Gen(seed + n).system())
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
