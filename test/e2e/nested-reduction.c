// A reduction of a team serialized inside an active region (a nested
// parallel, a parallel for in a function called from a region, a for in a
// nested region) combines into an original that the other threads of the
// enclosing team combine into at the same moment, from any node. Each
// nested team's thread 0 combined without a lock, so updates were lost
// (gcc makes such a combine atomic); now the combine takes the lock when
// the team is nested in an active one. Each round checks the totals
// against the outer team's size.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: nested-reduction: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long x, y;
double z;

static void inner(void) {
#pragma omp parallel for reduction(+ : y)
  for (int i = 0; i < 100; i++)
    y += 1;
}

int main(void) {
  int bad = 0;
  for (int r = 0; r < 50; r++) {
    int n = 0;
    x = y = 0;
    z = 0;
#pragma omp parallel
    {
#pragma omp single
      n = omp_get_num_threads();
#pragma omp parallel reduction(+ : x)
      x += 1;
      inner();
#pragma omp parallel
      {
#pragma omp for reduction(+ : z)
        for (int i = 0; i < 10; i++)
          z += 0.5;
      }
    }
    bad += x != n || y != 100L * n || z != 5.0 * n;
  }
  printf("rounds with a lost nested reduction: %d of 50\n", bad);
  return 0;
}
