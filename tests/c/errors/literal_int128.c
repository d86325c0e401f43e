// error: 4:11: unsupported: integer constant '9223372036854775808' does not fit long long
// decimal and without u: no standard type holds it (gcc: __int128)
int main(void) {
  if (1 < 9223372036854775808) return 1;
  return 0;
}
