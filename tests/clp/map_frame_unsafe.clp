% Maps, frame violated: the loop writes at i - 1, so the first write hits
% k = m - 1 < m; with a0[m - 1] != 7 the frame property fails.
% expect: unsafe
goal E.
L(a, a0, i, m, k) :- a = a0, i = m, k < m.
L(store(a, i - 1, 7), a0, i + 1, m, k) :- L(a, a0, i, m, k).
E :- L(a, a0, i, m, k), select(a, k) != select(a0, k).
