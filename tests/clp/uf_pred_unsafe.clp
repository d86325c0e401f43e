% Uninterpreted predicate: unsafe = derivable under SOME interpretation;
% p = {0} (true only at 0) satisfies p(x), !p(x + 1), x >= 0 with x = 0.
% expect: unsafe
pred p(int).
goal E.
E :- p(x), !p(x + 1), x >= 0.
