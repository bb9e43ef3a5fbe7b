// atomic compare (OpenMP 5.1): a min and a max over every thread of every
// node, an equality swap that exactly one thread wins, and the same with
// the fail memory order and weak, which were refused ("clause 'fail' on
// 'atomic' is not supported"): they only allow less than parade's atomics
// give (OpenMP_VV's test_atomic_fail_acquire; found by a helper). Also a
// capture of the old value by the winner.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: atomic-compare: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int lo = 1 << 30, hi = -1, owner = -1, owner2 = -1, owner3 = -1;

int main(void) {
  int winners = 0, captured_ok = 1;
#pragma omp parallel reduction(+ : winners) reduction(&& : captured_ok)
  {
    int me = omp_get_thread_num();
#pragma omp for
    for (int i = 0; i < 500; i++) {
      int v = (i * 7919 + 13) % 1000;
#pragma omp atomic compare
      lo = v < lo ? v : lo;
#pragma omp atomic compare
      if (hi < v) {
        hi = v;
      }
    }
#pragma omp atomic compare
    if (owner == -1) {
      owner = me;
    }
#pragma omp atomic compare fail(relaxed)
    if (owner2 == -1) {
      owner2 = me;
    }
    int old;
#pragma omp atomic compare capture weak
    {
      old = owner3;
      if (owner3 == -1) {
        owner3 = me;
      }
    }
    winners += old == -1;
#pragma omp barrier
    // Every other thread captured the winner's id.
    captured_ok = captured_ok && (old == -1 || old == owner3);
  }
  printf("lo %d hi %d\n", lo, hi);
  printf("one owner: %d %d winners %d captured %d\n", owner >= 0, owner2 >= 0, winners,
         captured_ok);
  return 0;
}
