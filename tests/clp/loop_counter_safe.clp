% Linear loop as tail recursion: i = 0; while (i < 10) i++; the goal asks
% for i > 10 in the loop's reachable states.  Invariant: i <= 10 (the
% guard i < 10 before each increment).
% expect: safe
goal E.
L(i) :- i = 0.
L(i + 1) :- L(i), i < 10.
E :- L(i), i > 10.
