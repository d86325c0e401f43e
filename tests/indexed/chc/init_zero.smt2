; An array zeroed by a loop, then read at any index below n: needs the
; quantified invariant forall x. 0 <= x < i => a[x] = 0 (init_zero.preds).
(set-logic HORN)
(declare-fun inv (Int Int (Array Int Int)) Bool)
(assert (forall ((n Int) (a (Array Int Int))) (=> (>= n 0) (inv 0 n a))))
(assert (forall ((i Int) (n Int) (a (Array Int Int)))
  (=> (and (inv i n a) (< i n)) (inv (+ i 1) n (store a i 0)))))
(assert (forall ((i Int) (n Int) (a (Array Int Int)) (j Int))
  (=> (and (inv i n a) (>= i n) (<= 0 j) (< j n) (not (= (select a j) 0))) false)))
(check-sat)
