% Bool variables compared with =: p and q are copied together (q = p) in
% every step, so they can never differ; `not` is the keyword negation.
% expect: safe
goal E.
L(p, q, x) :- p = q, x = 0.
L(r, r, x + 1) :- L(p, q, x).
E :- L(p, q, x), p, not q.
