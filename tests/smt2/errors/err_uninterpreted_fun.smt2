; error: 5:1: uninterpreted function f is not supported
(set-logic HORN)
(declare-fun f (Int) Int)
(declare-fun p (Int) Bool)
(assert (forall ((x Int)) (=> (= x (f 0)) (p x))))
