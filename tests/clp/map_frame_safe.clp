% Maps, frame property of store/select: a loop writes 7 at indices
% m, m+1, ... only; any k < m keeps its original value a0[k].
% Invariant: k < i /\ select(a, k) = select(a0, k).
% expect: safe
goal E.
L(a, a0, i, m, k) :- a = a0, i = m, k < m.
L(store(a, i, 7), a0, i + 1, m, k) :- L(a, a0, i, m, k).
E :- L(a, a0, i, m, k), select(a, k) != select(a0, k).
