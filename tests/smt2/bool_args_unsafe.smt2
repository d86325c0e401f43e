; expect: unsafe
; a Bool argument toggles; b holds after one step
(set-logic HORN)
(declare-fun s (Bool Int) Bool)
(assert (s false 0))
(assert (forall ((b Bool) (x Int)) (=> (s b x) (s (not b) (+ x 1)))))
(assert (forall ((b Bool) (x Int)) (=> (and (s b x) (= b (= x 1))) false)))
(check-sat)
