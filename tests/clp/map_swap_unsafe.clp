% Maps: a buggy swap that reads a[i] after overwriting it: b = a[i := a[j]]
% then b[j := b[i]], so a'[j] = a[j]; with a[i] != a[j] the post-condition
% a'[j] = a[i] fails.
% expect: unsafe
goal E.
Tswap(a, i, j, c) :- b = store(a, i, select(a, j)),
    c = store(b, j, select(b, i)).
E :- Tswap(a, i, j, c), select(c, j) != select(a, i).
