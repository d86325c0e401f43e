; error: 5:1: non-Horn clause: two relation atoms in the head
(set-logic HORN)
(declare-fun p (Int) Bool)
(declare-fun q (Int) Bool)
(assert (forall ((x Int)) (=> (= x 0) (or (p x) (q x)))))
