// A critical or atomic that not every thread of its region meets is no
// collective: it would wait for the threads that never come. It takes the
// lock, or is deferred (applied under the lock later).
// The body of parallel masked, parallel master and parallel sections (the
// implicit first section) runs on one thread, and a goto can take a thread
// past a critical at the top level of its region; each of these hung at
// 1x4 and 2x2 (found by review). -Rparade says why.
//
// REQUIRES: translator
// RUN: %translate -Rparade %s -- 2> %t.remarks > /dev/null
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: %compare-with-gcc %s | FileCheck %s
// REMARK-DAG: remark: critical deferred: {{.*}} (its region is a 'parallel masked', whose body not every thread runs)
// REMARK-DAG: remark: critical deferred: {{.*}} (its region is a 'parallel master', whose body not every thread runs)
// REMARK-DAG: remark: critical deferred: {{.*}} (its region is a 'parallel sections', whose body not every thread runs)
// REMARK-DAG: remark: critical uses the distributed lock: a goto at line {{[0-9]+}} may take a thread past it
// CHECK: e2e: collective-not-every-thread: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long x, y, z, w, skipped, n;
double d;

int main(void) {
#pragma omp parallel masked
  {
#pragma omp critical
    x += 5;
#pragma omp atomic
    d += 1.5;
  }
#pragma omp parallel master
  {
#pragma omp critical
    x += 5;
  }
#pragma omp parallel sections
  {
#pragma omp critical
    y += 5;
#pragma omp section
    z = 1;
  }
#pragma omp parallel
  {
#pragma omp single
    n = omp_get_num_threads();
    if (omp_get_thread_num() == 0)
      goto done;
#pragma omp critical
    w += 1;
  done:;
  }
  printf("x %ld d %g y %ld z %ld; threads past the goto: %s\n", x, d, y, z,
         w == n - 1 ? "all but thread 0" : "wrong");
  return 0;
}
