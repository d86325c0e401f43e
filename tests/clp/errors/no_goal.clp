% error: 1:1: no goal declaration
p(x) :- x = 1.
