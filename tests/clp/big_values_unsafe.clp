% Values beyond 2^63: x doubles from 2^62, so the derivation reaches
% x = 2^64 (> 2^63 - 1, and 2^64 mod 3 = 1).  The certificate evaluator
% computes in 128 bits (clp/eval.c); it used to give up on such values
% (unknown).
% expect: unsafe
goal E.
L(x) :- x = 4611686018427387904.
L(y) :- L(x), y = 2 * x.
E :- L(x), x > 9223372036854775807, x mod 3 = 1, x div 3 = 6148914691236517205.
