; expect: safe
; a Bool argument that every step sets freely is data, not a control
; location: not split (clp/split.h); x never decreases
(set-logic HORN)
(declare-fun s (Bool Int) Bool)
(assert (forall ((b Bool)) (s b 0)))
(assert (forall ((b Bool) (c Bool) (x Int))
  (=> (s b x) (s c (ite b (+ x 1) x)))))
(assert (forall ((b Bool) (x Int)) (=> (and (s b x) (< x 0)) false)))
(check-sat)
