% Sanity: the goal is a fact (body true), so it is derivable at once.
% expect: unsafe
goal E.
E.
