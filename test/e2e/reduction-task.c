// reduction with the task modifier: the in_reduction tasks created in the
// construct add their partials to it, with the threads' own: on parallel
// (tasks made under single, and by every thread while it also adds to its
// own copy), on a combined parallel for, on a for inside a region, with
// + and max, over data every node wrote. Compared with gcc -fopenmp.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: reduction-task: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#define N 400
long v[N];

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < N; i++)
    v[i] = (i * 37) % 101;
  long sum = 0, both = 0, nth = 0, loop_sum = 0, inner = 0;
  long big = -1;
#pragma omp parallel reduction(task, + : sum) reduction(task, max : big)
  {
#pragma omp single
    for (int i = 0; i < N; i += 10) {
#pragma omp task in_reduction(+ : sum) in_reduction(max : big) firstprivate(i)
      for (int k = i; k < i + 10; k++) {
        sum += v[k];
        if (v[k] > big)
          big = v[k];
      }
    }
  }
#pragma omp parallel reduction(task, + : both) reduction(+ : nth)
  {
    nth += 1;
    for (int r = 0; r < 5; r++) {
#pragma omp task in_reduction(+ : both) firstprivate(r)
      both += v[r] * 2;
      both += 1; /* the thread's own copy, while its tasks may run */
    }
  }
#pragma omp parallel for reduction(task, + : loop_sum)
  for (int i = 0; i < N; i++) {
    if (i % 50 == 0) {
#pragma omp task in_reduction(+ : loop_sum) firstprivate(i)
      loop_sum += 1000 + v[i];
    }
    loop_sum += v[i];
  }
#pragma omp parallel
  {
#pragma omp for reduction(task, + : inner)
    for (int i = 0; i < N; i++)
      if (i % 40 == 0) {
#pragma omp task in_reduction(+ : inner) firstprivate(i)
        inner += v[i];
      }
  }
  /* 'both' grows with the number of threads: per thread. */
  printf("sum=%ld big=%ld loop_sum=%ld inner=%ld both_per_thread=%ld rest=%ld\n", sum, big,
         loop_sum, inner, both / nth, both % nth);
  return 0;
}
