% Maps: an array initialisation loop a[i] = 0 for 0 <= i < n, with the
% property tracked at one symbolic index k (as in the Rational example):
% after the loop, 0 <= k < n implies a[k] = 0.  Invariant:
% k < i -> select(a, k) = 0 (the initial array a0 is arbitrary).
% expect: safe
goal E.
L(a, i, n, k) :- i = 0, a = a0.
L(store(a, i, 0), i + 1, n, k) :- L(a, i, n, k), i < n.
E :- L(a, i, n, k), i >= n, 0 <= k, k < n, select(a, k) != 0.
