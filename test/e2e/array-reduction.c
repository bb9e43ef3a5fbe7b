// Reductions over whole arrays of fixed size (OpenMP 4.5): a histogram
// with +, a 2-D array with max, in a combined parallel for and in a for
// inside a region, merged with a scalar reduction into one allreduce.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: array-reduction: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 5000

int main(void) {
  int hist[10] = {0};
  double peak[3][4];
  long total = 0;
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 4; c++)
      peak[r][c] = -1.0;
#pragma omp parallel for reduction(+:hist, total)
  for (int i = 0; i < N; i++) {
    hist[(i * 7) % 10] += 1;
    total += i;
  }
#pragma omp parallel
  {
#pragma omp for reduction(max:peak)
    for (int i = 0; i < N; i++) {
      double v = (double)((i * 31) % 997) / (1 + i % 3);
      if (v > peak[i % 3][i % 4])
        peak[i % 3][i % 4] = v;
    }
  }
  for (int b = 0; b < 10; b++)
    printf("hist[%d] = %d\n", b, hist[b]);
  for (int r = 0; r < 3; r++)
    printf("peak[%d] = %.3f %.3f %.3f %.3f\n", r, peak[r][0], peak[r][1], peak[r][2],
           peak[r][3]);
  printf("total = %ld\n", total);
  return 0;
}
