// malloc and free called without <stdlib.h> (Mattson's Jacobi solutions
// include it only #if defined(LINUX)): gcc gives the library builtins
// their type, with a warning, and the program works. paradecc compiles
// with -fno-builtin-malloc, so the implicit declaration returned int and
// the shared heap's address was cut to 32 bits (a segmentation fault),
// and the call was not renamed to parade's allocator either. The
// translation now declares such a builtin as it is, and renames it.
// Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: implicit-malloc: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int main(void) {
  int n = 1000;
  double *a = (double *)malloc(n * sizeof(double));
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("sum = %f\n", s);
  free(a);
  return 0;
}
