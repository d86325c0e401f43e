% Preprocessing (found by fuzzing): Inner has no base case, so it is empty
% and Outer's recursive clause is dead; Outer is inlined into E, and its
% dead recursive call must not be (it used to be, without end: a stack
% overflow).  Outer = {i = 0, c = 0}, so c < i never holds.
% expect: safe
goal E.
Inner(j, m, c, c') :- j < m, Inner(j + 1, m, c + 1, c').
Outer(i, n, m, c) :- i = 0, c = 0, n >= 0.
Outer(i + 1, n, m, c') :- Outer(i, n, m, c), i < n, Inner(1, m, c, c').
E :- Outer(i, n, m, c), c < i.