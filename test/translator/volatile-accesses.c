// Each access to a volatile object that may be shared is a flush (see
// e2e/volatile-flags.c): a read after one, a write before one, a
// read-modify-write between two. A volatile local no region shares, a
// sig_atomic_t, a threadprivate one and an atomic's accesses stay as they
// are; so does one in a macro, with a remark.
//
// RUN: %translate -Rparade %s -- 2> %t.remarks | grep -v "^#line" | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=LOOP < %t.remarks
#include <signal.h>

volatile int flag;
volatile int counts[4];
volatile sig_atomic_t stop;
volatile int tp;
#pragma omp threadprivate(tp)
#define WAIT_FOR(f) while (!(f))
#define SPIN() while (!flag)

void run(volatile int *p) {
  volatile int mine = 0;
#pragma omp parallel
  {
    // A loop that polls a volatile flag is followed by a flush, as one that
    // polls with flush is (FlagHandoffs.h).
    // CHECK: { while (!(parade_flush(), flag))
    // CHECK-NEXT: ; parade_flush(); }
    // LOOP: volatile-accesses.c:[[@LINE+1]]:5: remark: this loop polls a volatile object: a flush follows it
    while (!flag)
      ;
    // CHECK: __extension__({ parade_release(); __auto_type parade_vw_ = (flag = 2); parade_flush(); parade_vw_; });
    flag = 2;
    // CHECK: __extension__({ parade_flush(); __auto_type parade_vw_ = (counts[1] += 3); parade_flush(); parade_vw_; });
    counts[1] += 3;
    // CHECK: __extension__({ parade_flush(); __auto_type parade_vw_ = ((*p)++); parade_flush(); parade_vw_; });
    (*p)++;
    // CHECK: stop = 1;
    stop = 1;
    // CHECK: tp = tp + 1;
    tp = tp + 1;
    // CHECK: WAIT_FOR((parade_flush(), flag));
    WAIT_FOR(flag);
    // REMARK: volatile-accesses.c:[[@LINE+1]]:5: remark: this access to a volatile object is not a flush (it is in a macro or a directive)
    SPIN();
  }
  // CHECK: mine = mine + 1;
  mine = mine + 1;
  // CHECK: { parade_critical_enter("parade.atomic");
  // CHECK-NEXT: counts[0] += 1; parade_critical_exit("parade.atomic"); }
#pragma omp atomic
  counts[0] += 1;
}
