% Sanity, facts only: P = {1, 2, 3}; the goal asks for a member > 2, and
% P(3) is one.
% expect: unsafe
goal E.
P(1).
P(2).
P(3).
E :- P(x), x > 2.
