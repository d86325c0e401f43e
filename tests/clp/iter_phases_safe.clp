% Needs several refinements (phases): phase p = 0 counts i up to 10,
% phase 1 counts it back down to 0, phase 2 is the end.  The goal: phase 2
% with i != 0.  Invariant: (p = 1 -> i >= 0) /\ (p = 2 -> i = 0).  The
% shortest abstract traces are refuted one at a time: init straight to
% the goal (p = 0, not 2), then via 0 -> 2 shortcuts (the 1 -> 2 rule
% needs p = 1), then via the 0 -> 1 switch (needs i >= 10, i = 0 at
% init), and so on; min-iterations 3 is conservative.
% min-iterations: 3
% expect: safe
goal E.
L(i, p) :- i = 0, p = 0.
L(i + 1, p) :- L(i, p), p = 0, i < 10.
L(i, 1) :- L(i, p), p = 0, i >= 10.
L(i - 1, p) :- L(i, p), p = 1, i > 0.
L(i, 2) :- L(i, p), p = 1, i <= 0.
E :- L(i, p), p = 2, i != 0.
