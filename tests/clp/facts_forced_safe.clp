% Facts against many interface atoms (tests/saturate.sh): P holds six
% points on x + y = 10; each error rule asks for a point off that line or
% out of range.  Refinement names the points (x = 1, ..., y = 9), and each
% fact then forces the values of all of P's atoms: --saturate explicates
% them together, lazy explication one per iteration.
% expect: safe
goal E.
P(1, 9).
P(2, 8).
P(3, 7).
P(4, 6).
P(5, 5).
P(6, 4).
E :- P(x, y), x + y != 10.
E :- P(x, y), x > 6.
E :- P(x, y), y < 4.
E :- P(x, y), x < 1.
E :- P(x, y), x = y + 1.
E :- P(x, y), y = x + 1.
E :- P(x, y), x = y + 3.
E :- P(x, y), y = x + 3.
E :- P(x, y), x = y + 5.
E :- P(x, y), y = x + 5.
E :- P(x, y), x = y + 7.
E :- P(x, y), y = x + 7.
