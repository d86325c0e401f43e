; error: 4:1: unsupported sort Real (argument 1 of relation p)
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Int)) (=> (= x 0) (p (to_real x)))))
