% A chain of 13 L instances: CAR alone refines one unrolling per iteration
% (22 iterations); bounded model checking finds it at iteration 2.
goal E.
L(i) :- i = 0.
L(i + 1) :- L(i), i < 12.
E :- L(i), i >= 12.
