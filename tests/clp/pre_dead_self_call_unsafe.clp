% P calls itself only in a disjunct that cannot hold (Q and R call each
% other and have no base case: empty).  Preprocessing sees no live cycle
% through P and inlines it; the expansion must not follow the dead
% disjunct's call to P (it recursed without end: a stack overflow, found by
% tests/engine-diff, seed 100009).
% expect: unsafe
goal E.
P(x) :- x = 1.
P(x) :- Q(y), P(x).
Q(y) :- R(y).
R(y) :- Q(y).
E :- P(x), x = 1.
