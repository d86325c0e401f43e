% array(int, bool): like map_bool_visited_safe but the loop starts at
% i = -3, so it marks k = -1 (after three steps) true.
% expect: unsafe
rel L(array(int, bool), int, int).
goal E.
L(v, i, k) :- i = -3, k < 0, !select(v, k).
L(store(v, i, b), i + 1, k) :- L(v, i, k), b.
E :- L(v, i, k), select(v, k).
