; expect: safe
; a single query (=> E false) with E nullary: E itself is the goal
(set-logic HORN)
(declare-fun T ((Array Int Int)) Bool)
(declare-fun E () Bool)
(assert (forall ((a (Array Int Int))) (=> (= a (store ((as const (Array Int Int)) 0) 5 9)) (T a))))
(assert (forall ((|a$2| (Array Int Int)) (|k$3| Int)) (=> (and (T |a$2|) (not (= |k$3| 5)) (not (= (select |a$2| |k$3|) 0))) E)))
(assert (forall ((|a$4| (Array Int Int))) (=> (and (T |a$4|) (not (= (select |a$4| 5) 9))) E)))
(assert (=> E false))
(check-sat)
