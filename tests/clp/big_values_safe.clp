% Values beyond 2^63: x counts up from 2^63 - 1 and never drops below it
% (the invariant x >= 2^63 - 1 holds for values past 2^63 too).
% expect: safe
goal E.
L(x) :- x = 9223372036854775807.
L(x + 1) :- L(x), x <= 9223372036854775807 + 5.
E :- L(x), x < 9223372036854775807.
