% The goal only calls the error relation E (as the .smt2 frontend builds a
% query relation over several queries).  E's rule needs the array fact
% a = store(const(0), 5, 9) from T: every index other than 5 holds 0 and
% index 5 holds 9, so both disjuncts of E are infeasible.  A nullary
% relation has no formals; its trace summary must still be "false" when its
% subtree is inconsistent (regression: car used to time out here).
% expect: safe
goal query_goal.
T(a) :- a = store(const(0), 5, 9).
E :- T(a), k != 5, select(a, k) != 0.
E :- T(a), select(a, 5) != 9.
query_goal :- E.
