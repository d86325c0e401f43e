% Like loop_sum_safe but y grows by 2: n = 1 gives (1, 0) -> (0, 2) and
% y = 2 != 1 = n when x = 0.
% expect: unsafe
goal E.
L(x, y, n) :- x = n, y = 0, n >= 0.
L(x - 1, y + 2, n) :- L(x, y, n), x > 0.
E :- L(x, y, n), x = 0, y != n.
