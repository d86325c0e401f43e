; expect: safe
; heads written as a constraint, as (not R), as (or (not R) C) and as
; (=> B H) nested in the head
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x))))
(assert (forall ((x Int)) (=> (inv x) (=> (< x 5) (inv (+ x 2))))))
(assert (forall ((x Int)) (=> (inv x) (<= x 6))))
(assert (forall ((x Int)) (not (and (inv x) (= x 3)))))
(assert (forall ((x Int)) (or (not (inv x)) (>= x 0))))
(assert (forall ((x Int)) (or (not (inv x)) (= (mod x 2) 0) false)))
(check-sat)
