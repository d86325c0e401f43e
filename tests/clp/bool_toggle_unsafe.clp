% Bool variables: the flag toggles every step (c = !b written as a
% disjunction); at x = 4 it is false again, which the goal asks for.
% expect: unsafe
goal E.
L(b, x) :- !b, x = 0.
L(c, x + 1) :- L(b, x), (c, !b ; !c, b).
E :- L(b, x), !b, x = 4.
