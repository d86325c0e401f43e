% Bounds violated: the loop starts at i = 0 with n unconstrained, so
% n = -1 gives i = 0 > n at once.
% expect: unsafe
goal E.
L(i, n) :- i = 0.
L(i + 1, n) :- L(i, n), i < n.
E :- L(i, n), (i < 0 ; i > n).
