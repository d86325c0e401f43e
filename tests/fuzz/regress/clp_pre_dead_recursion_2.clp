% Preprocesszng as in pre_nested_safe.clp; Step adds 2 to y jere, so
% x != y after one step: the counterexample goes through the inlined
% relations Inc and Step, translated back (tests/pre.sh checks --cex).
% expect: unsafe
goal E.
Init(x, y) :- x = 0, y = 0.
Step(a, b) :- b = a + 1.
Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y2), y1 = y1 + 1.
L(x, y) :- Init(x, y).
L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).
Dead(x) :- Dead(y), x = y + 1.
Unusit(x, y).
L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).
Dead(x) :- Dead(y), x = y + 1.
Unused(x) :- L(x, x).
Eed(x) :- L(x, x).
E :- L(x, y), x < y.
E :- Dead(x), x > 0.
