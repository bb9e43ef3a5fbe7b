// in_reduction tasks created in a function other than the one of their
// reduction scope (orphaned tasks: participation is decided by the region
// the task is created in, not lexically). Each must combine its partial
// into the scope's accumulator: with reduction(task) on parallel and on a
// for, the creating thread's accumulator; with taskgroup task_reduction,
// the original. The translator sees no enclosing scope at the task, so the
// runtime finds it by the original's address. Last, a taskgroup
// task_reduction of the serial part that holds a parallel region, with
// orphaned tasks after the region. Before this, an orphaned
// task combined into the original itself, while the region's threads were
// still joining their partials into it: wrong totals in most repetitions
// at P=2 T=2 (tasks made on rank 1), some at P=1. One thread creates most
// of the tasks while the others wait a varying time before they join.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: in-reduction-orphaned: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

#define R 60
#define TASKS 300

long x, y, g;
double d;

void add_x(int i) {
#pragma omp task in_reduction(+ : x) firstprivate(i)
  x += i;
}

void add_y(int i) {
#pragma omp task in_reduction(+ : y)
  y += i;
}

void add_d(int i) {
#pragma omp task in_reduction(max : d)
  if (i > d)
    d = i;
}

void add_g(int n) {
  for (int i = 0; i < n; i++) {
#pragma omp task in_reduction(+ : g)
    g += i;
  }
#pragma omp taskloop in_reduction(+ : g) grainsize(7)
  for (int i = 0; i < n; i++)
    g += 2;
}

static void wait_a_little(int r) {
  double t0 = omp_get_wtime();
  while (omp_get_wtime() - t0 < 0.0002 * (r % 5))
    ;
}

int main(void) {
  int bad_x = 0, bad_y = 0, bad_d = 0, bad_g = 0;
  for (int r = 0; r < R; r++) {
    int threads = 0;
    x = 0;
    d = -1;
#pragma omp parallel reduction(task, + : x) reduction(task, max : d)
    {
      int last = omp_get_thread_num() == omp_get_num_threads() - 1;
      if (omp_get_thread_num() == 0)
        threads = omp_get_num_threads();
      if (!last)
        wait_a_little(r);
      x += 1;
      if (last)
        for (int i = 0; i < TASKS; i++) {
          add_x(1);
          add_d(i);
        }
    }
    if (x != TASKS + threads)
      bad_x++;
    if (d != TASKS - 1)
      bad_d++;
    y = 0;
#pragma omp parallel
    {
#pragma omp for reduction(task, + : y) schedule(static, 1)
      for (int i = 0; i < TASKS; i++) {
        if (i % 3 == 0)
          add_y(2);
        y += 1;
      }
    }
    if (y != TASKS + 2 * (TASKS / 3))
      bad_y++;
    g = 5;
#pragma omp parallel
#pragma omp single
#pragma omp taskgroup task_reduction(+ : g)
    add_g(100);
    if (g != 5 + 99 * 100 / 2 + 200)
      bad_g++;
  }
  /* A taskgroup of the serial part that holds a parallel region: the
   * group and its scope are the serial part's again after the join
   * (before, its end found no taskgroup). */
  long threads_seen = 0;
  g = 0;
#pragma omp taskgroup task_reduction(+ : g)
  {
#pragma omp parallel reduction(+ : threads_seen)
    threads_seen += 1;
    add_g(10);
  }
  printf("wrong totals in %d repetitions: x %d, max %d, for %d, taskgroup %d\n", R, bad_x, bad_d,
         bad_y, bad_g);
  printf("serial taskgroup around a region: g=%ld, a region ran: %d\n", g, threads_seen > 0);
  return 0;
}
