; error: 4:34: unknown constant y
(set-logic HORN)
(declare-fun inv (Int) Bool)
(assert (forall ((x Int)) (=> (= y 0) (inv x))))
