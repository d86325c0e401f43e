% Bounds: for (i = 0; i < n; i++) with n >= 0: always 0 <= i <= n.  The
% goal is a disjunction (explicit ;) of the two bound violations.
% expect: safe
goal E.
L(i, n) :- i = 0, n >= 0.
L(i + 1, n) :- L(i, n), i < n.
E :- L(i, n), (i < 0 ; i > n).
