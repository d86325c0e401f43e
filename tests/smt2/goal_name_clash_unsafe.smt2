; expect: unsafe
; a relation already named like the goal relation
(set-logic HORN)
(declare-fun query_goal (Int) Bool)
(assert (query_goal 1))
(assert (forall ((x Int)) (=> (query_goal x) false)))
(check-sat)
