% A division by a variable divisor: the derivation picks a nonzero divisor
% (z = 1 or any other), so it holds whatever x div 0 is (etc/etc.c guards
% every evaluated division with divisor != 0).
% expect: unsafe
goal E.
E :- y = x div z, y = 42, x > 100.
