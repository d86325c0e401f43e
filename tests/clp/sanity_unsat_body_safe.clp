% Sanity: call-free goal bodies that are unsatisfiable in integer
% arithmetic: x > 0 /\ x < 0; x = y + 1 /\ y = x + 1; 0 < 2x < 2 has no
% integer solution (2x = 1).
% expect: safe
goal E.
E :- x > 0, x < 0.
E :- x = y + 1, y = x + 1.
E :- 0 < x + x, x + x < 2.
