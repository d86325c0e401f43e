% Deep counterexample through nested loops: the outer loop runs 10 times,
% each run of the inner loop adds 5 to c; the error needs c >= 50, i.e.
% all 10 outer iterations with 5 inner steps each (50 inner unrollings,
% 10 outer ones).
% expect: unsafe
goal E.
Inner(j, c, c') :- j >= 5, c' = c.
Inner(j, c, c') :- j < 5, Inner(j + 1, c + 1, c').
Outer(i, c) :- i = 0, c = 0.
Outer(i + 1, c') :- Outer(i, c), i < 10, Inner(0, c, c').
E :- Outer(i, c), c >= 50.
