% array(int, bool) and Bool terms: a loop marks v[i] = true for i = 0, 1,
% 2, ...; a negative index k starts unmarked and stays unmarked.
% Invariant: k < 0 <= i /\ !select(v, k).
% expect: safe
rel L(array(int, bool), int, int).
goal E.
L(v, i, k) :- i = 0, k < 0, !select(v, k).
L(store(v, i, b), i + 1, k) :- L(v, i, k), b.
E :- L(v, i, k), select(v, k).
