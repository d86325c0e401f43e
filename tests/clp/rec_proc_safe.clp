% Procedures as transfer (T) and error (E) relations, as the frontend
% builds them from programs:
%   int f(int n) { if (n <= 0) return 0; int r = f(n - 1); assert(r < n);
%                  return r + 1; }
%   main() { f(k); }
% f(n) = max(n, 0), so r = f(n - 1) < n whenever n > 0.
% Summary Tf: r >= 0 /\ (r = 0 \/ r <= n).
% expect: safe
goal Emain.
Tf(n, r) :- n <= 0, r = 0.
Tf(n, r) :- n > 0, Tf(n - 1, s), r = s + 1.
Ef(n) :- n > 0, Tf(n - 1, r), r >= n.
Ef(n) :- n > 0, Ef(n - 1).
Emain :- Ef(k).
