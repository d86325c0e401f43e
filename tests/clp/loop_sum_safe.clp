% Was open (trace interpolants diverge); solved since predicate discovery
% (rfn_houdini.c): x + y <= n and n <= x + y are template candidates.
% Two-variable invariant x + y = n: x counts down from n >= 0 while y
% counts up from 0; when x = 0, y = n.  (Invariant x + y = n.)
% expect: safe
goal E.
L(x, y, n) :- x = n, y = 0, n >= 0.
L(x - 1, y + 1, n) :- L(x, y, n), x > 0.
E :- L(x, y, n), x = 0, y != n.
