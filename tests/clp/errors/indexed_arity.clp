% error: 4:9: arity mismatch: relation 'r' expects 1 arguments, got 2
goal g.
g :- r(1).
indexed r(a, b) x: x >= 0.
r(x) :- x = 1.
