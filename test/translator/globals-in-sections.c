// File-scope variables keep their names and declarations; one
// redeclaration at the end of the file puts each shared one in the DSM's
// sections (initialised or zero). Const data stays put; threadprivate
// becomes __thread (not C11's _Thread_local: -std=c99 -pedantic-errors);
// static locals go to the pool behind a pointer.
//
// RUN: %translate %s -- | grep -v "^//" | FileCheck %s
// CHECK: double grid[8][8] = {{[{][{]}}1, 2}};
// CHECK: static int hits;
// CHECK: const int limit = 8;
// CHECK: static __thread int seed;
// CHECK: static int *parade_g_calls_{{[0-9]+}};
// CHECK: grid[i][j] = limit;
// CHECK: hits++;
// CHECK: (*parade_g_calls_{{[0-9]+}})++;
// CHECK: extern __typeof__(grid) grid PARADE_SHARED_DATA;
// CHECK-NEXT: extern __typeof__(hits) hits PARADE_SHARED_BSS;
// CHECK-NOT: limit
// CHECK-NOT: seed
double grid[8][8] = {{1, 2}};
static int hits;
const int limit = 8;
static int seed;
#pragma omp threadprivate(seed)

void fill(int i, int j) {
  grid[i][j] = limit;
  hits++;
  seed = i;
  static int calls;
  calls++;
}
