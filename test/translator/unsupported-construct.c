// A construct parade does not support is an error at its location naming
// it; nothing is written to the output.
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
void g(int *a);
void f(int n, int *a) {
#pragma omp parallel
  {
// CHECK-DAG: unsupported-construct.c:[[@LINE+1]]:1: error: OpenMP construct 'dispatch' is not supported by parade
#pragma omp dispatch
    g(a);
  }
}
