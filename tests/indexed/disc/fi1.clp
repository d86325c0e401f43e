% The running example of Lahiri and Bryant, TOCL 2007 (section 3): the only
% state element is a function F, initially the identity; each step sets
% F(i) := F(i+1) for an arbitrary input i.  Property: F(u) >= 0 for u >= 0.
% No predicates: discovery finds the paper's two from the property.
% expect: safe
fun id: map.                         % the identity function lambda u. u
axiom select(id, u) = u.

Reach(F) :- F = id.
Reach(G) :- Reach(F), G = store(F, i, select(F, i + 1)).
Err :- Reach(F), u >= 0, select(F, u) < 0.
goal Err.

