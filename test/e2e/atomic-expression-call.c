// An atomic's expression is evaluated outside the atomic access (OpenMP;
// gcc): a call there may meet the same atomic again (recursion, BOTS
// floorplan's `nnc += add_cell(...)`) or wait in a taskwait for tasks that
// update atomically. parade's lock path held the atomic lock across the
// call, and each of these hung at every configuration.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: atomic-expression-call: all 5 configurations match gcc -fopenmp
#include <stdio.h>

static int depth_sum(int level) {
  int n = 1;
  if (level < 3) {
#pragma omp atomic
    n += depth_sum(level + 1);
#pragma omp atomic
    n += depth_sum(level + 1) * 2;
  }
  return n;
}

static long cells;

static long add_cells(int level) {
  long made = 0;
  for (int k = 0; k < 3; k++) {
#pragma omp task shared(made) firstprivate(level)
    {
      long sub = level < 3 ? add_cells(level + 1) : 1;
#pragma omp atomic
      made += sub;
    }
  }
#pragma omp taskwait
  return made;
}

struct bits {
  unsigned b : 4;
  int k;
};

int main(void) {
  int r = 0, cx = 0, cv = 0;
  long total = 0;
  struct bits sb = {3, 0};
#pragma omp parallel
  {
#pragma omp single
    r = depth_sum(0);
#pragma omp single
    {
#pragma omp atomic
      cells += add_cells(0);
    }
#pragma omp atomic
    total += add_cells(2);
    /* The expression's type is Sema's: __typeof__ refuses a bit-field. */
    if (cv >= 0) {
#pragma omp atomic capture
      cv = cx += sb.b;
    }
  }
  printf("r=%d cells=%ld total-per-thread-ok=%d bit-field-ok=%d\n", r, cells, total % 9 == 0,
         cx > 0 && cx % 3 == 0);
  return 0;
}
