// Conditional lines among directives that are each the whole body of the
// one before: `#ifdef _OPENMP / parallel / single / #endif / stmt` (and
// the `#ifdef SERIAL ... #else <directives> #endif` form, and a
// conditional between `parallel` and its `for`). The inner directive's
// translation kept the `#endif` and the region copied it into the
// outlined function, apart from its `#ifdef`: the translation did not
// compile ("#endif without #if"; Marzolla's omp-merge-sort.c). The first
// directive of such a chain now writes the lines of groups around the
// pragmas before its own text; a group with a line inside what the
// innermost directive copies (a loop header chosen by #ifdef, a body that
// opens a brace in each branch) stays the innermost's. A directive that is
// a loop's body (`#ifdef _OPENMP / atomic / #endif` under a for) is a link
// of the loop's chain. Found by a helper; the loop cases by a review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: conditional-directive-chains: all 5 configurations match gcc -fopenmp
#include <stdio.h>
void work(int *v) { v[0] += 1; }
static long more(void) {
  int b[100];
  long t = 0, u = 0;
#pragma omp parallel
#pragma omp for
#ifdef BIG
  for (long i = 0; i < 100; i++)
#else
  for (int i = 0; i < 100; i++)
#endif
    b[i] = 2 * i;
#pragma omp parallel
#pragma omp for reduction(+ : t)
#ifdef BIG
  for (long i = 0; i < 100; i++) {
#else
  for (int i = 0; i < 100; i++) {
#endif
    t += b[i];
  }
#pragma omp parallel for
  for (int i = 0; i < 100; i++)
#ifdef _OPENMP
#pragma omp atomic
#endif
    u += b[i] / 2;
#pragma omp parallel
#pragma omp single
#ifdef BIG
  {
    t += 1;
#else
  {
    t += 2;
#endif
    u += 3;
  }
  return t * 100000 + u;
}

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
  printf("v = %d s = %d more = %ld\n", v[0], s, more());
  return 0;
}
