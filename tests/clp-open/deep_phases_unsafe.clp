% OPEN: car answers unknown within 60 s (58 iterations in 30 s: one per
% unrolling, each slower). Not run by CI.
% Deep counterexample in two phases: i counts to 30, then j counts to 30
% (j may only move once i >= 30); the error needs j >= 30, 60 unrollings.
% expect: unsafe
goal E.
L(i, j) :- i = 0, j = 0.
L(i + 1, j) :- L(i, j), i < 30.
L(i, j + 1) :- L(i, j), i >= 30, j < 30.
E :- L(i, j), j >= 30.
