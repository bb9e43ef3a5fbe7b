// A construct parade does not support is an error at its location naming
// it; nothing is written to the output.
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: not test -s %t.out
// CHECK-DAG: unsupported-construct.c:[[@LINE+5]]:17: error: ordered loops are not supported by parade yet
// CHECK-DAG: unsupported-construct.c:[[@LINE+6]]:1: error: OpenMP construct 'ordered' is not supported by parade
void f(int n, int *a) {
#pragma omp parallel
  {
#pragma omp for ordered
    for (int i = 0; i < n; i++) {
#pragma omp ordered
      a[i] = i;
    }
  }
}
