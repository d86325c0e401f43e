; expect: safe
; or/=>/ite in a body, around relation atoms too
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (or (= x 1) (= x 2)) (p x))))
(assert (forall ((x Int)) (=> (= x 5) (q x))))
(assert (forall ((x Int) (c Bool)) (=> (or (p x) (ite c (q x) (p (- x 1)))) (q (+ x 1)))))
(assert (forall ((x Int)) (=> (and (q x) (=> (> x 0) (< x 2))) false)))
(check-sat)
