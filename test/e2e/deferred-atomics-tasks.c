// Deferred atomic updates (an atomic in a loop or a single is combined per
// thread and applied under the lock at the next synchronisation) are
// applied where a task is created, completes or is waited for: a task
// created after its creator's atomic x += 1 read a stale x on another
// rank's copy (200 of 200 at 2x2), and a task spinning until it saw the
// update while its creator waited in taskwait hung. Found by review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: deferred-atomics-tasks: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

int x, w, ran, seen[200];

static void spin(double s) {
  double t0 = omp_get_wtime();
  while (omp_get_wtime() - t0 < s)
    ;
}

int main(void) {
  int stale = 0;
#pragma omp parallel
  {
#pragma omp single
    {
      for (int r = 0; r < 200; r++) {
#pragma omp atomic
        x += 1;
#pragma omp task firstprivate(r)
        {
          int v;
#pragma omp atomic read
          v = x;
          seen[r] = v;
#pragma omp atomic
          ran++;
        }
        spin(0.0002);
      }
#pragma omp atomic
      w += 1;
#pragma omp task
      {
        int v;
        do {
#pragma omp atomic read
          v = w;
        } while (v < 1);
      }
      spin(0.005);
#pragma omp taskwait
    }
  }
  for (int r = 0; r < 200; r++)
    stale += seen[r] < r + 1;
  printf("tasks %d, tasks that saw a stale x: %d, x %d, w %d\n", ran, stale, x, w);
  return 0;
}
