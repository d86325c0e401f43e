% Preprocessing inlines R into L; R never mentions its formal b, so L's
% local y, passed only to R, vanishes from the expanded body and the
% counterexample has no value for it.  The way back (clp/pre_cex.c) gives
% such unconstrained variables any value, shared by every instance, so the
% derivation still certifies (the bug of the kind2 files ILLINOIS_2_e2_876,
% MESI_3_e2_819_e7_1665, MOESI_2_e1_1753_e2_615: "the rule does not hold
% for the values of MAIN").
% expect: unsafe
goal E.
R(a, b, c) :- a = 0, c.
L(x, p) :- R(x, y, p).
L(x + 1, p) :- L(x, p).
E :- L(x, p), x = 3.
