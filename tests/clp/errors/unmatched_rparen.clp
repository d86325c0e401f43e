% error: 3:11: unmatched ')'
goal g.
g :- x = 1), y = 2.
