% An off-by-one: a[0..n) is zeroed, a[n] is read.  With the predicates the
% goal is derivable in the indexed abstraction; the depth-first search then
% finds and certifies a concrete derivation (n = 1).
% expect: unsafe
Inv(0, n, a) :- n >= 1.
Inv(i + 1, n, store(a, i, 0)) :- Inv(i, n, a), i < n.
Err :- Inv(i, n, a), i >= n, 0 <= j, j <= n, select(a, j) != 0.
goal Err.

indexed Inv(i, n, a) x: 0 <= x, x < i, select(a, x) = 0, i <= n.
