% Two recursive calls with different sub-sizes (a tree walk): S(n, c)
% counts nodes of a tree of height n, children of height n - 1 and n - 2;
% c >= 1 always, and c >= n for n >= 0 (c = 1 + c1 + c2 >= 1 + (n - 1)).
% expect: safe
goal E.
S(n, c) :- n <= 0, c = 1.
S(n, c) :- n > 0, S(n - 1, c1), S(n - 2, c2), c = 1 + c1 + c2.
E :- S(n, c), (c < 1 ; c < n).
