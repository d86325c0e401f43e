% Uninterpreted function: f(x) = 1 and f(y) = 2 is satisfiable (x != y),
% and here it is reached through a relation call.
% expect: unsafe
fun f(int): int.
goal E.
R(x, y) :- x < y, f(x) = 1.
E :- R(x, y), f(y) = 2.
