% error: 3:6: sort mismatch: a literal must be bool, not int
goal g.
g :- x + 1.
