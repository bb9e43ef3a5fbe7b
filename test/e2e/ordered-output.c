// Standard output keeps the order the program's synchronisation gives it
// (OpenMP Examples ordered.1): each rank's stdout was its own pipe to
// mpirun, which merged them in no order, so rows printed in an ordered
// loop came out shuffled at P > 1. Other ranks' output now goes through
// rank 0, flushed at every release.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: ordered-output: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

static void rows(int first, int n) {
#pragma omp parallel for ordered schedule(static, 1)
  for (int i = first; i < first + n; i++) {
#pragma omp ordered
    printf("row %d\n", i);
  }
}

int main(void) {
  printf("start\n");
  rows(0, 16);
  printf("middle\n");
  // A dynamic schedule, a partial line finished by the next iteration,
  // and fputs to stdout.
#pragma omp parallel for ordered schedule(dynamic, 3)
  for (int i = 0; i < 24; i++) {
#pragma omp ordered
    {
      printf("[%d", i);
      fputs(i % 4 == 3 ? "]\n" : "] ", stdout);
    }
  }
  rows(100, 5);
  printf("end\n");
  return 0;
}
