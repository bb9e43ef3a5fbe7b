// Data handed on through a flag and flush (FlagHandoffs.h; the runs are in
// e2e/flag-handoff-order.c): a store to a flag named in a flush list is
// preceded by a release, and a loop that polls with flush is followed by a
// flush. A large array or a floating one named in a list is data, not a
// flag; the loop a loop directive takes over is not a polling loop.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^#line" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
#include <omp.h>

int flag[16];
int ready;
double rows[64][64];
int big[8192];

void pipeline(int n) {
#pragma omp parallel
  {
    int me = omp_get_thread_num();
    for (int k = 0; k < n; k++) {
      // CHECK: { while (flag[me] == 0) {
      // CHECK: } parade_flush(); }
      while (flag[me] == 0) {
#pragma omp flush(flag)
      }
      rows[k][me] = k;
      big[k] = k;
      // CHECK: (parade_release(), flag[me] = 0);
      flag[me] = 0;
      // CHECK: if (me + 1 < 16) (parade_release(), flag[me + 1] = 1);
      if (me + 1 < 16)
        flag[me + 1] = 1;
#pragma omp flush(flag, rows, big)
    }
    // CHECK: { do {
    // CHECK: } while (!ready); parade_flush(); }
    do {
#pragma omp flush
    } while (!ready);
    // CHECK: (parade_release(), ready++);
    ready++;
#pragma omp flush(ready)
  }
}

void worksharing(int n) {
#pragma omp parallel
  {
    // The loop the directive takes over is not followed by a flush.
    // CHECK-NOT: parade_flush();{{ }}}
#pragma omp for
    for (int i = 0; i < n; i++) {
      rows[0][i] = i;
#pragma omp flush
    }
  }
}

// The loop over k ends each iteration with a flush: it is followed by one
// too (one more flush, which OpenMP allows anywhere).
// REMARK-DAG: flag-handoffs.c:20:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:23:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:29:{{.*}}a store to 'flag', a flag named in a flush list, releases this node's writes first
// REMARK-DAG: flag-handoffs.c:32:{{.*}}a store to 'flag', a flag named in a flush list
// REMARK-DAG: flag-handoffs.c:37:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:41:{{.*}}a store to 'ready', a flag named in a flush list
// REMARK-NOT: a store to 'rows'
// REMARK-NOT: a store to 'big'
