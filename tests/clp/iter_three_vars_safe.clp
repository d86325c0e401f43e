% Needs several refinements: three counters x, y, z start at 0 and grow by
% 1, 2, 3; the goal is a disjunction of three sign violations, each about
% a different variable.  An abstract trace commits to one disjunct, and
% refuting it says nothing about the other variables, so each of x >= 0,
% y >= 0, z >= 0 is discovered by its own spurious trace: at least 3
% refinements (4 iterations); min-iterations 3 leaves a margin.
% min-iterations: 3
% expect: safe
goal E.
L(x, y, z) :- x = 0, y = 0, z = 0.
L(x + 1, y + 2, z + 3) :- L(x, y, z).
E :- L(x, y, z), (x < 0 ; y < 0 ; z < 0).
