% Preprocessing (found by fuzzing): Inc's body is false (y1 = y1 + 1), so
% L's recursive clause is dead and L, called once, is inlined into E; its
% dead recursive call must not be inlined (it was, without end).  L is
% {x = 0, y = 0}, so x < y never holds.
% expect: safe
goal E.
Init(x, y) :- x = 0, y = 0.
Step(a, b) :- b = a + 1.
Inc(x, y, x1, y1) :- Step(x, x1), Step(y, y2), y1 = y1 + 1.
L(x, y) :- Init(x, y).
L(x1, y1) :- L(x, y), Inc(x, y, x1, y1).
E :- L(x, y), x < y.