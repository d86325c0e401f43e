% Non-tail recursion: McCarthy's 91 function as a transfer relation
% M(n, r): r = n - 10 if n > 100, else r = M(M(n + 11)).  For n <= 100 the
% result is 91.  Summary: (n > 100 -> r = n - 10) /\ (n <= 100 -> r = 91).
% expect: safe
goal E.
M(n, r) :- n > 100, r = n - 10.
M(n, r) :- n <= 100, M(n + 11, t), M(t, r).
E :- M(n, r), n <= 100, r != 91.
