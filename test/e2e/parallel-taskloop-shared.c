// The combined `parallel masked taskloop` (and `parallel master
// taskloop`, with or without simd) shares the function's locals with its
// tasks, as the nested form does: the parallel region shares them, so the
// taskloop's tasks do too. Sema gives each an implicit firstprivate, as if
// the function enclosed the taskloop, and the translation followed it:
// the loop's writes went to copies and were lost, silently (the OpenMP
// Examples' parallel_masked_taskloop.1 printed " 0 99" where gcc prints
// " 0 495"). Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: parallel-taskloop-shared: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 100

int main(void) {
  int hits = 0, a[N], b[N], c[N], d[N];
  double sum = 0;
  for (int i = 0; i < N; i++)
    a[i] = b[i] = c[i] = d[i] = 0;
#pragma omp parallel masked taskloop
  for (int i = 0; i < 10; i++)
    if (i == 7)
      hits = 42;
#pragma omp parallel masked taskloop filter(1) num_tasks(7)
  for (int i = 0; i < N; i++)
    a[i] = i + 1;
#pragma omp parallel master taskloop grainsize(9)
  for (int i = 0; i < N; i++)
    b[i] = 2 * i;
#pragma omp parallel masked taskloop simd
  for (int i = 0; i < N; i++)
    c[i] = 3 * i;
#pragma omp parallel master taskloop simd reduction(+ : sum)
  for (int i = 0; i < N; i++) {
    d[i] = a[i] + b[i] + c[i];
    sum += d[i];
  }
  long check = 0;
  for (int i = 0; i < N; i++)
    check += a[i] + 10L * b[i] + 100L * c[i] + 1000L * d[i];
  printf("hits %d sum %.0f check %ld\n", hits, sum, check);
  return 0;
}
