% BUGGY variant of german_fifo.clp (German's protocol with unbounded FIFO
% channels, TOCL 2007 section 12.1.2; predicates german_fifo_bug.preds =
% german_fifo.preds).
%
% The bug: send_gnt_excl below grants exclusive access without checking
% that no client shares the line (the guard Shr = const(false) is missing,
% marked "BUG").  Counterexample (2 clients): client 1 gets shared access;
% client 2 asks for exclusive access and the home grants it at once.
%
% Encoding as in german_fifo.clp: cache states Invalid 0, Shared 1,
% Exclusive 2; CurCmd and the requests on ch1: Empty 0, ReqShared 1,
% ReqExcl 2; on ch2: GntShared 1, GntExcl 2, Inv 3; on ch3: InvAck 1.
% Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3)
%
% Property (cache coherence): for all i <> j, Cache(i) = Exclusive implies
% Cache(j) = Invalid.
% expect: unsafe

rel Reach(map, array(int, bool), array(int, bool), int, int, bool, int,
          array(int, map), map, map, array(int, map), map, map,
          array(int, map), map, map).

% initially every cache invalid, the lists empty, the channels empty
% (head = tail = 0; their contents are arbitrary), the home idle
Reach(const(0), const(false), const(false), 0, Cl, false, Last,
      C1, const(0), const(0), C2, const(0), const(0), C3, const(0), const(0)).

% send_req_shared(i): an invalid client asks for shared access
Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last,
      store(C1, i, store(select(C1, i), select(T1, i), 1)), H1,
      store(T1, i, select(T1, i) + 1), C2, H2, T2, C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(Cache, i) = 0.

% send_req_excl(i): an invalid or shared client asks for exclusive access
Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last,
      store(C1, i, store(select(C1, i), select(T1, i), 2)), H1,
      store(T1, i, select(T1, i) + 1), C2, H2, T2, C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(Cache, i) != 2.

% recv_req(i): the idle home takes the request at the head of ch1(i)
% (shared or exclusive); the clients to invalidate are the sharers
Reach(Cache, Shr, Shr, select(select(C1, i), select(H1, i)), i, Ex, Last,
      C1, store(H1, i, select(H1, i) + 1), T1, C2, H2, T2, C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  Cmd = 0, select(H1, i) < select(T1, i),
  (select(select(C1, i), select(H1, i)) = 1 ; select(select(C1, i), select(H1, i)) = 2).

% send_inv(i): the home invalidates a sharer of the line, for an exclusive
% request, or for a shared one while the line is held exclusively
Reach(Cache, Shr, store(Inv, i, false), Cmd, Cl, Ex, Last, C1, H1, T1,
      store(C2, i, store(select(C2, i), select(T2, i), 3)), H2,
      store(T2, i, select(T2, i) + 1), C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(Inv, i), (Cmd = 2 ; Cmd = 1, Ex).

% send_invack(i): the client takes an invalidation from ch2(i), drops its
% copy and acknowledges on ch3(i)
Reach(store(Cache, i, 0), Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1,
      C2, store(H2, i, select(H2, i) + 1), T2,
      store(C3, i, store(select(C3, i), select(T3, i), 1)), H3,
      store(T3, i, select(T3, i) + 1)) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(H2, i) < select(T2, i), select(select(C2, i), select(H2, i)) = 3.

% recv_invack(i): the home takes an acknowledgment from ch3(i): i is no
% longer a sharer, nobody holds the line exclusively
Reach(Cache, store(Shr, i, false), Inv, Cmd, Cl, false, Last, C1, H1, T1,
      C2, H2, T2, C3, store(H3, i, select(H3, i) + 1), T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(H3, i) < select(T3, i), select(select(C3, i), select(H3, i)) = 1,
  Cmd != 0.

% send_gnt_shared: the home grants shared access to the current client
Reach(Cache, store(Shr, Cl, true), Inv, 0, Cl, Ex, Last, C1, H1, T1,
      store(C2, Cl, store(select(C2, Cl), select(T2, Cl), 1)), H2,
      store(T2, Cl, select(T2, Cl) + 1), C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  Cmd = 1, !Ex.

% send_gnt_excl: the home grants exclusive access when no client shares
% the line
Reach(Cache, store(Shr, Cl, true), Inv, 0, Cl, true, Cl, C1, H1, T1,
      store(C2, Cl, store(select(C2, Cl), select(T2, Cl), 2)), H2,
      store(T2, Cl, select(T2, Cl) + 1), C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  Cmd = 2.   % BUG: Shr = const(false) missing

% recv_gnt(i): the client takes a grant from ch2(i): shared or exclusive
Reach(store(Cache, i, select(select(C2, i), select(H2, i))), Shr, Inv, Cmd,
      Cl, Ex, Last, C1, H1, T1, C2, store(H2, i, select(H2, i) + 1), T2,
      C3, H3, T3) :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  select(H2, i) < select(T2, i),
  (select(select(C2, i), select(H2, i)) = 1 ; select(select(C2, i), select(H2, i)) = 2).

% two distinct clients, one exclusive, the other not invalid
Err :-
  Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3),
  p != q, select(Cache, p) = 2, select(Cache, q) != 0.
goal Err.
