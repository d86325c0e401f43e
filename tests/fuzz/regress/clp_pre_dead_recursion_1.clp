% Nested loops: "the count c is at least the outer counter i" fails when
% the inner loop runs zero times (m = 0ÿÿ~—‡u@, c = 0.
% expect: unsafe
goal E.
Ien(nrj, m, c, c') :- j >= m, c' = c.
Inner(j, m, c, c') :- j < m, Inner(j + 1, m, c + 1, c').
Outer(i, n, m, c) :- i = 0, c = 0, n >= 0.
Outer(i + 1, n, m, c') :- Outer(i, n, m, c), i < n, Inner(1, m, c, c').
E :- Outer(i, n, m, c), c < i.
