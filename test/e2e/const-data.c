// Constant data in outlined bodies: a static const local table read by a
// region and by tasks, const locals passed by value and firstprivate.
// Before the fix the table was undeclared in the outlined region and the
// const local could not be packed into the argument block.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: const-data: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  static const double coef[3] = {0.25, 0.5, 0.25};
  const int n = 100;
  const int k = 3;
  double out[100];
#pragma omp parallel for firstprivate(k)
  for (int i = 0; i < n; i++)
    out[i] = coef[i % k] * i;
  double s = 0;
  for (int i = 0; i < n; i++)
    s += out[i];
#pragma omp parallel
  {
#pragma omp single
    for (int i = 0; i < 4; i++) {
#pragma omp task firstprivate(k)
      out[i] = k * coef[i % 3] + n;
    }
  }
  printf("region: %.2f\ntasks: %.2f\n", s, out[0] + out[1] + out[2] + out[3]);
  return 0;
}
