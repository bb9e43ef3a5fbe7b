// A collective that replaces a barrier keeps the barrier's memory
// semantics: after a `single` (turned into a broadcast) every thread sees
// what every other thread wrote before it, here array elements that a
// `for nowait` filled on other ranks. Several steps, so that the readers
// hold stale copies of the pages from the step before.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: collective-memory: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

#define N 6000
double a[N];
int scale;

int main(void) {
  long stale = 0;
  double total = 0;
#pragma omp parallel reduction(+ : stale, total)
  {
    for (int step = 1; step <= 6; step++) {
#pragma omp for nowait schedule(static)
      for (int i = 0; i < N; i++)
        a[i] = step * 10000.0 + i;
#pragma omp single
      scale = step;
      /* Each thread reads the elements the opposite end of the team wrote. */
#pragma omp for schedule(static)
      for (int i = 0; i < N; i++) {
        int j = N - 1 - i;
        if (a[j] != scale * 10000.0 + j)
          stale++;
        total += a[j];
      }
    }
  }
  printf("stale=%ld total=%.1f\n", stale, total);
  return 0;
}
