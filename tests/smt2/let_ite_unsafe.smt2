; expect: unsafe
; let (expanded by Z3), ite terms, distinct, div
(set-logic HORN)
(declare-fun r (Int Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 7) (= y 0)) (r x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (let ((h (div x 2)))
        (and (r x y) (distinct x 0) (= x1 h) (= y1 (ite (> h 1) (+ y 1) (- y 1)))))
      (r x1 y1))))
(assert (forall ((x Int) (y Int)) (=> (and (r x y) (= x 0) (= y (- 1))) false)))
(check-sat)
