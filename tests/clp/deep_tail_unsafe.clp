% Deep counterexample, tail loop: i counts 0, 1, ..., 60 and the error
% needs i >= 60, so the shortest derivation has 61 L instances (60
% unrollings of the loop rule).
% expect: unsafe
goal E.
L(i) :- i = 0.
L(i + 1) :- L(i), i < 60.
E :- L(i), i >= 60.
