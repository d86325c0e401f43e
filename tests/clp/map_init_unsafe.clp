% Maps: an initialisation loop that starts at i = 1 (off by one), so a[0]
% keeps the arbitrary initial value: k = 0, n = 1, a0[0] = 5 breaks the
% property "a[k] = 0 for 0 <= k < n after the loop".
% expect: unsafe
goal E.
L(a, i, n, k) :- i = 1, a = a0.
L(store(a, i, 0), i + 1, n, k) :- L(a, i, n, k), i < n.
E :- L(a, i, n, k), i >= n, 0 <= k, k < n, select(a, k) != 0.
