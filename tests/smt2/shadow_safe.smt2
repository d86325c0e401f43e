; expect: safe
; nested foralls binding the same name twice: the inner x is the one used
; in the clause; confusing the two would make the query reachable
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(assert (forall ((x Int)) (forall ((y Int) (x Int)) (=> (and (= y 5) (= x 3)) (p y x)))))
(assert (forall ((a Int) (b Int)) (=> (and (p a b) (not (= b 3))) false)))
(check-sat)
