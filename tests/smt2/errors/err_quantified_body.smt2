; error: 5:1: quantifier inside a clause is not supported
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (p 0))
(assert (forall ((x Int)) (=> (and (p x) (forall ((y Int)) (<= y x))) false)))
