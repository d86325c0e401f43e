% error: 4:14: relation call 'p' inside an ite condition
goal g.
p(x) :- x = 1.
g :- y = ite(p(1), 1, 0).
