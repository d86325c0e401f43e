% tests/indexed/init_bug.clp without its predicates: discovery runs out of
% new predicates, and the depth-first search finds the concrete derivation.
Inv(0, n, a) :- n >= 1.
Inv(i + 1, n, store(a, i, 0)) :- Inv(i, n, a), i < n.
Err :- Inv(i, n, a), i >= n, 0 <= j, j <= n, select(a, j) != 0.
goal Err.

