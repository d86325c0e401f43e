% error: 4:1: unexpected 'p', expected '.' at end of rule
goal g.
g :- p(1)
p(x) :- x > 0.
