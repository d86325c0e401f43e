% Sanity, non-recursive chain: A = {5}, B = {x + x | A(x)} = {10};
% C(y, z) with z = y - 3 = 7: the goal asks for C(10, 7), which holds.
% expect: unsafe
goal E.
A(x) :- x = 5.
B(y) :- A(x), y = x + x.
C(y, z) :- B(y), z = y - 3.
E :- C(y, z), y = 10, z = 7.
