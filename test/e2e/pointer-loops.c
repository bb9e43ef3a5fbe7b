// Work-sharing loops over pointer loop variables (allowed by OpenMP for
// C): increasing with <, by a step of 2 with <=, decreasing with >, and
// lastprivate of the pointer (it was refused: "integer loop variable").
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: pointer-loops: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

#define N 1000
double a[N];
int b[N];

int main(void) {
  double *p;
  int *q;
#pragma omp parallel for
  for (p = a; p < a + N; p++)
    *p = (double)(p - a) * 0.5;
#pragma omp parallel for
  for (q = b; q <= b + N - 2; q += 2)
    q[0] = q[1] = (int)(q - b);
  double sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (double *r = a + N - 1; r > a; r--)
    sum += *r;
  int *last = NULL;
#pragma omp parallel for lastprivate(last)
  for (last = b; last < b + N; last += 3)
    ;
  long check = 0;
  for (int i = 0; i < N; i++)
    check += b[i];
  printf("sum %.1f check %ld last %ld\n", sum, check, (long)(last - b));
  return 0;
}
