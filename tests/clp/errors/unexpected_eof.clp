% error: 4:1: unexpected end of file
goal g.
g :- x =
