% Several clauses with the same head form one disjunction: Sign(x, s) is
% the sign function.  Sign is monotone, so x < y never gives s > t, and
% s is always -1, 0 or 1.
% expect: safe
goal E.
Sign(x, s) :- x > 0, s = 1.
Sign(x, s) :- x < 0, s = -1.
Sign(x, s) :- x = 0, s = 0.
E :- Sign(x, s), Sign(y, t), x < y, s > t.
E :- Sign(x, s), (s < -1 ; s > 1).
E :- Sign(x, s), x > 0, s != 1.
