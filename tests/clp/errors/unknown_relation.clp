% error: 3:6: unknown relation or predicate 'foo'
goal g.
g :- foo(x).
