; expect: safe
; variable order: de Bruijn index 0 is the LAST bound variable; a swap of
; a and b would make the query reachable
(set-logic HORN)
(declare-fun p (Int Int) Bool)
(assert (forall ((a Int) (b Int) (c Int)) (=> (and (= a 1) (= b 2) (= c 3)) (p a c))))
(assert (forall ((x Int) (y Int)) (=> (and (p x y) (not (and (= x 1) (= y 3)))) false)))
(check-sat)
