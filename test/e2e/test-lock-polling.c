// Threads that poll omp_test_lock in a loop (the LLVM runtime tests'
// omp_test_lock) leave the core to the holder and the communication
// threads after a failed try: at 3x2 the loop of 1,000 iterations took
// 14-20 s against 0.6 s with omp_set_lock, and the suite's test timed out
// (the failed tries spun on two cores that the holder needed). The time
// is in benchmarks, not here; this checks the lock's exclusion and count.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: test-lock-polling: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

omp_lock_t lck;
omp_nest_lock_t nlck;

int main(void) {
  int inside = 0, overlap = 0, iterations = 0, nested = 0;
  omp_init_lock(&lck);
  omp_init_nest_lock(&nlck);
#pragma omp parallel
  {
#pragma omp for
    for (int i = 0; i < 300; i++) {
      while (!omp_test_lock(&lck)) {
      }
#pragma omp flush
      inside++;
#pragma omp flush
      iterations++;
      inside--;
      overlap += inside;
      omp_unset_lock(&lck);
    }
#pragma omp for
    for (int i = 0; i < 100; i++) {
      while (!omp_test_nest_lock(&nlck)) {
      }
      if (omp_test_nest_lock(&nlck) == 2)
        nested++;
      omp_unset_nest_lock(&nlck);
      omp_unset_nest_lock(&nlck);
    }
  }
  omp_destroy_lock(&lck);
  omp_destroy_nest_lock(&nlck);
  printf("iterations %d overlap %d nested %d\n", iterations, overlap, nested);
  return 0;
}
