// The error directive: at(compilation) is Clang's diagnostic while
// paradecc translates; at(execution) reports at run time, a warning
// continues, severity(fatal) (the default) ends the job with status 1.
// (Clang 19 takes only a string literal as the message.)
// taskwait depend with nowait (OpenMP 5.1, which gcc 12 refuses) waits
// like taskwait.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t 2>&1 | FileCheck %s --check-prefix=COMPILE
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 60 -- %mpirun -np 2 %t | FileCheck %s --implicit-check-not="not reached"
//
// COMPILE: warning: checked at compile time
// Standard output and standard error reach mpirun through two pipes, so
// their lines may interleave in either order.
// CHECK-DAG: produced 1
// CHECK-DAG: parade: warning: [rank 0] error directive encountered: only a warning
// CHECK-DAG: after the warning
// CHECK-DAG: parade: error: [rank 0] error directive encountered: stopping here
#include <stdio.h>

int main(void) {
  int x = 0;
#pragma omp error at(compilation) severity(warning) message("checked at compile time")
#pragma omp parallel
#pragma omp single
  {
#pragma omp task depend(out : x)
    x = 1;
#pragma omp taskwait depend(in : x) nowait
#pragma omp taskwait
    printf("produced %d\n", x);
  }
  fflush(stdout);
#pragma omp error at(execution) severity(warning) message("only a warning")
  printf("after the warning\n");
  fflush(stdout);
#pragma omp error at(execution) message("stopping here")
  printf("not reached\n");
  return 0;
}
