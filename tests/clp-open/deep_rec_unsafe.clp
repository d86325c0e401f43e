% OPEN: car answers unknown within 60 s (deep counterexample: exact-summary
% predicates from inlined Spacer models blow up the BDDs). Not run by CI.
% Deep counterexample through non-tail recursion: T(n, r) returns r = n
% for n >= 0 by counting up after the recursive call; r = 55 needs a
% derivation 56 instances deep.
% expect: unsafe
goal E.
T(n, r) :- n = 0, r = 0.
T(n, r) :- n > 0, T(n - 1, s), r = s + 1.
E :- T(n, r), r >= 55.
