// default(shared) on a task shares a variable declared in the enclosing
// region (each thread's own, which the task updates): it was captured by
// value like an implicitly determined one, and the task's write was lost
// (bad 0 once per thread; gcc prints nothing). Found by a helper acting as
// a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: task-default-shared: all 5 configurations match gcc -fopenmp
#include <stdio.h>
int main(void) {
  int bad = 0;
  #pragma omp parallel reduction(+:bad)
  {
    int cnt = 0, other = 7;
    #pragma omp task default(shared)
    cnt += 5 + other;
    #pragma omp taskwait
    if (cnt != 12) bad++;
  }
  printf("bad=%d\n", bad);
  return 0;
}
