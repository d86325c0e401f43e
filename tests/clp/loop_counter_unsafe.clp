% Linear loop with an off-by-one guard: while (i <= 10) i++ reaches
% i = 11 > 10 after 11 steps.
% expect: unsafe
goal E.
L(i) :- i = 0.
L(i + 1) :- L(i), i <= 10.
E :- L(i), i > 10.
