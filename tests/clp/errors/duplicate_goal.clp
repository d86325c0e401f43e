% error: 3:6: duplicate goal declaration (first at 2:6)
goal g.
goal g.
g.
