% Deep counterexample, tail loop: i counts 0, 1, ..., 40 and the error
% needs i >= 40, so the shortest derivation has 41 L instances (40
% unrollings of the loop rule).  (Was 60: about 60 s, at the suite's
% limit, once Houdini invariants joined the abstraction; car refines one
% unrolling per iteration here, see issue 4's note on deep-cex loops.)
% expect: unsafe
goal E.
L(i) :- i = 0.
L(i + 1) :- L(i), i < 40.
E :- L(i), i >= 40.
