% ite in a head argument: y increments while x < 6, so y = 6 > 5 after six
% steps.
% expect: unsafe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, ite(x < 6, y + 1, y)) :- L(x, y), x < 10.
E :- L(x, y), y > 5.
