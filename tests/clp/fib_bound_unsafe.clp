% Two recursive calls: "r <= n + 1" holds up to F(4) = 5 but F(5) = 8 > 6.
% expect: unsafe
goal E.
F(n, r) :- n <= 1, r = 1.
F(n, r) :- n > 1, F(n - 1, a), F(n - 2, b), r = a + b.
E :- F(n, r), r > n + 1.
