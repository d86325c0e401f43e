; expect: unsafe
; Array Int Int: store/select over a constant array
(set-logic HORN)
(declare-fun m ((Array Int Int) Int) Bool)
(assert (forall ((a (Array Int Int))) (=> (= a ((as const (Array Int Int)) 0)) (m a 0))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (m a i) (< i 3)) (m (store a i (+ i 10)) (+ i 1)))))
(assert (forall ((a (Array Int Int)) (i Int)) (=> (and (m a i) (= (select a 2) 12)) false)))
(check-sat)
