; error: 4:1: unsupported sort (_ BitVec 8) (variable v)
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (forall ((x Int) (v (_ BitVec 8))) (=> (= v #x00) (p x))))
