% Preprocessing (found by fuzzing): y = x is substituted away and f(x) = f(x)
% folds to true, so the preprocessed counterexample interprets no function;
% translated back, the original body still evaluates f (any interpretation).
% expect: unsafe
fun f(int): int.
goal E.
E :- x = y, f(x) = f(y).
