% OPEN: car answers unknown: no interpolant for traces with uninterpreted
% functions (zb_horn abstracts them away). Not run by CI.
% Uninterpreted function, congruence: x = y implies f(x) = f(y); and a
% loop that keeps y = f(x) as it advances x keeps it (invariant y = f(x)).
% expect: safe
fun f(int): int.
goal E.
E :- x = y, f(x) != f(y).
L(x, y) :- x = 0, y = f(0).
L(x + 1, y') :- L(x, y), y' = f(x + 1).
E :- L(x, y), y != f(x).
