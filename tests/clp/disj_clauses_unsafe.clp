% Sign(x, s) as three clauses: x = 1 and y = 2 have the same sign although
% they differ.
% expect: unsafe
goal E.
Sign(x, s) :- x > 0, s = 1.
Sign(x, s) :- x < 0, s = -1.
Sign(x, s) :- x = 0, s = 0.
E :- Sign(x, s), Sign(y, t), x < y, s = t, x > 0.
