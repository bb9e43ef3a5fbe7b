// A detached task that would have to run in place (it holds a parallel
// region) is refused at its detach clause: run in place, its event would
// never be bound to it, and nothing would wait for it.
//
// RUN: not %translate %s -- 2>&1 | FileCheck %s
#include <omp.h>

void f(int *a) {
  omp_event_handle_t ev;
// CHECK: detach-refused.c:[[@LINE+1]]:{{[0-9]+}}: error: a detached task that must run at once (it holds a parallel region) is not supported by parade
#pragma omp task detach(ev) shared(a)
  {
#pragma omp parallel
    a[0] = 1;
  }
}
