% Non-tail recursion, McCarthy 91 with a wrong claim: "r = 91 for
% n <= 102"; n = 102 gives r = 92 (first rule).
% expect: unsafe
goal E.
M(n, r) :- n > 100, r = n - 10.
M(n, r) :- n <= 100, M(n + 11, t), M(t, r).
E :- M(n, r), n <= 102, r != 91.
