% Needs several refinements (a sequence of loops, each with its own
% assertion): A counts x up to 10; B, entered with x = 10, counts y up to
% x; C, entered with z = y, counts z down to 0.  Assertions: x <= 10 in A,
% y <= x in B, z >= 0 in C.  Each error clause concerns a different
% relation and needs its own predicates (x <= 10; y <= x; z >= 0), so at
% least one spurious trace per clause: >= 3 refinements.
% min-iterations: 3
% expect: safe
goal E.
A(x) :- x = 0.
A(x + 1) :- A(x), x < 10.
B(x, y) :- A(x), x >= 10, y = 0.
B(x, y + 1) :- B(x, y), y < x.
C(y, z) :- B(x, y), y >= x, z = y.
C(y, z - 1) :- C(y, z), z > 0.
E :- A(x), x > 10.
E :- B(x, y), y > x.
E :- C(y, z), z < 0.
