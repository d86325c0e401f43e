% error: 3:6: 'P' redeclared with a different signature (first declared at 2:6)
pred P(int).
pred P(bool).
goal g.
g :- P(1).
