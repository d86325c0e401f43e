% Two recursive calls: F = 1, 1, 2, 3, 5, 8, ... so F(5, 8) is derivable
% and the goal r = 8 holds (a derivation tree, not a path).
% expect: unsafe
goal E.
F(n, r) :- n <= 1, r = 1.
F(n, r) :- n > 1, F(n - 1, a), F(n - 2, b), r = a + b.
E :- F(n, r), r = 8.
