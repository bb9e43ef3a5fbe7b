// unroll (full, partial, heuristic) leaves its loop as it is, which
// OpenMP allows: standalone, in a region, and as the loop of a loop
// directive (which then shares out the loop itself, with its reduction).
// Compared with gcc -fopenmp (gcc 12 ignores unroll, with the same effect).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
// CHECK: e2e: unroll: all {{[0-9]+}} configurations match gcc -fopenmp
// REMARK-COUNT-4: remark: unroll leaves the loop to the C compiler, as it is
#include <stdio.h>

int main(void) {
  int a[100];
  long s = 0;
#pragma omp parallel for reduction(+ : s)
#pragma omp unroll partial(4)
  for (int i = 0; i < 100; i++) {
    a[i] = i;
#pragma omp unroll full
    for (int k = 0; k < 4; k++)
      s += k;
  }
#pragma omp parallel
  {
#pragma omp for
#pragma omp unroll partial(3)
    for (int i = 0; i < 100; i++)
      a[i] += 1;
  }
#pragma omp unroll
  for (int i = 0; i < 100; i++)
    s += a[i];
  printf("%ld %d\n", s, a[99]);
  return 0;
}
