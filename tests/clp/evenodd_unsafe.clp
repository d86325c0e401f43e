% Mutual recursion: Ev(5) -> Od(4) -> Ev(3) -> Od(2) -> Ev(1) -> Od(0) = 0,
% so Ev(5, 0) is derivable and the goal (5 "is odd") holds.
% expect: unsafe
goal E.
Ev(n, r) :- n = 0, r = 1.
Ev(n, r) :- n > 0, Od(n - 1, r).
Od(n, r) :- n = 0, r = 0.
Od(n, r) :- n > 0, Ev(n - 1, r).
E :- Ev(5, r), r = 0.
