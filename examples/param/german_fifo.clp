% German's cache coherence protocol with unbounded FIFO channels
% ("german-cache-fifo"), written from Lahiri and Bryant, TOCL 2007, section
% 12.1.2, and CAV'04 section 5.2: each client talks to the home through
% three unbounded FIFO channels ch1 (requests), ch2 (grants and
% invalidations), ch3 (invalidation acks); a client may send any number of
% requests before the home answers.  Cubicle's .cub cannot express a FIFO
% (arrays are indexed by processes only), so this is a rule set with maps,
% modelled as the paper models it in UCLID:
%
% - process ids are all integers (the paper's function state variables
%   over integers; cid, the process chosen at a step, is any integer);
% - a channel of process i is a 2-dimensional array C(i, j) (select of a
%   map of maps) with a head H(i) (first element) and a tail T(i) (first
%   free position): the channel is empty when H(i) = T(i); send is
%   C(i, T(i)) := m; T(i) := T(i) + 1, receive reads C(i, H(i)) when
%   H(i) < T(i) and sets H(i) := H(i) + 1;
% - the test "no client shares the line" (the paper's empty_hsl) is exact:
%   Shr = const(false), the sharer list as a whole is false;
% - Last is the paper's auxiliary last_granted (the last client granted
%   exclusive access), for the single-index invariant; it does not
%   influence the protocol.
%
% Encoding: cache states Invalid 0, Shared 1, Exclusive 2; CurCmd and the
% requests on ch1: Empty 0, ReqShared 1, ReqExcl 2; on ch2: GntShared 1,
% GntExcl 2, Inv 3; on ch3: InvAck 1.
% Reach(Cache, Shr, Inv, Cmd, Cl, Ex, Last, C1, H1, T1, C2, H2, T2, C3, H3, T3)
%
% Property (cache coherence): for all i <> j, Cache(i) = Exclusive implies
% Cache(j) = Invalid.  The paper's 26 predicates are german_fifo.preds
% (car --engine=indexed --predicates=german_fifo.preds german_fifo.clp).
% expect: safe

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
  Cmd = 2, Shr = const(false).

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
