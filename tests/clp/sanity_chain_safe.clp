% Sanity, non-recursive chain: A = {5}, B = {10}, C = {(10, 7)}; the goal
% asks for z != 7, impossible.  One spurious abstract trace then safe.
% expect: safe
goal E.
A(x) :- x = 5.
B(y) :- A(x), y = x + x.
C(y, z) :- B(y), z = y - 3.
E :- C(y, z), z != 7.
