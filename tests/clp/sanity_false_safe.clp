% Sanity: the goal's only rule has body false; nothing derives it.
% expect: safe
goal E.
E :- false.
