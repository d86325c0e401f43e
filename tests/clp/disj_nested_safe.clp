% Nested disjunctions in a loop body: below 5 step by +1 or +2; from 5 on
% either stay, or step down by 1 when x > 7.  x stays >= 0: the only
% decrease needs x > 7 and lands on >= 7.  Invariant: x >= 0.
% expect: safe
goal E.
L(x) :- x = 0.
L(y) :- L(x), ( (x < 5, (y = x + 1 ; y = x + 2))
              ; (x >= 5, (y = x ; (x > 7, y = x - 1) ; y = x + 3)) ).
E :- L(x), x < 0.
