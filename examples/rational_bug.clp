% The Rational program of the CAR paper, Fig. 1, column 2: the constructor is
% called as Rat(y, x) -- arguments swapped -- so trunc() can divide by zero.
% expect: unsafe
pred isInt(int).
goal Emain.

TRat(x, y, n, d, h, n', d', h', this) :-
    select(h, this) = 0,
    h' = store(h, this, 1),
    n' = store(n, this, x),
    d' = store(d, this, y).

Etrunc(this, n, d) :- select(d, this) = 0.

TreadInt(r) :- isInt(r).

Eloop(this, i, n, d) :-
    i < 100000,
    ( Etrunc(this, n, d) ; Eloop(this, i + 1, n, d) ).

Emain :-
    TreadInt(x), TreadInt(y), y != 0,
    TRat(y, x, n, d, h, n', d', h', this),
    Eloop(this, 0, n', d').
