% Two recursive calls in one rule (fib-like): F(n, r) with r = 1 for
% n <= 1 and r = F(n - 1) + F(n - 2) otherwise.  Then r >= 1 and r >= n:
% with a >= n - 1 and b >= 1, a + b >= n.  Summary: r >= 1 /\ r >= n.
% expect: safe
goal E.
F(n, r) :- n <= 1, r = 1.
F(n, r) :- n > 1, F(n - 1, a), F(n - 2, b), r = a + b.
E :- F(n, r), r < 1.
E :- F(n, r), r < n.
