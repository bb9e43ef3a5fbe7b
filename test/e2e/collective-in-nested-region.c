// A critical or atomic mapped to a collective, in a region nested inside
// another (serialized: a team of one beside the enclosing team's other
// threads, also when the region is in a function called from one), takes
// the lock instead: the team of one combined into the shared variable
// directly while the other threads did the same, and updates were lost
// (462 of 800 at 2x2, found by review).
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: collective-in-nested-region: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

long x, z;
double d;

static void called(void) {
#pragma omp parallel
  {
#pragma omp critical
    z += 2;
  }
}

int main(void) {
  int n = 0, bad = 0;
  for (int rep = 0; rep < 100; rep++) {
    x = z = 0;
    d = 0;
#pragma omp parallel
    {
#pragma omp single
      n = omp_get_num_threads();
#pragma omp parallel
      {
#pragma omp critical
        x += 1;
#pragma omp atomic
        d += 1.0;
      }
      called();
    }
    bad += x != n || d != n || z != 2 * n;
  }
  printf("rounds with a lost update: %d of 100\n", bad);
  return 0;
}
