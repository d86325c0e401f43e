% error: 3:1: unterminated comment
goal g.
/* g :- true.
g.
