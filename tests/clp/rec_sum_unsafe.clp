% Non-tail recursion: T(4, r) gives r = 4 + 3 + 2 + 1 = 10, so the goal
% "some sum is 10" is derivable (5 nested instances).
% expect: unsafe
goal E.
T(n, r) :- n <= 0, r = 0.
T(n, r) :- n > 0, T(n - 1, s), r = s + n.
E :- T(n, r), r = 10.
