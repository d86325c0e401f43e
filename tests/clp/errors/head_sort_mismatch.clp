% error: 4:3: sort mismatch: argument 1 of 'p' must be bool, not int
goal g.
rel p(bool).
p(1).
g :- p(true).
