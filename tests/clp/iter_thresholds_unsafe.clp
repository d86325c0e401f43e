% Two thresholds with a wrong bound on the second loop (y <= x instead of
% y < x): y reaches 11 > 10 after 10 + 11 steps.
% expect: unsafe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, y) :- L(x, y), x < 10.
L(x, y + 1) :- L(x, y), x >= 10, y <= x.
E :- L(x, y), y > 10.
