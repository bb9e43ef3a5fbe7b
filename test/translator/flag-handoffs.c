// Data handed on through a flag and flush (FlagHandoffs.h; the runs are in
// e2e/flag-handoff-order.c): a store to a flag named in a flush list, or
// just before a flush without a list, is preceded by a release, and a loop
// that polls with flush is followed by a flush. A large array or a
// floating one named in a list is data, not a flag; the loop a loop
// directive takes over is not a polling loop; an atomic's store stays.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^#line" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=NODATA < %t.remarks
// RUN: FileCheck %s --check-prefix=LEFT < %t.remarks
#include <omp.h>

int flag[16];
int ready, done_count, handed;
volatile int seen;
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
      // CHECK: rows[k][me] = k;
      // CHECK-NEXT: big[k] = k;
      rows[k][me] = k;
      big[k] = k;
      // CHECK: parade_release(), flag[me] = 0;
      flag[me] = 0;
      // CHECK: if (me + 1 < 16)
      // CHECK-NEXT: parade_release(), flag[me + 1] = 1;
      if (me + 1 < 16)
        flag[me + 1] = 1;
#pragma omp flush(flag, rows, big)
    }
    // CHECK: { do {
    // CHECK: } while (!ready); parade_flush(); }
    do {
#pragma omp flush
    } while (!ready);
    // CHECK: parade_release(), ready++;
    ready++;
#pragma omp flush(ready)
    // A volatile write around a flag's store: the inner wrap closes first.
    // CHECK: __extension__({ parade_release(); __auto_type parade_vw_ = (seen = (parade_release(), flag[0] = 1)); parade_flush(); parade_vw_; });
    seen = flag[0] = 1;
    // A flag's store around a volatile write: the release goes first, as
    // a statement; nested in an expression, the wrap closes outside it.
    // CHECK: parade_release(), flag[2] = __extension__({ parade_release(); __auto_type parade_vw_ = (seen = 1); parade_flush(); parade_vw_; });
    flag[2] = seen = 1;
    // CHECK: parade_release(), ready = ((parade_release(), flag[3] = __extension__({ parade_release(); __auto_type parade_vw_ = (seen = 3); parade_flush(); parade_vw_; })));
    ready = (flag[3] = seen = 3);
    // A loop whose body ends with a directive is left as it is.
    // CHECK: while (!(parade_flush(), seen))
    // CHECK-NOT: parade_flush(); }
    // CHECK: parade_critical_exit
    // LEFT: flag-handoffs.c:[[@LINE+1]]:5: remark: this loop polls a volatile object but is not followed by a flush (its body ends with a directive
    while (!seen)
#pragma omp critical
      ready += 2;
    // CHECK: { parade_critical_enter("parade.atomic");
    // CHECK-NEXT: flag[1] += 1;
#pragma omp atomic
    flag[1] += 1;
  }
}

void listless(void) {
#pragma omp parallel
  {
    // A loop hint stays right before its loop, inside the block.
    // CHECK: A loop hint stays right before its loop, inside the block.
    // CHECK-NEXT: {{^\{$}}
    // CHECK-NEXT: {{^}}#pragma GCC unroll 2
    // CHECK-NEXT: while (!handed) {
    // CHECK: } parade_flush(); }
#pragma GCC unroll 2
    while (!handed) {
#pragma omp flush
    }
    rows[1][1] = 2;
    // The stores just before a flush without a list are its flags.
    // CHECK: parade_release(), done_count++;
    // CHECK-NEXT: parade_release(), handed = 2;
    done_count++;
    handed = 2;
#pragma omp flush
  }
}

void worksharing(int n) {
#pragma omp parallel
  {
    // The loop the directive takes over is not followed by a flush.
    // CHECK-NOT: parade_flush(); }
#pragma omp for
    for (int i = 0; i < n; i++) {
      rows[0][i] = i;
#pragma omp flush
    }
  }
}

// The loop over k ends each iteration with a flush: it is followed by one
// too (one more flush, which OpenMP allows anywhere).
// REMARK-DAG: flag-handoffs.c:24:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:27:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:35:{{.*}}a store to 'flag', a flag named in a flush list, releases this node's writes first
// REMARK-DAG: flag-handoffs.c:39:{{.*}}a store to 'flag', a flag named in a flush list
// REMARK-DAG: flag-handoffs.c:44:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:48:{{.*}}a store to 'ready', a flag named in a flush list
// REMARK-DAG: flag-handoffs.c:84:{{.*}}this loop polls with flush: a flush follows it
// REMARK-DAG: flag-handoffs.c:91:{{.*}}a store to 'done_count' just before a flush releases
// REMARK-DAG: flag-handoffs.c:92:{{.*}}a store to 'handed' just before a flush releases
// NODATA-NOT: a store to 'rows'
// NODATA-NOT: a store to 'big'
// NODATA-NOT: flag-handoffs.c:70:{{.*}}a store to
