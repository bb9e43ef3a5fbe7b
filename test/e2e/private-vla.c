// A variable-length array named in private: each thread gets one of the
// same bounds (only the bounds travel to the region). It was refused as
// "passed by value", while firstprivate was accepted (miniAMR's stencil
// work array). Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: private-vla: all 5 configurations match gcc -fopenmp
#include <stdio.h>

static long run(int n, int m) {
  long s = 0, t = 0, u = 0;
  int work[n];
  double grid[n][m];
#pragma omp parallel for private(work) reduction(+ : s)
  for (int i = 0; i < 100; i++) {
    for (int k = 0; k < n; k++)
      work[k] = i + k;
    s += work[n - 1];
  }
#pragma omp parallel private(grid) reduction(+ : t)
  {
#pragma omp for
    for (int i = 0; i < 50; i++) {
      for (int a = 0; a < n; a++)
        for (int b = 0; b < m; b++)
          grid[a][b] = i * a + b;
      t += (long)grid[n - 1][m - 1];
    }
  }
#pragma omp parallel reduction(+ : u)
  {
#pragma omp for private(work)
    for (int i = 0; i < 60; i++) {
      work[0] = i;
      u += work[0];
    }
  }
  return s * 1000000 + t * 1000 + u;
}

int main(int argc, char **argv) {
  (void)argv;
  printf("%ld\n", run(4 + argc, 3 + argc));
  return 0;
}
