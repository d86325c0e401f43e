% error: 4:17: 'z' in a predicate is neither an argument of 'r' nor an index variable
goal g.
g :- r(1).
indexed r(a) x: z >= x.
r(x) :- x = 1.
