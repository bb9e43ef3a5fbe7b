// A construct parade does not support is an error at its location naming
// it; nothing is written to the output. (OpenMP 6.0's reverse, which
// Clang 19 parses when asked for 6.0.)
//
// RUN: not %translate %s -- -fopenmp-version=60 > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
void f(int n, int *a) {
#pragma omp parallel
  {
// CHECK-DAG: unsupported-construct.c:[[@LINE+1]]:1: error: OpenMP construct 'reverse' is not supported by parade
#pragma omp reverse
    for (int i = 0; i < n; i++)
      a[i] = i;
  }
}
