// Non-rectangular collapse(2): a triangle (j from i), inner bounds that
// are affine in i (rows that grow), a downward inner loop
// under a downward outer loop, and a nowait loop; each loop writes every
// cell of its nest once and the sums are order-independent.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: non-rectangular: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 60

int tri[N][N], band[N][N + 8], down[N][N + 8];

int main(void) {
  long cells = 0, s1 = 0, s2 = 0, s3 = 0;
#pragma omp parallel for collapse(2) reduction(+ : cells)
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) {
      tri[i][j] += i * N + j + 1;
      cells++;
    }
#pragma omp parallel
  {
#pragma omp for collapse(2) reduction(+ : cells) nowait
    for (int i = 0; i < N; i++)
      for (int j = i + 1; j < 2 * i + 4; j++) {
        band[i][j % (N + 8)] += i - j + 100;
        cells++;
      }
#pragma omp for collapse(2) reduction(+ : cells)
    for (int i = N - 1; i >= 0; i -= 2)
      for (int j = i + 5; j > i - 3; j--) {
        down[i][j + 2] += 1 + i + j;
        cells++;
      }
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N + 8; j++) {
      if (j < N)
        s1 = s1 * 3 + tri[i][j];
      s2 = s2 * 5 + band[i][j];
      s3 = s3 * 7 + down[i][j];
    }
  printf("cells %ld tri %ld band %ld down %ld\n", cells, s1, s2, s3);
  return 0;
}
