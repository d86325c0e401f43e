// error: 6:11: unsupported: pointers (the result of 'nondet_str')
// the result of a function declared to return a pointer (it was read as
// a char before)
extern char *nondet_str(void);
int main(void) {
  int x = nondet_str();
  return x == 1000;
}
