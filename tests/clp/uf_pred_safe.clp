% Uninterpreted predicate: p(x) /\ !p(x) is false under every
% interpretation of p; so is p(x) /\ x = y /\ !p(y) (congruence).
% expect: safe
pred p(int).
goal E.
E :- p(x), !p(x).
E :- p(x), x = y, !p(y).
