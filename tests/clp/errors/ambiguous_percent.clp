% error: 3:12: ambiguous '%' after a term
goal g.
g :- x = y % 2 = 1.
