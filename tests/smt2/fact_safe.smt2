; expect: safe
; the fact p(x, 2x) never gives an odd second argument
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(assert (forall ((x Int)) (p x (* 2 x))))
(assert (forall ((a Int) (b Int)) (=> (and (p a b) (= (mod b 2) 1)) false)))
(check-sat)
