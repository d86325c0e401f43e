% Non-tail recursion: T(n, r) with r = 0 + 1 + ... + n (r = 0 for n <= 0),
% computed after the recursive call.  Properties: r >= 0, and r >= n.
% Summary: r >= 0 /\ r >= n.
% expect: safe
goal E.
T(n, r) :- n <= 0, r = 0.
T(n, r) :- n > 0, T(n - 1, s), r = s + n.
E :- T(n, r), r < 0.
E :- T(n, r), r < n.
