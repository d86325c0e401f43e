% node_step_unsafe.clp's system with a property that holds (b counts
% faster than a): bounded model checking refutes heights, CAR proves it.
goal E.
Sat(x, y) :- x >= 100, y = 100.
Sat(x, y) :- x < 100, y = x + 1.
Step(a, b, a2, b2) :- Sat(a, a2), Sat(b, t), b2 = t + 1.
Main(a, b) :- a = 0, b = 0.
Main(a2, b2) :- Main(a, b), Step(a, b, a2, b2).
E :- Main(a, b), a > b.
