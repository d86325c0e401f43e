% const(V): the array that is 0 everywhere, updated at one index; every
% other index still reads 0, and the updated one reads the new value.
% expect: safe
goal E.
T(a) :- a = store(const(0), 5, 9).
E :- T(a), k != 5, select(a, k) != 0.
E :- T(a), select(a, 5) != 9.
