% Uninterpreted predicate as an input oracle (like isInt in the Rational
% example): whatever values isInt admits, y = x + 1 is never equal to x,
% and the loop counter stays >= its start.
% expect: safe
pred isInt(int).
goal E.
Tread(r) :- isInt(r).
L(i, s) :- Tread(s), i = s.
L(i + 1, s) :- L(i, s), Tread(d), d > 0, i < s + d.
E :- L(i, s), i < s.
E :- Tread(x), Tread(y), y = x + 1, x = y.
