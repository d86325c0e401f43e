// error: 7:3: unsupported: structs (type 'div_t')
// glibc's header text without line markers (gcc -E -P): the declarations
// are skipped, the use of a struct type is rejected where it occurs
typedef struct { int quot; int rem; } div_t;
extern div_t div (int __numer, int __denom);
int main(void) {
  div_t d;
  return 0;
}
