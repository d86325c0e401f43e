% error: 4:6: arity mismatch: relation 'p' expects 1 argument, got 2
goal g.
p(x) :- x = 1.
g :- p(1, 2).
