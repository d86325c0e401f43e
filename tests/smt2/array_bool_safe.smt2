; expect: safe
; Array Int Bool: a set that only ever gets index 0 added
(set-logic HORN)
(declare-fun m ((Array Int Bool)) Bool)
(assert (m ((as const (Array Int Bool)) false)))
(assert (forall ((a (Array Int Bool))) (=> (m a) (m (store a 0 true)))))
(assert (forall ((a (Array Int Bool))) (=> (and (m a) (select a 1)) false)))
(check-sat)
