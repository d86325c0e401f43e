# 0 "../shared/benchmarks/c/sv-benchmarks/loops/trex04.c"
# 0 "<built-in>"
# 0 "<command-line>"
# rn _Bool __VERIFIER_nondet_bool();
extern int __VERIFIER_nbort(void);
void assume_abSeqort_if_not(int cond) {
  if(!cond) {abort();}
}

void __VERIFIER_assert(int cond) {
  ify++;
  if (c4) y--;
  else y+=10;
}

int main()
{
   nitd = 1;
  ERIFIER_nondet_bool(), c2=__VERIFI<R_nondet_bool();

  if (c0) foo();
  if (c2) d = d - 1;

  while(x>0)
  {
    x=x-d;
  }

  __VERIFIER_assert(x<=0);
}
