// default(shared) on a task shares a variable declared in the enclosing
// region (each thread's own, which the task updates): it was captured by
// value like an implicitly determined one, and the task's write was lost
// (bad 0 once per thread; gcc prints nothing). Found by a helper acting as
// a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-default-shared: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>
double best = -1;
int wrong = 0, misread = 0;
int main(void) {
  int bad = 0, x = 0;
  #pragma omp parallel reduction(+:bad)
  {
    int cnt = 0, other = 7;
    #pragma omp task default(shared)
    cnt += 5 + other;
    #pragma omp taskwait
    if (cnt != 12) bad++;
  }
  /* A private copy the task only reads: captured by value (it was refused). */
  #pragma omp parallel private(x)
  {
    /* The task may run on another thread: it compares with its creator's. */
    int me = omp_get_thread_num();
    x = me + 1;
    #pragma omp task default(shared)
    if (x != me + 1) {
      #pragma omp atomic
      misread++;
    }
    #pragma omp taskwait
  }
  /* A region local a task shares (so the pool holds one per thread) read by
   * a replayed critical: each thread's own value, not thread 0's. */
  #pragma omp parallel
  {
    double my = 0;
    int t = omp_get_thread_num();
    #pragma omp task shared(my)
    my = t + 1.0;
    #pragma omp taskwait
    #pragma omp critical
    {
      if (my != t + 1.0) wrong++;
      if (my > best) best = my;
    }
  }
  printf("bad=%d wrong=%d misread=%d\n", bad, wrong, misread);
  return 0;
}
