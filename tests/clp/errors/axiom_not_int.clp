% error: 4:1: axiom variable 'b' must be int, not Bool
goal g.
g :- true.
axiom b.
