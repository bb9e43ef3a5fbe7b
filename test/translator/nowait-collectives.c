// A construct with nowait may let a thread past it release others that
// have not reached it yet: it ends in no collective where the threads of
// its region may wait for each other, or where it is orphaned (its region
// is not seen). One reason, worded the same for a single and a reduction.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks > /dev/null
// RUN: FileCheck %s < %t.remarks
#include <omp.h>

int osum, flag, last;

// CHECK: nowait-collectives.c:[[@LINE+3]]:1: remark: reduction uses the distributed lock: it has nowait and is orphaned: threads may wait for each other in code not seen here, which an allreduce could deadlock
void orphaned_sum(int n) {
  int i;
#pragma omp for reduction(+ : osum) nowait
  for (i = 0; i < n; i++)
    osum += i;
}

// CHECK: nowait-collectives.c:[[@LINE+2]]:1: remark: single uses a barrier: it has nowait and is orphaned: threads may wait for each other in code not seen here, which a collective could deadlock
void orphaned_single(void) {
#pragma omp single nowait
  last = 1;
}

int main(void) {
  int s = 0;
#pragma omp parallel
  {
    // CHECK: nowait-collectives.c:[[@LINE+1]]:1: remark: reduction uses the distributed lock: it has nowait and threads of its region may wait for each other (a flush at line [[@LINE+7]]), which an allreduce could deadlock
#pragma omp for reduction(+ : s) nowait
    for (int i = 0; i < 100; i++)
      s += i;
    if (omp_get_thread_num() == 0) {
      int f = 0;
      while (!f) {
#pragma omp flush
#pragma omp atomic read
        f = flag;
      }
    }
  }
  orphaned_sum(10);
  orphaned_single();
  return s == 4950 ? 0 : 1;
}
