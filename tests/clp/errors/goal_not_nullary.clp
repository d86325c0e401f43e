% error: 2:6: goal 'p' is not nullary (it has 1 arguments)
goal p.
p(x) :- x = 1.
