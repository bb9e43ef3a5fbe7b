// Declaration specifiers written by macros, as numerical codes write them
// (`REAL f(...)`, `STATIC void g(...)`, `TYPE counter;`): a function whose
// declaration began with a macro and held a region, and a threadprivate
// variable whose type was a macro, failed to translate with "internal
// error: cannot insert text here" (the outlined region and the __thread
// keyword were inserted inside the macro's expansion). (Found by a sweep
// of OpenMP Examples and OmpSCR style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: macro-declaration-specifiers: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define REAL double
#define STATIC static
#define VOID void
#define TYPE long
#define PRIVATE_COUNT static long
#define N 400

REAL data[N];
TYPE counter;
#pragma omp threadprivate(counter)
PRIVATE_COUNT visits;
#pragma omp threadprivate(visits)

REAL total(REAL *y, int n) {
  REAL s = 0;
#pragma omp parallel for reduction(+:s)
  for (int i = 0; i < n; i++)
    s += y[i];
  return s;
}

STATIC VOID fill(REAL (*y)[N / 4], int rows) {
#pragma omp parallel for collapse(2)
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < N / 4; c++)
      y[r][c] = r * 0.5 + c;
}

VOID count(void) {
  long sum = 0, seen = 0;
#pragma omp parallel reduction(+:sum, seen)
  {
    counter = 0;
    visits = 0;
#pragma omp for
    for (int i = 0; i < N; i++) {
      counter += i;
      visits++;
    }
    sum += counter;
    seen += visits;
  }
  printf("threadprivate sums: %ld over %ld iterations\n", sum, seen);
}

int main(void) {
  fill((REAL (*)[N / 4])data, 4);
  printf("total %.1f\n", total(data, N));
  count();
  return 0;
}
