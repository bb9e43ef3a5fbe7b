// Preprocessor conditionals around and inside a directive's extent: a
// directive inside #ifdef _OPENMP ... #endif (the #endif between the
// directive and its loop was lost: "unterminated #ifdef"), and an #if
// choosing between two loops after the directive.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: conditional-lines: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

#define USE_LONG 1

int main(void) {
  long sum = 0, s2 = 0, s3 = 0;
  int t = 0;
#ifdef _OPENMP
#pragma omp parallel for reduction(+ : sum)
#endif
  for (int i = 0; i < 100; i++)
    sum += i;
#pragma omp parallel for reduction(+ : s2)
#if USE_LONG
  for (int i = 0; i < 10; i++)
#else
  for (int i = 0; i < 5; i++)
#endif
    s2 += i;
#pragma omp parallel for reduction(+ : s3)
#if !USE_LONG
  for (int i = 0; i < 7; i++)
    s3 += i;
#else
  for (int i = 0; i < 9; i++)
    s3 += 2 * i;
#endif
#ifdef _OPENMP
#pragma omp parallel
#endif
  {
#pragma omp atomic
    t++;
  }
  printf("%ld %ld %ld %d\n", sum, s2, s3, t > 0);
  return 0;
}
