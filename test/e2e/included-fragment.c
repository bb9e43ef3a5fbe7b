// A function whose body #includes a fragment with a directive (a loop
// kept in a file of its own): the fragment is not the main file, so the
// directive was dropped with nothing said and the loop ran serially on
// rank 0. The fragment is now written into the file and translated.
// Found by a review.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: included-fragment: all 5 configurations match gcc -fopenmp
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t 2>&1 | FileCheck %s --check-prefix=SPREAD
// SPREAD: threads 2
#include <omp.h>
#include <stdio.h>

static void step(double *a, int n, int *threads) {
#include "Inputs/included-fragment.inc"
}

int main(void) {
  double a[1000] = {0};
  int threads = 0;
  step(a, 1000, &threads);
  double s = 0;
  for (int i = 0; i < 1000; i++)
    s += a[i];
  printf("sum %g\n", s);
  fprintf(stderr, "threads %d\n", threads); // not compared: 3 threads with gcc
  return 0;
}
