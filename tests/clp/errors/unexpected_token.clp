% error: 3:10: unexpected '='
goal g.
g :- x = = 1.
