// Variable-length arrays captured by a region: a VLA parameter, a pointer
// to a VLA (double (*u)[n]), firstprivate of a 1-D VLA, and a 2-D array
// sized by a const int (a VLA in C), shared. All were refused or emitted
// invalid C: their types name bounds that file scope cannot see.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: vla-capture: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
void kernel(int n, double a[n][n]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i][j] = i + j;
}
int main(void) {
  int n = 50;
  double (*u)[n] = malloc(sizeof(double[n][n]));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      u[i][j] = i * j;
  kernel(n, u);
  double v[n];
  for (int i = 0; i < n; i++) v[i] = i;
  double s = 0;
#pragma omp parallel for firstprivate(v) reduction(+:s)
  for (int i = 0; i < n; i++)
    s += v[i] + u[i][i];
  const int m = 8;
  double w[m][m];
  #pragma omp parallel for
  for (int i = 0; i < m; i++) for (int j = 0; j < m; j++) w[i][j] = i;
  printf("%f %f %f\n", s, u[3][4], w[7][1]);
  return 0;
}
