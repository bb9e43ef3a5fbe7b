// A tile in another tile's nest is an error at the inner one; so are a
// loop directive that would collapse the loops of a tile (beyond its floor
// loops) and lastprivate of a tiled loop variable. Nothing is written to
// the output. (Clang itself refuses a tile whose bounds name an
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
  int i;
// CHECK-DAG: tile-errors.c:[[@LINE+1]]:1: error: lastprivate or linear of a loop variable of a tile is not supported by parade
#pragma omp parallel for lastprivate(i)
#pragma omp tile sizes(4)
  for (i = 0; i < n; i++)
    a[i] += 1;
// CHECK-DAG: tile-errors.c:[[@LINE+1]]:1: error: a loop directive over a tile may collapse its floor loops only in parade (not the loops of a tile)
#pragma omp parallel for collapse(2)
#pragma omp tile sizes(4)
  for (int p = 0; p < n; p++)
    for (int q = 0; q < n; q++)
      m[p][q] += 1;
}
