; expect: unsafe
; preprocessing inlines init and inc (one clause each, not recursive); the
; counterexample is translated back: inv(7) <- inv(5), inc(5, 7) <- ... <-
; init(3), with init and inc as nodes of their own (tests/pre.sh)
(set-logic HORN)
(declare-fun init (Int) Bool)
(declare-fun inv (Int) Bool)
(declare-fun inc (Int Int) Bool)
(assert (forall ((x Int)) (=> (= x 3) (init x))))
(assert (forall ((x Int)) (=> (init x) (inv x))))
(assert (forall ((x Int) (y Int)) (=> (and (inv x) (inc x y)) (inv y))))
(assert (forall ((x Int) (y Int)) (=> (= y (+ x 2)) (inc x y))))
(assert (forall ((x Int)) (=> (and (inv x) (= x 7)) false)))
(check-sat)
