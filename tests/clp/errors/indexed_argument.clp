% error: 4:14: argument 2 of an indexed declaration must be a variable name not used before in it
goal g.
g :- r(1, 2).
indexed r(a, a) x: x >= 0.
r(x, y) :- x = y.
