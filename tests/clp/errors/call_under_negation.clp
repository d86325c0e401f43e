% error: 4:15: relation call 'p' under negation
goal g.
p(x) :- x = 1.
g :- !(x < 0, p(x)).
