% error: 4:10: relation 'p' used inside a term
goal g.
p(x) :- x = 1.
g :- x = p(1) + 1.
