% Preprocessing: Init and Inc are inlined, and Inc's two calls of Step
% (one clause, called twice) are inlined into Inc first; Dead is empty
% (model false), Unused reaches no goal (model true).  L(x, y): x = y.
% expect: safe
goal E.
Init(x, y) :- x = 0, y = 0.
Step(a, b) :- b = a + 1.
Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y1).
L(x, y) :- Init(x, y).
L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).
Dead(x) :- Dead(y), x = y + 1.
Unused(x) :- L(x, x).
E :- L(x, y), x < y.
E :- L(x, y), x > y.
E :- Dead(x), x > 0.
