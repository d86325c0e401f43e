% Mutual recursion: Ev(n, r) / Od(n, r) with r = 1 iff n is even (for
% n >= 0).  Ev(4) -> Od(3) -> Ev(2) -> Od(1) -> Ev(0) = 1, so Ev(4, r)
% forces r = 1; also r stays in {0, 1} for all n.
% expect: safe
goal E.
Ev(n, r) :- n = 0, r = 1.
Ev(n, r) :- n > 0, Od(n - 1, r).
Od(n, r) :- n = 0, r = 0.
Od(n, r) :- n > 0, Ev(n - 1, r).
E :- Ev(4, r), r != 1.
E :- Od(n, r), (r < 0 ; r > 1).
