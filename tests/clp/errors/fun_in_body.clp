% error: 4:6: call to fun 'f' in body position
fun f(int): int.
goal g.
g :- f(1).
