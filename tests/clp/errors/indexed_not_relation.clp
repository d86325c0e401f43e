% error: 3:9: indexed predicates for 'p', which is not a relation
goal g.
indexed p(a) x: x >= 0.
g :- true.
