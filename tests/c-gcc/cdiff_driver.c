/* cdiff_driver.c -- the gcc side of tests/c-gcc/cdiff.py.  Linked with a
 * program of gen_random.py compiled with -Dmain=cdiff_main and UBSan
 * (UBSAN_OPTIONS=exitcode=77).  argv[1..n] are the domains of the program's
 * nondet inputs ("v1,v2,..." each, in call order); every combination is run
 * in a forked child.  Per child, stdout gets one line
 *     R END v1 v2 ...   (returned from main; the values of __cdiff_obs_*)
 *     R ERROR | R PRUNED | R ABORT | R UB | R BAD <why>
 * The exit code of the driver is 0. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAXIN 8
#define MAXV 16
int cdiff_main(void);
static unsigned long long dom[MAXIN][MAXV];
static int ndom[MAXIN], nin, next;
static unsigned long long cur[MAXIN];

static unsigned long long nd(void) {
  if (next >= nin) { fflush(stdout); _exit(96); }
  return cur[next++];
}
int __VERIFIER_nondet_int(void) { return (int)nd(); }
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)nd(); }
char __VERIFIER_nondet_char(void) { return (char)nd(); }
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)nd(); }
short __VERIFIER_nondet_short(void) { return (short)nd(); }
unsigned short __VERIFIER_nondet_ushort(void) { return (unsigned short)nd(); }
_Bool __VERIFIER_nondet_bool(void) { return (_Bool)nd(); }
long __VERIFIER_nondet_long(void) { return (long)nd(); }
unsigned long __VERIFIER_nondet_ulong(void) { return (unsigned long)nd(); }
long long __VERIFIER_nondet_longlong(void) { return (long long)nd(); }
unsigned long long __VERIFIER_nondet_ulonglong(void) { return nd(); }

static char obuf[4096];
static size_t olen;
void __cdiff_obs_s(long long v) { olen += snprintf(obuf + olen, sizeof obuf - olen, " %lld", v); }
void __cdiff_obs_u(unsigned long long v) { olen += snprintf(obuf + olen, sizeof obuf - olen, " %llu", v); }

void __VERIFIER_assume(int c) { if (!c) _exit(98); }
__attribute__((weak)) void reach_error(void) { _exit(99); }
__attribute__((weak)) void __VERIFIER_error(void) { _exit(99); }
void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {
  (void)a; (void)f; (void)l; (void)fn; _exit(99);
}
__attribute__((weak)) void __VERIFIER_assert(int c) { if (!c) _exit(99); }

int main(int argc, char **argv) {
  nin = argc - 1;
  if (nin > MAXIN) return 2;
  for (int i = 0; i < nin; i++) {
    char *p = argv[i + 1];
    while (*p && ndom[i] < MAXV) {
      char *e;
      dom[i][ndom[i]++] = *p == '-' ? (unsigned long long)strtoll(p, &e, 10) : strtoull(p, &e, 10);
      p = *e == ',' ? e + 1 : e;
      if (e == p && *e) return 2;
    }
  }
  int idx[MAXIN] = {0};
  for (;;) {
    for (int i = 0; i < nin; i++) cur[i] = dom[i][idx[i]];
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
      alarm(5);
      cdiff_main();
      printf("R END%s\n", obuf);
      fflush(stdout);
      _exit(0);
    }
    int st;
    waitpid(pid, &st, 0);
    if (WIFEXITED(st)) {
      int c = WEXITSTATUS(st);
      if (c == 0) ;  /* the child printed its line */
      else if (c == 99) printf("R ERROR\n");
      else if (c == 98) printf("R PRUNED\n");
      else if (c == 77) printf("R UB\n");
      else if (c == 96) printf("R BAD more nondet calls than inputs\n");
      else printf("R BAD exit %d\n", c);
    } else if (WIFSIGNALED(st)) {
      if (WTERMSIG(st) == SIGABRT) printf("R ABORT\n");
      else printf("R BAD signal %d\n", WTERMSIG(st));
    }
    int i = 0;
    while (i < nin && ++idx[i] == ndom[i]) idx[i++] = 0;
    if (i == nin) break;
  }
  fflush(stdout);
  return 0;
}
