// When a critical, atomic or single cannot become a collective, it takes
// the conventional path and -Rparade says why.
//
// RUN: %translate -Rparade %s -- 2>&1 >/dev/null | FileCheck %s
// RUN: %translate -Rparade -fparade-small-threshold=4 %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=SMALL
// RUN: %translate -Rparade -fparade-sync=lock %s -- 2>&1 >/dev/null | FileCheck %s --check-prefix=LOCK
#include <stdio.h>
long hits;
double sum;
int table[8];

void orphan(void) {
// An orphaned update is no collective; it is deferred (see critical-deferred.c).
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical deferred: {{.*}} (it is orphaned (not lexically inside a parallel region))
#pragma omp critical
  hits++;
}

void f(int n, const double *x) {
#pragma omp parallel
  {
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block calls 'printf'; not deferred: the block is not a sequence of updates
#pragma omp critical
    printf("%d\n", n);
    for (int i = 0; i < n; i++) {
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: atomic update deferred: combined by each thread, applied under the lock at its next synchronisation (it is inside a loop, not met once by every thread)
#pragma omp atomic
      sum += x[i];
    }
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical deferred: {{.*}} (the block writes through a pointer or an array element)
#pragma omp critical
    table[n % 8] += 1;
    long v;
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: atomic uses the distributed lock: an atomic capture is used at once and cannot be deferred to a collective
#pragma omp atomic capture
    v = hits++;
    (void)v;
// SMALL: critical-lock-reasons.c:[[@LINE+2]]:1: remark: critical deferred: {{.*}} (8 bytes of shared data exceed the threshold of 4
// LOCK: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: -fparade-sync=lock
#pragma omp critical
    sum += 1.0;
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: single goes to the first thread to reach it (threads of its region may wait for each other: an atomic capture at line 35), then a barrier
#pragma omp single
    puts("once");
  }
}

// A critical that is not a sequence of updates is replayed on every node,
// unless the replay could not give the thread what it did (a private
// written), cannot read what it reads (an array, a pointer), or another
// critical or atomic writes what it names.
double best;
int best_i, other;
void g(const double *x) {
#pragma omp parallel
  {
    double my = x[0];
    int mine = 0, arr[2] = {0, 1};
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block is not a sequence of updates of shared scalars; not replayed: the block writes 'mine', the thread's own, which a replay elsewhere could not give back
#pragma omp critical(a)
    {
      if (my > best)
        best = my;
      mine = 1;
    }
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block is not a sequence of updates of shared scalars; not replayed: the block reads an array element
#pragma omp critical(b)
    if (arr[1] > best_i)
      best_i = arr[1];
// CHECK-DAG: critical-lock-reasons.c:[[@LINE+1]]:1: remark: critical uses the distributed lock: the block is not a sequence of updates of shared scalars; not replayed: 'other' is also written by the critical or atomic at line [[@LINE+5]]
#pragma omp critical(c)
    if (mine > other)
      other = mine;
    for (int i = 0; i < 2; i++) {
#pragma omp atomic
      other += i;
    }
  }
}
