; expect: unsafe
; a head constraint that fails: inv(6) holds but 6 <= 5 does not
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (and (inv x) (< x 5)) (inv (+ x 2)))))
(assert (forall ((x Int)) (=> (inv x) (<= x 5))))
(check-sat)
