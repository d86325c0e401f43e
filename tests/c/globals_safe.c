// expect: safe
// globals: zero-initialised when not initialised, shared by functions,
// written by a callee and read by the caller.
extern void reach_error(void);
int g;
int h = 5;
void inc(void) { g++; }
int get(void) { return g + h; }
int main(void) {
  if (g != 0) reach_error();
  inc();
  inc();
  if (g != 2) reach_error();
  h = 10;
  if (get() != 12) reach_error();
  return 0;
}
