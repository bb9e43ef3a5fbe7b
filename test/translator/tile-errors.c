// A tile in another tile's nest is an error at the inner one; nothing is
// written to the output. (Clang itself refuses a tile whose bounds name an
// outer loop variable.)
//
// RUN: not %translate %s -- > %t.out 2> %t.err
// RUN: FileCheck %s --implicit-check-not="internal error" < %t.err
// RUN: not test -s %t.out
void f(int n, int *a, int (*m)[64]) {
// CHECK-DAG: tile-errors.c:[[@LINE+3]]:1: error: a loop transformation inside a collapsed loop nest is not supported by parade
#pragma omp tile sizes(4, 4)
  for (int i = 0; i < n; i++)
#pragma omp tile sizes(2)
    for (int j = 0; j < n; j++)
      m[i][j] = 0;
}
