% Nested loops: outer i = 0..n-1 calls an inner loop (a transfer relation
% Inner(j, m, c, c')) that adds 1 to c m times.  c never decreases, so
% c >= 0, and the outer counter stays <= n.  Inner summary: c' >= c;
% outer invariant: c >= 0 /\ i <= n.
% expect: safe
goal E.
Inner(j, m, c, c') :- j >= m, c' = c.
Inner(j, m, c, c') :- j < m, Inner(j + 1, m, c + 1, c').
Outer(i, n, m, c) :- i = 0, c = 0, n >= 0.
Outer(i + 1, n, m, c') :- Outer(i, n, m, c), i < n, Inner(0, m, c, c').
E :- Outer(i, n, m, c), (c < 0 ; i > n).
