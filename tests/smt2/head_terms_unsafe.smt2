; expect: unsafe
; arbitrary terms as head arguments
(set-logic HORN)
(declare-fun q (Int Int) Bool)
(assert (forall ((x Int)) (=> (= x 1) (q (+ x 1) (- 5 x)))))
(assert (forall ((a Int) (b Int)) (=> (q a b) (q (+ a b) (* 2 b)))))
(assert (forall ((a Int) (b Int)) (=> (and (q a b) (= a 6) (= b 8)) false)))
(check-sat)
