% SMT-LIB mod is Euclidean: -7 mod -3 = 2 and -7 div -3 = 3 (remainder
% >= 0, whatever the signs).
% expect: safe
goal E.
E :- z = -3, x = -7, y = x mod z, q = x div z, (y != 2 ; q != 3).
