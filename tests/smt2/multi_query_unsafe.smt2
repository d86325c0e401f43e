; expect: unsafe
; several queries merge into one goal; only the second is reachable
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (and (>= x 0) (<= x 3)) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 0)) false)))
(assert (forall ((x Int)) (=> (and (inv x) (= x 3)) false)))
(assert (forall ((x Int)) (=> (and (inv x) (> x 3)) false)))
(check-sat)
