// C11 atomics are atomic among one process's threads only: on parade they
// lost updates across ranks (a++ gave 500 of 1000 at 2x2) and a hand-off
// through atomic_store/atomic_load hung. Each is refused where the program
// uses it. Found by a helper acting as a new user. The compiler's
// __sync/__atomic builtins are renamed to parade.h's macros (e2e/
// atomic-builtins.c), except arithmetic on a pointer, which the builtin
// does not scale.
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
#include <stdatomic.h>

_Atomic int a = 0;
int b = 0;
int *p;
atomic_int ready;

int main(void) {
#pragma omp parallel for
  for (int i = 0; i < 1000; i++) {
// CHECK-DAG: c-atomics.c:[[@LINE+3]]:{{[0-9]+}}: error: _Atomic variable 'a' is not supported by parade: it is atomic among the threads of one node only. Use '#pragma omp atomic' (or a critical) instead
// CHECK-DAG: c-atomics.c:[[@LINE+2]]:{{[0-9]+}}: error: '__sync_fetch_and_add' on a pointer is not supported by parade (the builtin adds bytes, not elements); use an integer type
// CHECK-NOT: error: '__atomic_fetch_add'
    a++; __sync_fetch_and_add(&p, 1); __atomic_fetch_add(&b, 1, __ATOMIC_SEQ_CST);
  }
// CHECK-DAG: c-atomics.c:[[@LINE+2]]:{{[0-9]+}}: error: this C11 atomic operation is not supported by parade
// CHECK-DAG: c-atomics.c:[[@LINE+1]]:{{[0-9]+}}: error: _Atomic variable 'ready' is not supported by parade
  atomic_store_explicit(&ready, 1, memory_order_release);
  return a + b;
}
