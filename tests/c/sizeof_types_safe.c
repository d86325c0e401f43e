// expect: safe
// sizeof of every integer type, of arrays of them, of variables and of
// literals (ILP32; long is in datamodel_*.c).
extern void reach_error(void);
void check(int c) { if (!c) reach_error(); }
unsigned long long g[5];

int main(void) {
  check(sizeof(_Bool) == 1 && sizeof(char) == 1 && sizeof(signed char) == 1);
  check(sizeof(unsigned char) == 1 && sizeof(short) == 2);
  check(sizeof(unsigned short) == 2 && sizeof(int) == 4);
  check(sizeof(unsigned) == 4 && sizeof(long long) == 8);
  check(sizeof(unsigned long long) == 8 && sizeof(long long int) == 8);
  check(sizeof(short[3]) == 6 && sizeof(long long[2][3]) == 48);
  long long a[3];
  short s;
  check(sizeof a == 24 && sizeof a[0] == 8 && sizeof s == 2 && sizeof g == 40);
  check(sizeof 'a' == 4 && sizeof 1ULL == 8 && sizeof(sizeof(int)) == sizeof(unsigned long));
  return 0;
}
