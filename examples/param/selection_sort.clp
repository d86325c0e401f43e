% Selection sort of an array of any size, after Lahiri and Bryant, TOCL
% 2007, section 12 (4): "we prove the property that upon termination, the
% algorithm produces an ordered array".  The paper gives no model; this one
% is the textbook algorithm over a map A of any length N >= 0:
%
%     for (I = 0; I < N; I++) {
%       M = I;
%       for (J = I + 1; J < N; J++)
%         if (A[J] < A[M]) M = J;
%       swap(A[I], A[M]);
%     }
%     assert(forall p < q < N. A[p] <= A[q]);
%
% Reach(A, N, I, J, M, L): the state at the head of the outer loop (L = 0)
% or of the inner loop (L = 1).  The property needs a universally
% quantified invariant over two indices (the prefix A[0..I) is sorted and
% below every later element; in the inner loop A[M] is the minimum of
% A[I..J)): selection_sort.preds gives its 14 indexed predicates
% (car --engine=indexed --predicates=selection_sort.preds selection_sort.clp).
% expect: safe

rel Reach(map, int, int, int, int, int).

% I = 0 at the head of the outer loop (J and M are not yet set)
Reach(A, N, I, J, M, L) :- N >= 0, I = 0, L = 0.

% enter the outer loop: M = I, J = I + 1
Reach(A, N, I, I + 1, I, 1) :- Reach(A, N, I, J, M, 0), I < N.

% the inner loop: a smaller element becomes the minimum, or not
Reach(A, N, I, J + 1, J, 1) :-
  Reach(A, N, I, J, M, 1), J < N, select(A, J) < select(A, M).
Reach(A, N, I, J + 1, M, 1) :-
  Reach(A, N, I, J, M, 1), J < N, select(A, J) >= select(A, M).

% leave the inner loop: swap A[I] and A[M], I = I + 1
Reach(store(store(A, I, select(A, M)), M, select(A, I)), N, I + 1, J, M, 0) :-
  Reach(A, N, I, J, M, 1), J >= N.

% on termination two elements out of order
Err :-
  Reach(A, N, I, J, M, 0), I >= N,
  0 <= p, p < q, q < N, select(A, p) > select(A, q).
goal Err.
