% Deep counterexample through mutual recursion: Ev(60) -> Od(59) -> ...
% -> Ev(0) = 1, 61 nested instances; the goal asks for Ev(60, 1).
% expect: unsafe
goal E.
Ev(n, r) :- n = 0, r = 1.
Ev(n, r) :- n > 0, Od(n - 1, r).
Od(n, r) :- n = 0, r = 0.
Od(n, r) :- n > 0, Ev(n - 1, r).
E :- Ev(60, r), r = 1.
