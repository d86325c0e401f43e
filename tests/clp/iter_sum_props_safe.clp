% Needs several refinements: the x + y = n loop with three properties in
% one disjunctive goal (sum kept, x >= 0, y <= n).  Each disjunct is
% refuted by a different fact (x + y = n; x >= 0 from x > 0 before each
% decrement; y <= n from both), found one abstract trace at a time.
% min-iterations: 3
% expect: safe
goal E.
L(x, y, n) :- x = n, y = 0, n >= 0.
L(x - 1, y + 1, n) :- L(x, y, n), x > 0.
E :- L(x, y, n), (x + y != n ; x < 0 ; y > n).
