; expect: safe
; preprocessing: init and step are inlined (one clause, not recursive), mid
; is kept (its local z has no definition: its model would need exists),
; dead is empty (no base case: model false), aux reaches no query (model
; true); the model still defines every relation and validates
(set-logic HORN)
(declare-fun init (Int Int) Bool)
(declare-fun inv (Int Int) Bool)
(declare-fun step (Int Int Int Int) Bool)
(declare-fun mid (Int Int) Bool)
(declare-fun dead (Int) Bool)
(declare-fun aux (Int) Bool)
(assert (forall ((x Int) (y Int)) (=> (and (= x 0) (= y 10)) (init x y))))
(assert (forall ((x Int) (y Int)) (=> (init x y) (inv x y))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (inv x y) (step x y x1 y1)) (inv x1 y1))))
(assert (forall ((x Int) (y Int) (x1 Int) (y1 Int))
  (=> (and (< x y) (= x1 (+ x 1)) (= y1 (- y 1))) (step x y x1 y1))))
(assert (forall ((x Int) (y Int) (z Int))
  (=> (and (inv x y) (< x z) (< z y)) (mid x y))))
(assert (forall ((x Int)) (=> (dead x) (dead (+ x 1)))))
(assert (forall ((x Int)) (=> (inv x x) (aux x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (dead x)) false)))
(assert (forall ((x Int) (y Int)) (=> (and (inv x y) (> x (+ y 1))) false)))
(assert (forall ((x Int) (y Int)) (=> (and (mid x y) (> x 5)) false)))
(check-sat)
