% Preprocessing substitutes w := 0, which folds (x div z) * w away, so z
% occurs nowhere in the simplified body and the counterexample has no value
% for it.  The way back (clp/pre_cex.c) gives it any value -- 1, so that the
% original body, which still divides by z, evaluates (with 0 the check
% failed: "could not be translated back").
% expect: unsafe
goal E.
L(x) :- x = 0.
L(y) :- L(x), w = 0, y = x + 1 + (x div z) * w.
E :- L(x), x = 3.
