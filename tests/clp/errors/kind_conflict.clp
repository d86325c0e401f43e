% error: 3:6: 'p' already defined as a relation at 2:1
p(x) :- x = 1.
pred p(int).
goal g.
g.
