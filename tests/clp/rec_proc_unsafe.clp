% Procedures as T/E relations with a too-strong assertion:
%   int f(int n) { if (n <= 0) return 0; int r = f(n - 1);
%                  assert(r < n - 1); return r + 1; }
% n = 1: r = f(0) = 0 and 0 < 0 fails, so Ef(1) and Emain.
% expect: unsafe
goal Emain.
Tf(n, r) :- n <= 0, r = 0.
Tf(n, r) :- n > 0, Tf(n - 1, s), r = s + 1.
Ef(n) :- n > 0, Tf(n - 1, r), r >= n - 1.
Ef(n) :- n > 0, Ef(n - 1).
Emain :- k > 0, Ef(k).
