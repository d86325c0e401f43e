% Sanity: a call-free goal body that is satisfiable: x = 3, y = 4 gives
% x + y = 7 and x < y.
% expect: unsafe
goal E.
E :- x + y = 7, x < y, x > 2.
