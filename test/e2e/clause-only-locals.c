// A local of the enclosing function named only in a clause that the
// outlined region evaluates: the schedule of a combined parallel for, and
// the clauses of constructs nested in a region (for schedule, task if and
// final, masked filter, taskloop grainsize, a task's shared list). The
// region did not receive it, and gcc rejected the translation ('chunk'
// undeclared), for the common `int chunk = ...; schedule(dynamic, chunk)`
// (found by review). Each value also steers the result.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: clause-only-locals: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
#define N 100

int out[N], who = -1, tasks_ran, in_final;

int main(void) {
  int chunk = 7, flag = 1, lim = 0, k = 0, grain = 10, cnt[4] = {0};
#pragma omp parallel for schedule(dynamic, chunk)
  for (int i = 0; i < N; i++)
    out[i] = i;
  long s1 = 0;
  for (int i = 0; i < N; i++)
    s1 += out[i];
#pragma omp parallel
  {
#pragma omp for schedule(dynamic, chunk)
    for (int i = 0; i < N; i++)
      out[i] = 2 * i;
#pragma omp masked filter(k)
    who = omp_get_thread_num();
#pragma omp single
    {
#pragma omp task if (flag) final(lim > 2)
      {
#pragma omp atomic
        tasks_ran++;
        if (omp_in_final())
#pragma omp atomic
          in_final++;
      }
#pragma omp task shared(cnt)
      {
#pragma omp atomic
        tasks_ran++;
      }
#pragma omp taskloop grainsize(grain)
      for (int i = 0; i < N; i++)
#pragma omp atomic
        tasks_ran++;
    }
  }
  long s2 = 0;
  for (int i = 0; i < N; i++)
    s2 += out[i];
  printf("sums %ld %ld, masked thread %d, tasks %d (in final %d), cnt %d\n", s1, s2, who,
         tasks_ran, in_final, cnt[0]);
  return 0;
}
