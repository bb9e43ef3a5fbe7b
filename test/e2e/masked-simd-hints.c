// masked (OpenMP 5.1, which _OPENMP claims) runs its block on the thread
// its filter names (thread 0 without one); simd's hints (aligned, safelen,
// simdlen, nontemporal) and order(concurrent) are accepted and left to
// the C compiler. Both were refused.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: masked-simd-hints: all {{[0-9]+}} configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

double a[1024] __attribute__((aligned(64))), b[1024] __attribute__((aligned(64)));
int hits0, hits1, total;

int main(void) {
  for (int i = 0; i < 1024; i++)
    a[i] = i, b[i] = 1024 - i;
  double dot = 0;
#pragma omp parallel for simd aligned(a, b : 64) safelen(8) simdlen(4) reduction(+ : dot)
  for (int i = 0; i < 1024; i++)
    dot += a[i] * b[i];
  double s = 0;
#pragma omp simd aligned(a : 64) nontemporal(b)
  for (int i = 0; i < 1024; i++)
    b[i] = a[i] * 2;
#pragma omp parallel for order(concurrent) reduction(+ : s)
  for (int i = 0; i < 1024; i++)
    s += b[i];
#pragma omp parallel
  {
#pragma omp masked
    hits0 += omp_get_thread_num() == 0;
#pragma omp masked filter(1)
    hits1 += omp_get_thread_num() == 1;
#pragma omp barrier
#pragma omp atomic
    total += 1;
  }
  int n = omp_get_max_threads();
  printf("dot %.0f s %.0f masked %d %d total %d\n", dot, s, hits0, n > 1 ? hits1 : 1,
         total == n);
  return 0;
}
