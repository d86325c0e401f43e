% error: 3:10: integer too large: '9223372036854775808'
goal g.
g :- x = 9223372036854775808.
