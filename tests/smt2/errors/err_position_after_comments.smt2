; error: 9:3: non-Horn clause: two relation atoms in the head
(set-logic HORN)
; (assert (p 0)) in a comment is not an assertion
(declare-fun |odd ) name| (Int) Bool)
(declare-fun q (Int) Bool)
(set-info :source "a string with (assert"" inside")
(assert (|odd ) name| 0)) (assert
  (q 1))
  (assert (forall ((x Int)) (=> (= x 0) (or (|odd ) name| x) (q x)))))
