% error: 3:10: unknown function 'h'
goal g.
g :- x = h(1).
