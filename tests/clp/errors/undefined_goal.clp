% error: 2:6: undefined goal 'main'
goal main.
g :- true.
