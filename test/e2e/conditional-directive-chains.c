// Conditional lines among directives that are each the whole body of the
// one before: `#ifdef _OPENMP / parallel / single / #endif / stmt` (and
// the `#ifdef SERIAL ... #else <directives> #endif` form, and a
// conditional between `parallel` and its `for`). The inner directive's
// translation kept the `#endif` and the region copied it into the
// outlined function, apart from its `#ifdef`: the translation did not
// compile ("#endif without #if"; Marzolla's omp-merge-sort.c). The first
// directive of such a chain now writes the lines before its own text.
// Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: conditional-directive-chains: all 5 configurations match gcc -fopenmp
#include <stdio.h>
void work(int *v) { v[0] += 1; }
int main(void) {
  int v[1] = {0}, a[100], s = 0;
#ifdef _OPENMP
#pragma omp parallel shared(v)
#pragma omp single
#endif
  work(v);
#ifdef SERIAL
  work(v);
#else
#pragma omp parallel
#pragma omp single
#endif
  work(v);
#pragma omp parallel
#ifdef _OPENMP
#pragma omp for
#endif
  for (int i = 0; i < 100; i++) a[i] = i;
#pragma omp parallel
#if 1
#pragma omp for reduction(+:s)
#endif
  for (int i = 0; i < 100; i++) s += a[i];
#pragma omp parallel
#pragma omp single
#ifdef _OPENMP
  work(v);
#else
  work(v), work(v);
#endif
  printf("v = %d s = %d\n", v[0], s);
  return 0;
}
