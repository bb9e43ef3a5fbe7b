// Loop variables declared outside the loop, with no clause naming them:
// they are private to each thread (predetermined), in a combined parallel
// for, in a for inside a region, for signed and unsigned types, and
// lastprivate when a clause says so. The body once read the shared
// original instead of the thread's copy, and every sum came out 0.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: loop-vars: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  int i, j;
  unsigned u;
  long a = 0, b = 0, c = 0;
  double grid[40][30];
#pragma omp parallel for reduction(+:a)
  for (i = 0; i < 1000; i++)
    a += i;
#pragma omp parallel for reduction(+:b)
  for (u = 0; u < 500u; u++)
    b += u * 2;
#pragma omp parallel
  {
#pragma omp for
    for (i = 0; i < 40; i++)
      for (j = 0; j < 30; j++)
        grid[i][j] = i * 100 + j;
#pragma omp for reduction(+:c)
    for (i = 39; i >= 0; i -= 3)
      c += (long)grid[i][i % 30];
  }
  int last = -1;
#pragma omp parallel for lastprivate(i)
  for (i = 0; i < 77; i++)
    last = 0;
  printf("sums %ld %ld %ld; lastprivate i = %d, %d\n", a, b, c, i, last);
  return 0;
}
