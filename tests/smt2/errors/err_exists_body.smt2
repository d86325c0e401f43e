; error: 5:1: exists is not supported
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (p 0))
(assert (forall ((x Int)) (=> (and (p x) (exists ((y Int)) (= x (* 2 y)))) false)))
