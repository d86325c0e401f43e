; expect: unsafe
; A loop as a VMT-style transition system: the control location is kept in
; two Boolean arguments (00 entry, 01 loop head, 10 body, 11 exit), each
; transition a case on them.  car splits st into one relation per location
; (clp/split.h).  The body adds 3 to j once i is 2: j = 2 * i fails at the exit.
(set-logic HORN)
(declare-fun st (Bool Bool Int Int Int) Bool)
(assert (forall ((i Int) (j Int) (n Int)) (st false false i j n)))
(assert (forall ((p Bool) (q Bool) (i Int) (j Int) (n Int)
                 (p2 Bool) (q2 Bool) (i2 Int) (j2 Int) (n2 Int))
  (=> (and (st p q i j n)
           (=> (and (not p) (not q))
               (and (not p2) q2 (= i2 0) (= j2 0) (= n2 n)))
           (=> (and (not p) q (< i n))
               (and p2 (not q2) (= i2 i) (= j2 j) (= n2 n)))
           (=> (and (not p) q (>= i n))
               (and p2 q2 (= i2 i) (= j2 j) (= n2 n)))
           (=> (and p (not q))
               (and (not p2) q2 (= i2 (+ i 1)) (= j2 (+ j (ite (= i 2) 3 2))) (= n2 n)))
           (=> (and p q) (and p2 q2 (= i2 i) (= j2 j) (= n2 n))))
      (st p2 q2 i2 j2 n2))))
(assert (forall ((i Int) (j Int) (n Int))
  (=> (and (st true true i j n) (not (= j (* 2 i)))) false)))
(check-sat)
