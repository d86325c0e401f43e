; engine-diff seed 940497 (tests/engine-diff/gen.py): an array index that
; reads an array, select(x1, select(x1, -21)); discovery took the array x1
; for an index variable and crashed (sort mismatch). Expected: unsafe.
(set-logic HORN)
(declare-fun P0 (Int (Array Int Int) Bool) Bool)
(declare-fun P1 (Int) Bool)
(assert (forall ((y0 Int) (y1 (Array Int Int)) (y2 Bool)) (=> (and (= y0 0) (= y1 ((as const (Array Int Int)) 0)) y2) (P0 y0 y1 y2))))
(assert (forall ((y0 Int)) (=> (= y0 3) (P1 y0))))
(assert (forall ((x0 Int)) (=> (and (P1 x0) (not (= (mod x0 (- 3)) (+ x0 x0)))) (P1 x0))))
(assert (forall ((x0 Int) (x1 (Array Int Int)) (x2 Bool) (x3 Int)) (=> (and (P0 x0 x1 x2) (P1 x3) (<= (ite x2 x3 x3) x3)) (P1 (select (store x1 x0 x3) (select x1 (- 21)))))))
(assert (forall ((x0 Int)) (=> (and (P1 x0) (= (- x0) (ite (< 4 (- x0)) x0 x0))) (P0 (mod x0 3) ((as const (Array Int Int)) 3) (not (>= (* 3 x0) (+ (- 3) (- 9223372036854775807))))))))
(assert (forall ((x0 Int)) (=> (and (P1 x0) (ite (<= x0 x0) (distinct (ite (= (ite (>= (- x0 x0) (- 4)) x0 x0) (+ x0 4)) 0 x0) (- 5 x0)) (< x0 (div 5 4)))) false)))
(assert (forall ((x0 Int) (x1 (Array Int Int)) (x2 Bool)) (=> (and (P0 x0 x1 x2) (distinct (ite (or (distinct x0 x0) (> (ite x2 x0 x0) x0)) (* 5 x0) (- x0 x0)) (- x0 (select x1 x0)))) false)))
(check-sat)
