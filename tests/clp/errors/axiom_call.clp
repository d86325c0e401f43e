% error: 4:7: relation call 'r' in an axiom
goal g.
g :- r(1).
axiom r(u).
r(x) :- x = 1.
