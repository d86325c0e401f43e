; expect: unsafe
; nullary relations (the CHC-COMP "fail" style), |quoted| names
(set-logic HORN)
(declare-fun |fail| () Bool)
(declare-fun |inv| (Int) Bool)
(assert (forall ((x Int)) (=> (= x 2) (|inv| x))))
(assert (forall ((x Int)) (=> (and (|inv| x) (= (mod x 2) 0)) |fail|)))
(assert (=> |fail| false))
(check-sat)
