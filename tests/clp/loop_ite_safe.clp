% ite in a head argument: y increments only while x < 5, x runs to 10; so
% y = min(x, 5) and y > 5 is unreachable.  Invariant y <= x /\ y <= 5.
% expect: safe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, ite(x < 5, y + 1, y)) :- L(x, y), x < 10.
E :- L(x, y), y > 5.
