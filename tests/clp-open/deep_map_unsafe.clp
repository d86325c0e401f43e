% OPEN: car answers unknown within 60 s (a Z3 Horn call overruns its
% timeout; the hard watchdog ends the run). Not run by CI.
% Deep counterexample with maps: a loop writes a[i] = i for i = 0, 1, ...
% while i < 80; the error needs a[55] = 55 after the loop is past 55,
% i.e. at least 56 unrollings.
% expect: unsafe
goal E.
L(a, i) :- i = 0, select(a, 55) = 0.
L(store(a, i, i), i + 1) :- L(a, i), i < 80.
E :- L(a, i), select(a, 55) = 55.
