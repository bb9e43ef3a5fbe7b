// OpenMP directives spelled through macros: Graph500's OMP("omp parallel
// for"), PRAGMA(omp ...) with #x, a loop macro that starts with a
// directive, a loop macro whose body argument spans lines, a directive
// in an object-like macro in the middle of a line, and _Pragma written
// in the code, and an invocation over two lines whose body prints
// __LINE__ and __FILE__ (as gcc gives them: the first line). Each was refused ("an OpenMP directive inside a macro is
// not supported"), which blocked Graph500. Each invocation is now
// replaced by its expansion with the directive as a #pragma line, before
// the translation; the printed __LINE__s check that lines keep their
// numbers after each form.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: directive-macros: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#include "Inputs/directive-macros/omp-macros.h"

#define N 1000
#define CRITICAL_ADD(var, x) _Pragma("omp critical(adds)") var += (x)
#define FILL(arr, n, v)                                                                            \
  PRAGMA(omp parallel for) for (int i = 0; i < (n); i++) arr[i] = (v);                             \
  printf("filled at line %d of %s\n", __LINE__, __FILE__)

static double a[N], b[N];
static long hist[8];

static long sum_b(void) {
  long s = 0;
  PARALLEL_SUM(s)
  for (int i = 0; i < N; i++)
    s += (long)b[i];
  return s;
}

int main(void) {
  long sum = 0, adds = 0;
  OMP("omp parallel for")
  for (int i = 0; i < N; i++)
    a[i] = i;
  printf("line %d\n", __LINE__);
  PARALLEL_FOR(i, N) b[i] = 2 * a[i];
  printf("line %d\n", __LINE__);
  OMP("omp parallel for reduction(+:sum)") for (int i = 0; i < N; i++) sum += (long)b[i];
  printf("line %d sum %ld %ld\n", __LINE__, sum, sum_b());
  PAR_LOOP(i, N, {
    a[i] += 1;
    b[i] = a[i] * __LINE__;
  });
  printf("line %d b[9] %g\n", __LINE__, b[9]);
  FILL(a, N,
       -1.0); // gcc numbers the body's __LINE__ by the invocation's first line
  int nt = 0, checked = 0;
  OMP("omp parallel")
  {
    OMP("omp single")
    nt = omp_get_num_threads();
    OMP("omp for schedule(dynamic, 7) nowait")
    for (int i = 0; i < N; i++) {
      OMP("omp atomic")
      hist[i % 8]++;
    }
    CRITICAL_ADD(adds, 2);
    BARRIER if (omp_get_thread_num() == 0) checked = hist[3] == N / 8;
  }
  printf("line %d adds/threads %ld hist %d\n", __LINE__, adds / nt, checked);
  _Pragma("omp parallel for reduction(+:sum)")
  for (int i = 0; i < N; i++)
    sum += 1;
  printf("line %d sum %ld\n", __LINE__, sum);
  return 0;
}
