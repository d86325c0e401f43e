% error: 3:19: unexpected '.': unmatched '(' opened at 3:6
goal g.
g :- (x = 1, y = 2.
