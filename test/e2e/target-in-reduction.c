// target in_reduction: the host is the device, so the target task runs in
// place on the encountering thread, but it still participates in the task
// reduction like a task: a private copy, combined at its end under the
// node's task reduction lock into where the scope says (the original for
// a taskgroup task_reduction, the creating thread's accumulator for a
// reduction with the task modifier, found at run time when the target is
// in another function). Before this, its body updated the original
// directly while the group's tasks, run by the other threads of the node,
// combined into it under the lock: lost updates at P=1 T=2 and P=2 T=2.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: target-in-reduction: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define R 20
#define TASKS 1000
#define LONG 100000

long x, y, z;

/* A task's own work, so that the queued tasks still run on the other
 * threads while the target body does. */
static void work_a_little(void) {
  double t0 = omp_get_wtime();
  while (omp_get_wtime() - t0 < 0.00002)
    ;
}

void target_z(void) {
#pragma omp target in_reduction(+ : z)
  for (int k = 0; k < LONG; k++) {
    z += 1;
    (void)omp_get_wtime(); /* z is read and written at each iteration */
  }
}

int main(void) {
  int bad_x = 0, bad_y = 0, bad_z = 0;
  for (int r = 0; r < R; r++) {
    x = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : x)
    {
      for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+ : x)
        {
          work_a_little();
          x += 1;
        }
      }
#pragma omp target in_reduction(+ : x)
      for (int k = 0; k < LONG; k++) {
        x += 1;
        (void)omp_get_wtime();
      }
    }
    if (x != TASKS + LONG)
      bad_x++;
    int threads = 0;
    y = 0;
#pragma omp parallel reduction(task, + : y)
    {
      if (omp_get_thread_num() == 0)
        threads = omp_get_num_threads();
      y += 1;
#pragma omp single
      for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+ : y)
        y += 1;
      }
#pragma omp target in_reduction(+ : y)
      y += 10;
    }
    if (y != TASKS + 11 * threads)
      bad_y++;
    z = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : z)
    {
      for (int i = 0; i < TASKS; i++) {
#pragma omp task in_reduction(+ : z)
        {
          work_a_little();
          z += 1;
        }
      }
      target_z();
    }
    if (z != TASKS + LONG)
      bad_z++;
  }
  printf("wrong totals in %d repetitions: taskgroup %d, reduction(task) %d, other function %d\n",
         R, bad_x, bad_y, bad_z);
  return 0;
}
