; error: 4:1: exists is not supported (except as (not (exists ...)))
(set-logic HORN)
(declare-fun p (Int) Bool)
(assert (exists ((x Int)) (p x)))
