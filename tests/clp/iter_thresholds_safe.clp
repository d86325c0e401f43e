% Two thresholds: x counts to 10, then y counts up to x.  y > 10 is
% unreachable; the invariant needs two facts, x <= 10 and y <= x, found
% from different spurious traces.
% expect: safe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, y) :- L(x, y), x < 10.
L(x, y + 1) :- L(x, y), x >= 10, y < x.
E :- L(x, y), y > 10.
