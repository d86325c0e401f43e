; expect: unsafe
; the query written as (not (exists ...)); a head written as a constraint
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 2)))))
(assert (not (exists ((x Int)) (and (inv x) (= x 6)))))
(check-sat)
