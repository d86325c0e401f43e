% Nested disjunctions: like disj_nested_safe but the decrease branch is
% y = x - 6 when x >= 5: 0 -> 2 -> 4 -> 5 -> -1.
% expect: unsafe
goal E.
L(x) :- x = 0.
L(y) :- L(x), ( (x < 5, (y = x + 1 ; y = x + 2))
              ; (x >= 5, (y = x ; y = x - 6 ; y = x + 3)) ).
E :- L(x), x < 0.
