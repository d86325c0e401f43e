; error: 5:1: invalid assert command, ')' expected
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (inv x)))
