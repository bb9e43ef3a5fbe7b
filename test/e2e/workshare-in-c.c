// workshare is Fortran's directive: gcc ignores it in C (an unknown
// pragma), and its block runs as written. Clang 19 crashed on it
// ("workshare", then a stack dump), so paradecc said "Clang crashed while
// reading" the file (found by a helper's sweep); the line is dropped
// before the parse, as gcc drops it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: workshare-in-c: all 5 configurations match gcc -fopenmp
#include <stdio.h>

int a[16];

int main(void) {
#pragma omp workshare
  a[0] = 7;
#pragma omp parallel
  {
#pragma omp workshare
    {
    }
#pragma omp for
    for (int i = 1; i < 16; i++)
      a[i] = a[0] + i;
  }
  printf("a[0]=%d a[15]=%d\n", a[0], a[15]);
  return 0;
}
