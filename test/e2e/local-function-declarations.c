// A function declared inside the function that forks, before its regions,
// as STREAM's main does (`int quantum, checktick();`): the declaration was
// taken for the function being translated, so the regions were outlined
// into main's body ("invalid storage class for function") and stock
// STREAM did not build. Found by a helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: local-function-declarations: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 1000
static double a[N], b[N];

int main(void) {
  int quantum, checktick(void);
  double mysecond(void), total = 0;
  quantum = checktick();
#pragma omp parallel for
  for (int j = 0; j < N; j++)
    a[j] = j * 0.5;
  double t = mysecond();
  void scale(double *, const double *, double);
  scale(b, a, 3.0);
#pragma omp parallel for reduction(+ : total)
  for (int j = 0; j < N; j++)
    total += b[j];
  printf("quantum %d time %.1f total %.1f\n", quantum, t, total);
  return 0;
}

int checktick(void) { return 1; }
double mysecond(void) { return 2.5; }
void scale(double *x, const double *y, double f) {
  int check(int);
#pragma omp parallel for
  for (int j = 0; j < N; j++)
    x[j] = f * y[j] + check(j);
}
int check(int j) { return j % 2; }
