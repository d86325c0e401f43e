% error: 2:13: array index sort must be int, not Bool
rel r(array(bool, int)).
goal g.
g :- r(a).
