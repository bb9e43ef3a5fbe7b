// A single mapped to a broadcast stands for the single's barrier, which
// completes every task of the team: tasks created by an earlier single
// nowait must be done when it ends. The broadcast's node barrier did not
// run or wait for them (928 stale elements at 1x4). Found by review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: single-broadcast-tasks: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#define N 64

int a[N], y, bad;

static void spin(double s) {
  double t0 = omp_get_wtime();
  while (omp_get_wtime() - t0 < s)
    ;
}

int main(void) {
  for (int rep = 0; rep < 20; rep++) {
#pragma omp parallel
    {
#pragma omp single nowait
      {
        for (int i = 0; i < N; i++) {
#pragma omp task firstprivate(i)
          {
            spin(0.0002);
            a[i] = rep + 1;
          }
        }
      }
#pragma omp single
      y = rep;
      int t = omp_get_thread_num(), n = omp_get_num_threads();
      for (int i = t; i < N; i += n)
        if (a[i] != rep + 1) {
#pragma omp atomic
          bad++;
        }
    }
  }
  printf("elements not yet written by their task after the single: %d; y %d\n", bad, y);
  return 0;
}
