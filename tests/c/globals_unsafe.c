// expect: unsafe
// two calls of inc(): g == 2, the error is reached.
extern void reach_error(void);
int g;
void inc(void) { g++; }
int main(void) {
  inc();
  inc();
  if (g == 2) reach_error();
  return 0;
}
