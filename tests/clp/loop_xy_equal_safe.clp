% Two-variable invariant x = y: both start at 0 and are incremented
% together (unbounded loop); they never differ.
% expect: safe
goal E.
L(x, y) :- x = 0, y = 0.
L(x + 1, y + 1) :- L(x, y).
E :- L(x, y), x != y.
