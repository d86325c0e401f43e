% error: 4:14: an index variable must be a fresh variable name
goal g.
g :- r(1).
indexed r(a) a: a >= 0.
r(x) :- x = 1.
