% Deep counterexample, error-relation shape (as the frontend desugars
% `for (i = 0; i < 100; i++) if (i == 60) error;`): Eloop(i) holds if the
% error is reachable from iteration i; main calls Eloop(0), so the
% derivation nests 61 Eloop instances.
% expect: unsafe
goal Emain.
Eloop(i) :- i < 100, (i = 60 ; Eloop(i + 1)).
Emain :- Eloop(0).
