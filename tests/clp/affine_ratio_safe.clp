% Affine equality from constant increments (refine/rfn_affine.c): x grows
% by 3 and y shrinks by 2 per step, so 2x + 3y = 30 holds throughout (x = 0,
% y = 10 on entry).  No template names 2x + 3y; interpolants of unrollings
% name x = 3k one unrolling at a time (with --houdini=0: 22 iterations,
% against 10).
% expect: safe
goal E.
L(x, y) :- x = 0, y = 10.
L(x + 3, y - 2) :- L(x, y), y > -100.
E :- L(x, y), x = 60, y != -30.
