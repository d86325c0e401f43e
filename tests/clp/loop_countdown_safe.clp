% Countdown with a witness: x from 100 down to 0, y from 0 up; at exit
% (x = 0) y = 100.  Invariant x + y = 100.
% expect: safe
goal E.
L(x, y) :- x = 100, y = 0.
L(x - 1, y + 1) :- L(x, y), x > 0.
E :- L(x, y), x <= 0, y != 100.
