% Like loop_xy_equal_safe, but y is also incremented in a second rule on
% its own, so (0, 1) is reachable and x != y.
% expect: unsafe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, y + 1) :- L(x, y).
L(x, y + 1) :- L(x, y), x > 2.
E :- L(x, y), x != y.
