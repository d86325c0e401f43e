% error: 3:20: sort mismatch: the first argument of select must be array(int, ?), not int
goal g.
g :- x = 1, select(x, 0) = 1.
