; expect: unsafe
; facts without implication, one without any quantifier, head terms
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(assert (p 3 4))
(assert (forall ((x Int)) (p x (* 2 x))))
(assert (forall ((a Int) (b Int)) (=> (and (p a b) (= (+ a b) 7) (= a 3)) false)))
(check-sat)
