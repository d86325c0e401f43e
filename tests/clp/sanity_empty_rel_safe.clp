% Sanity: R is declared but has no rule, so it is the empty relation and
% the goal, which needs R(x), is not derivable.
% expect: safe
rel R(int).
goal E.
E :- R(x), x > 0.
