; expect: safe
; a Bool argument toggles; x counts toggles, b = (x is odd)
(set-logic HORN)
(declare-fun s (Bool Int) Bool)
(assert (s false 0))
(assert (forall ((b Bool) (x Int)) (=> (s b x) (s (not b) (+ x 1)))))
(assert (forall ((b Bool) (x Int)) (=> (and (s b x) b (= (mod x 2) 0)) false)))
(check-sat)
