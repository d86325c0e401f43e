% Bool variables: a flag b is false only in the initial state (x = 0); every
% step sets it (c is the new flag, constrained true) and increments x.
% Invariant: b \/ x = 0, so (!b /\ x > 0) is unreachable.
% expect: safe
goal E.
L(b, x) :- !b, x = 0.
L(c, x + 1) :- L(b, x), c.
E :- L(b, x), !b, x > 0.
