% A lock over N processes 0..N-1 (state map s: 0 idle, 1 critical).  A
% process enters only when every process is idle: the universal guard is
% computed by the scan relation Free(N, s, k) (processes 0..k-1 are idle),
% as the .cub translation does for Cubicle's universal guards.  Mutual
% exclusion needs the dual-index invariant forall x, y. x != y -> !(s[x] = 1
% and s[y] = 1), and Free the single-index forall x. x < k -> s[x] = 0.
% No predicates: the indexed engine's discovery finds them.
% expect: safe
Reach(N, s) :- N >= 1, s = const(0).
Free(N, s, 0) :- Reach(N, s).
Free(N, s, k + 1) :- Free(N, s, k), k < N, select(s, k) = 0.
Reach(N, store(s, i, 1)) :- Free(N, s, N), 0 <= i, i < N.
Reach(N, store(s, i, 0)) :- Reach(N, s), 0 <= i, i < N, select(s, i) = 1.
Err :- Reach(N, s), 0 <= i, i < N, 0 <= j, j < N, i != j,
       select(s, i) = 1, select(s, j) = 1.
goal Err.
