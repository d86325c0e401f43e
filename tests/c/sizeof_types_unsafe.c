// expect: unsafe
// long long is 8 bytes: the error is reachable.
extern void reach_error(void);

int main(void) {
  long long a[2];
  if (sizeof(long long) == 8 && sizeof a == 16 && sizeof(unsigned short[3]) == 6)
    reach_error();
  return 0;
}
