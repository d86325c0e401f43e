% Sanity, facts only: P = {1, 2, 3} (facts with constant arguments); no
% member is > 3, and no two members sum to 7 (max 3 + 3 = 6).
% expect: safe
goal E.
P(1).
P(2).
P(3).
E :- P(x), x > 3.
E :- P(x), P(y), x + y = 7.
