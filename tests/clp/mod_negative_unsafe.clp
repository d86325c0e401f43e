% SMT-LIB mod is Euclidean: -7 mod -3 = 2 (not -1 as C's %), and
% -7 div 3 = -3 (not -2 as C's /): the certificate evaluator must agree.
% expect: unsafe
goal E.
L(x, y) :- x = -7, y = 3.
E :- L(x, y), x mod (0 - y) = 2, x div y = -3, x mod y = 2.
