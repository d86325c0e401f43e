% An out-of-order execution unit with an unbounded reorder buffer, after
% Lahiri and Bryant, TOCL 2007, section 12 (1) ("a microprocessor
% out-of-order execution unit with an unbounded retirement buffer ... 24
% simple predicates"), and the UCLID model it cites (Lahiri, Seshia and
% Bryant, "Modeling and verification of out-of-order microprocessors in
% UCLID", FMCAD 2002).  Neither paper prints its model; this one keeps the
% mechanism those papers verify and leaves the rest out (docs/param.md):
%
% - instructions d := s1 + s2 over registers (integers) are dispatched in
%   program order at the tail T of the reorder buffer (ROB, positions
%   0, 1, ..., unbounded); each operand is read from the register file RF
%   when no instruction in flight writes its register, else from the
%   result of the last such instruction (the rename table RT, RTV) when
%   it is computed, else it waits for it (the tag T1, T2);
% - a waiting operand takes its producer's result when it is computed
%   (wakeup, one entry at a time); an entry whose operands are ready
%   computes its result (execute), in any order;
% - the head H retires in program order: its result goes to RF, and the
%   rename entry of its register is dropped when it names this entry.
%
% The specification is the sequential machine run beside it (shadow
% state, as in the UCLID models): SRF is the register file of the
% instructions dispatched so far, SA, SB and SV the operand values and the
% result that each entry has in the sequential run.
% Property: every retired result is the sequential one (an entry at the
% head with a result that is not SV[H] is an error).  ALU: addition, one
% operation; no branches, exceptions, loads or stores.
%
% Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV,
%       H, T): per ROB entry its destination Dst, result valid V and value
%       Val, operands ready SnV, value Sn, tag Tn.
% Its 19 indexed predicates are ooo.preds (index variables x: a ROB
% position, y: a register):
%   car --engine=indexed --predicates=ooo.preds ooo.clp
% expect: safe

rel Reach(map, map, array(int, bool), map,
          map, array(int, bool), map,
          array(int, bool), map, map, array(int, bool), map, map,
          map, map, map, int, int).

% initially the buffer is empty, no register renamed, and the register
% files (any values) agree; the buffer's arrays are zero
Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T) :-
  RTV = const(false), RT = const(0), SRF = RF, H = 0, T = 0,
  V = const(false), Val = const(0), S1V = const(false), S1 = const(0),
  T1 = const(0), S2V = const(false), S2 = const(0), T2 = const(0),
  SA = const(0), SB = const(0), SV = const(0), Dst = const(0).

% dispatch d := s1 + s2 at the tail T
Reach(RF, store(RT, d, T), store(RTV, d, true),
      store(SRF, d, select(SRF, s1) + select(SRF, s2)),
      store(Dst, T, d), store(V, T, false), Val,
      store(S1V, T, R1), store(S1, T, X1), store(T1, T, select(RT, s1)),
      store(S2V, T, R2), store(S2, T, X2), store(T2, T, select(RT, s2)),
      store(SA, T, select(SRF, s1)), store(SB, T, select(SRF, s2)),
      store(SV, T, select(SRF, s1) + select(SRF, s2)), H, T + 1) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  (!select(RTV, s1), R1, X1 = select(RF, s1) ;
   select(RTV, s1), select(V, select(RT, s1)), R1, X1 = select(Val, select(RT, s1)) ;
   select(RTV, s1), !select(V, select(RT, s1)), !R1),
  (!select(RTV, s2), R2, X2 = select(RF, s2) ;
   select(RTV, s2), select(V, select(RT, s2)), R2, X2 = select(Val, select(RT, s2)) ;
   select(RTV, s2), !select(V, select(RT, s2)), !R2).

% wakeup: the producer of a waiting operand of entry i has its result
Reach(RF, RT, RTV, SRF, Dst, V, Val, store(S1V, i, true), store(S1, i, select(Val, select(T1, i))), T1,
      S2V, S2, T2, SA, SB, SV, H, T) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H <= i, i < T, !select(S1V, i), select(V, select(T1, i)).
Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1,
      store(S2V, i, true), store(S2, i, select(Val, select(T2, i))), T2, SA, SB, SV, H, T) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H <= i, i < T, !select(S2V, i), select(V, select(T2, i)).

% execute: entry i has both operands, in any order
Reach(RF, RT, RTV, SRF, Dst, store(V, i, true), store(Val, i, select(S1, i) + select(S2, i)),
      S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H <= i, i < T, !select(V, i), select(S1V, i), select(S2V, i).

% retire the head in order; the rename entry is dropped when it names it
Reach(store(RF, select(Dst, H), select(Val, H)), RT, store(RTV, select(Dst, H), false), SRF,
      Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H + 1, T) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H < T, select(V, H), select(RT, select(Dst, H)) = H.
Reach(store(RF, select(Dst, H), select(Val, H)), RT, RTV, SRF,
      Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H + 1, T) :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H < T, select(V, H), select(RT, select(Dst, H)) != H.

Err :-
  Reach(RF, RT, RTV, SRF, Dst, V, Val, S1V, S1, T1, S2V, S2, T2, SA, SB, SV, H, T),
  H < T, select(V, H), select(Val, H) != select(SV, H).
goal Err.
