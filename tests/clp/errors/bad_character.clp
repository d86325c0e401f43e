% error: 3:12: unexpected character '@'
goal g.
g :- x = 1 @ 2.
