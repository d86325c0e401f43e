% Non-tail recursion, McCarthy 91 with an off-by-one base case (n >= 100
% instead of n > 100): M(100) = 90 and then M(99) = M(M(110)) = M(100) = 90,
% so n = 99 (a nested derivation: M(110), M(100), M(99)) gives r = 90 != 91.
% expect: unsafe
goal E.
M(n, r) :- n >= 100, r = n - 10.
M(n, r) :- n < 100, M(n + 11, t), M(t, r).
E :- M(n, r), n < 100, r != 91.
