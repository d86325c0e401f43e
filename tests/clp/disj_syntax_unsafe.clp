/* Alternative syntax, unsafe: the reset at 3 goes to -1, below the lower
   bound. */
% expect: unsafe
?- Err.
Loop(x) :- x = 0.
Loop(y) :- Loop(x), (x < 3 /\ y = x + 1 \/ x = 3 /\ y = -1).
Err :- Loop(x), (x < 0 \/ not (x <= 3)).
