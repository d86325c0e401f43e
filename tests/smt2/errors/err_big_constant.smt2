; error: 4:1: integer constant 100000000000000000000 out of range
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x 100000000000000000000) (p x))))
