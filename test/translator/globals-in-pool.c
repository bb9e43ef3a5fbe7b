// File-scope and static variables live in the pool behind pointers that a
// constructor sets identically on every rank; const data stays put;
// threadprivate becomes _Thread_local.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// CHECK: double (*parade_g_grid)[8][8];
// CHECK: static const double parade_gi_{{[0-9]+}}[8][8] = {{[{][{]}}1, 2}};
// CHECK: parade_g_grid = parade_static_alloc(sizeof(double[8][8]), _Alignof(double[8][8]), &parade_gi_{{[0-9]+}});
// CHECK: static int *parade_g_hits_{{[0-9]+}};
// CHECK: const int limit = 8;
// CHECK: static _Thread_local int seed;
// CHECK: (*parade_g_grid)[i][j] = limit;
// CHECK: (*parade_g_hits_{{[0-9]+}})++;
double grid[8][8] = {{1, 2}};
static int hits;
const int limit = 8;
static int seed;
#pragma omp threadprivate(seed)

void fill(int i, int j) {
  grid[i][j] = limit;
  hits++;
  seed = i;
}
