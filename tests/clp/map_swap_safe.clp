% Maps: swap of a[i] and a[j] as a transfer relation T(a, i, j, a').
% After the swap, a'[j] = a[i] and a'[i] = a[j] (also when i = j), and two
% swaps restore a[i].
% expect: safe
goal E.
Tswap(a, i, j, b) :- x = select(a, i), y = select(a, j),
    b = store(store(a, i, y), j, x).
E :- Tswap(a, i, j, b), select(b, j) != select(a, i).
E :- Tswap(a, i, j, b), select(b, i) != select(a, j).
E :- Tswap(a, i, j, b), Tswap(b, i, j, c), select(c, i) != select(a, i).
