#!/usr/bin/env python3
"""gen.py -- random small CHC problems (SMT-LIB2 HORN) for differential
testing of car's engine against z3's Spacer (tests/engine-diff/run.py).

Each problem is a handful of predicates over Int, Bool and (Array Int Int)
arguments with facts, linear and non-linear transition clauses and queries;
constraints mix linear arithmetic, products, div/mod by positive, negative
and zero constants and by variables, ite, Bool connectives, select/store and
constants near 2^63 (so that values beyond 2^63 occur).  Python 3 standard
library only.

  python3 gen.py SEED            # the problem of SEED on stdout
  python3 gen.py SEED -o FILE    # ... written to FILE
"""
import argparse
import random
import sys

INT, BOOL, ARR = "Int", "Bool", "(Array Int Int)"
BIG = 2 ** 63 - 1


def num(k):
    return str(k) if k >= 0 else "(- %d)" % -k


class Gen:
    def __init__(self, seed):
        self.r = random.Random(seed)

    def const(self):
        r = self.r
        x = r.random()
        if x < 0.05:
            return num(r.choice([BIG, BIG - 1, -BIG, 2 ** 62, -(2 ** 62)]))
        if x < 0.15:
            return num(r.randint(-100, 100))
        return num(r.randint(-5, 5))

    def vars_of(self, env, sort):
        return [v for v, s in env if s == sort]

    def int_term(self, env, d):
        r = self.r
        vs = self.vars_of(env, INT)
        if d <= 0 or r.random() < 0.3:
            return r.choice(vs) if vs and r.random() < 0.75 else self.const()
        k = r.random()
        if k < 0.30:
            return "(+ %s %s)" % (self.int_term(env, d - 1), self.int_term(env, d - 1))
        if k < 0.42:
            return "(- %s %s)" % (self.int_term(env, d - 1), self.int_term(env, d - 1))
        if k < 0.52:
            return "(* %s %s)" % (num(r.choice([-3, -2, 2, 3, 5])), self.int_term(env, d - 1))
        if k < 0.55:
            return "(* %s %s)" % (self.int_term(env, d - 1), self.int_term(env, d - 1))
        if k < 0.70:
            op = r.choice(["div", "mod"])
            x = r.random()
            if x < 0.15:
                dv = "0"
            elif x < 0.30 and vs:
                dv = r.choice(vs)
            else:
                dv = num(r.choice([-7, -3, -2, 2, 3, 4, 10]))
            return "(%s %s %s)" % (op, self.int_term(env, d - 1), dv)
        if k < 0.82:
            return "(ite %s %s %s)" % (self.bool_term(env, d - 1),
                                       self.int_term(env, d - 1),
                                       self.int_term(env, d - 1))
        if k < 0.92 and self.vars_of(env, ARR):
            return "(select %s %s)" % (self.arr_term(env, d - 1), self.int_term(env, d - 1))
        return "(- %s)" % self.int_term(env, d - 1)

    def arr_term(self, env, d):
        r = self.r
        vs = self.vars_of(env, ARR)
        if d <= 0 or r.random() < 0.5:
            if vs and r.random() < 0.8:
                return r.choice(vs)
            return "((as const %s) %s)" % (ARR, self.const())
        return "(store %s %s %s)" % (self.arr_term(env, d - 1),
                                     self.int_term(env, d - 1),
                                     self.int_term(env, d - 1))

    def cmp(self, env, d):
        op = self.r.choice(["<=", "<", "=", ">=", ">", "distinct"])
        return "(%s %s %s)" % (op, self.int_term(env, d), self.int_term(env, d))

    def bool_term(self, env, d):
        r = self.r
        vs = self.vars_of(env, BOOL)
        k = r.random()
        if d <= 0 or k < 0.45:
            if vs and r.random() < 0.3:
                v = r.choice(vs)
                return v if r.random() < 0.5 else "(not %s)" % v
            return self.cmp(env, max(d, 1))
        if k < 0.60:
            return "(not %s)" % self.bool_term(env, d - 1)
        if k < 0.85:
            return "(%s %s %s)" % (r.choice(["and", "or", "=>"]),
                                   self.bool_term(env, d - 1),
                                   self.bool_term(env, d - 1))
        if k < 0.92 and self.vars_of(env, ARR):
            return "(= %s %s)" % (self.arr_term(env, 1), self.arr_term(env, 1))
        return "(ite %s %s %s)" % (self.bool_term(env, d - 1),
                                   self.bool_term(env, d - 1),
                                   self.bool_term(env, d - 1))

    def term(self, sort, env, d):
        if sort == INT:
            return self.int_term(env, d)
        if sort == BOOL:
            return self.bool_term(env, d)
        return self.arr_term(env, d)

    def problem(self):
        r = self.r
        npred = r.choice([1, 1, 2, 2, 3])
        preds = []
        for i in range(npred):
            ar = r.choice([1, 2, 2, 3])
            sorts = [r.choice([INT, INT, INT, BOOL, ARR]) if j else INT for j in range(ar)]
            preds.append(("P%d" % i, sorts))
        clauses = []
        # facts: every predicate gets one with probability, P0 always
        for i, (p, sorts) in enumerate(preds):
            if i == 0 or r.random() < 0.4:
                clauses.append(self.clause([], (p, sorts), init=True))
        # transitions: linear and non-linear
        for _ in range(r.randint(1, 3)):
            body = [r.choice(preds)]
            if npred > 1 and r.random() < 0.25 or r.random() < 0.1:
                body.append(r.choice(preds))
            clauses.append(self.clause(body, r.choice(preds)))
        # queries
        for _ in range(r.choice([1, 1, 2])):
            body = [r.choice(preds)]
            if r.random() < 0.15:
                body.append(r.choice(preds))
            clauses.append(self.clause(body, None))
        out = ["(set-logic HORN)"]
        for p, sorts in preds:
            out.append("(declare-fun %s (%s) Bool)" % (p, " ".join(sorts)))
        out += clauses
        out.append("(check-sat)")
        return "\n".join(out) + "\n"

    def clause(self, body, head, init=False):
        r = self.r
        env, atoms, k = [], [], 0
        for p, sorts in body:
            args = []
            for s in sorts:
                v = "x%d" % k
                k += 1
                env.append((v, s))
                args.append(v)
            atoms.append("(%s %s)" % (p, " ".join(args)))
        cons = []
        if init:
            # bounded initial values: an equality or a small range per Int
            hargs = []
            for j, s in enumerate(head[1]):
                v = "y%d" % j
                hargs.append(v)
                if s == INT:
                    c = r.randint(-3, 3)
                    cons.append("(= %s %s)" % (v, num(c)) if r.random() < 0.7
                                else "(and (<= %s %s) (<= %s %s))" % (num(c), v, v, num(c + r.randint(0, 4))))
                elif s == BOOL:
                    cons.append(v if r.random() < 0.5 else "(not %s)" % v)
                else:
                    cons.append("(= %s ((as const %s) %s))" % (v, ARR, num(r.randint(-2, 2))))
                env.append((v, s))
            head_atom = "(%s %s)" % (head[0], " ".join(hargs))
        elif head:
            # a guard, then each head argument defined from the body
            if r.random() < 0.8:
                cons.append(self.bool_term(env, 1))
            hargs = []
            for j, s in enumerate(head[1]):
                if r.random() < 0.85:
                    hargs.append(self.term(s, env, r.choice([1, 1, 2])))
                else:
                    v = "h%d" % j  # an unconstrained input
                    env.append((v, s))
                    hargs.append(v)
            head_atom = "(%s %s)" % (head[0], " ".join(hargs))
        else:
            cons.append(self.bool_term(env, r.choice([1, 2])))
            head_atom = "false"
        if not env:
            env.append(("u", INT))
        parts = atoms + cons
        b = parts[0] if len(parts) == 1 else "(and %s)" % " ".join(parts) if parts else "true"
        decl = " ".join("(%s %s)" % (v, s) for v, s in env)
        return "(assert (forall (%s) (=> %s %s)))" % (decl, b, head_atom)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("-o", "--output")
    a = ap.parse_args()
    text = Gen(a.seed).problem()
    if a.output:
        with open(a.output, "w") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
