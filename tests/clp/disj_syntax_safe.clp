/* Alternative syntax: `?-` for the goal, `\/` and `/\` for ; and ,,
   `not`, // and block comments.  The loop keeps 0 <= x <= 3: it steps
   +1 below 3 and resets to 0 at 3.  Invariant: 0 <= x /\ x <= 3. */
% expect: safe
?- Err.
Loop(x) :- x = 0.                              // initial state
Loop(y) :- Loop(x), (x < 3 /\ y = x + 1 \/ x = 3 /\ y = 0).
Err :- Loop(x), (x < 0 \/ not (x <= 3)).
