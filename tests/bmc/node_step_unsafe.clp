% A main loop calling a step relation that is on no call cycle (as a
% Lustre node's step is, in the kind2 and lustre files of CHC-COMP), which
% calls a second one (a saturating increment) twice.  The rule set is not
% linear, but no path calls two recursive relations: bounded model
% checking unfolds Step and Sat in place.  The error needs 20 steps.
goal E.
Sat(x, y) :- x >= 100, y = 100.
Sat(x, y) :- x < 100, y = x + 1.
Step(a, b, a2, b2) :- Sat(a, a2), Sat(b, t), b2 = t + 1.
Main(a, b) :- a = 0, b = 0.
Main(a2, b2) :- Main(a, b), Step(a, b, a2, b2).
E :- Main(a, b), b >= 40.
