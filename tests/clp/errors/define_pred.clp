% error: 4:1: cannot define pred 'P' by a rule
goal g.
pred P(int).
P(x) :- x = 1.
g.
