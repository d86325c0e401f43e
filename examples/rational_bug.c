// expect: unsafe
// The Rational program of the CAR paper (Fig. 1, column 1) in the C subset.
// A Rat object is an index into the global field arrays num[] (n), den[] (d)
// and isInt[]; new_Rat() hands out the next free index; the constructor
// Rat() takes `this' and stores the fields.  The bug: main calls the
// constructor as Rat(y, x) -- arguments swapped -- so x == 0 makes trunc()
// divide by zero (the assertion den[this] != 0 fails).  The counterexample
// (car --cex) names the line of that call.  examples/rational_fixed.c is the
// same program with the call fixed.  Same verdict as rational_bug.clp.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
extern void abort(void);

int num[100000];
int den[100000];
int isInt[100000];
int nobjs = 0;

int readInt(void) { return __VERIFIER_nondet_int(); }

int new_Rat(void) { return nobjs++; }

void Rat(int this, int x, int y) {
  num[this] = x;
  den[this] = y;
  isInt[this] = y == 1;
}

int trunc(int this) {
  if (den[this] == 0) { reach_error(); abort(); }  /* assert d != 0 */
  return num[this] / den[this];
}

int main(void) {
  int x = readInt();
  int y = readInt();
  if (y == 0) {
    return 0;
  }
  int r = new_Rat();
  Rat(r, y, x);
  int i = 0;
  while (i < 100000) {
    trunc(r);
    i++;
  }
  return 0;
}
