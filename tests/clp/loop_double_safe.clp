% Constant multiplication (linear): y advances by 2 while x advances by 1,
% so y = 2 * x always.
% expect: safe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, y + 2) :- L(x, y).
E :- L(x, y), y != 2 * x.
