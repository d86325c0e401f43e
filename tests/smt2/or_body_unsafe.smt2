; expect: unsafe
; or/ite in a body around relation atoms: q(3) via p(2) - 1 step
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (or (= x 1) (= x 2)) (p x))))
(assert (forall ((x Int) (c Bool)) (=> (ite c (p x) (q x)) (q (+ x 1)))))
(assert (forall ((x Int)) (=> (and (q x) (= x 4)) false)))
(check-sat)
