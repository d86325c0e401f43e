; expect: safe
; no query at all: the goal has no clause
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(check-sat)
