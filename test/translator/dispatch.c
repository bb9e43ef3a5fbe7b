// dispatch runs its call in place (the host is the device), after the
// tasks its depend clause names; a call to a function that has a declare
// variant is refused there, since Clang 19 does not choose the dispatch
// variant (the base would run silently). A call outside dispatch that
// Sema resolved to a variant names the variant.
//
// RUN: %translate -Rparade %s -- 2>&1 | FileCheck %s
// RUN: not %translate %s -- -DWITH_VARIANT 2>&1 | FileCheck %s --check-prefix=REFUSED
int g(int x);
int gv(int x);
#pragma omp declare variant(gv) match(device = {kind(host)})
int h(int x);
#pragma omp declare variant(gv) match(construct = {dispatch})
int k(int x);

int f(int n) {
  int r = 0;
// CHECK: remark: call to 'h' is to its variant 'gv' here
// CHECK: remark: dispatch runs its call in place: the host is the device
// CHECK: { parade_task_depend((const void *)&(n), PARADE_DEP_IN); parade_taskwait_depend(0);
// CHECK-NEXT: #line
// CHECK-NEXT: r = g(n); }
#pragma omp dispatch depend(in : n)
  r = g(n);
// CHECK: return r + gv(1);
#ifdef WITH_VARIANT
// REFUSED: error: dispatch of 'k', which has a declare variant, is not supported by parade (Clang 19 does not choose the variant)
#pragma omp dispatch
  r = k(2);
#endif
  return r + h(1);
}
