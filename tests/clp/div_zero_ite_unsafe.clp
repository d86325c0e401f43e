% The division sits in the branch of an ite that is not taken when z = 0:
% the certificate never evaluates it, so z = 0 is a valid derivation.
% expect: unsafe
goal E.
E :- y = ite(z = 0, 0, x div z), z = 0, y = 0, x = 7.
