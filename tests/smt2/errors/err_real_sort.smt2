; error: 4:1: unsupported sort Real (variable x)
(set-logic HORN)
(declare-fun p (Real) Bool)
(assert (forall ((x Real)) (=> (= x 0.0) (p x))))
