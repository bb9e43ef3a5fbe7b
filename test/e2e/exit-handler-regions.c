// What runs after main returns runs once, as in one process, with the DSM
// and the team still there:
//   - an atexit handler with a parallel region hung at one rank with two
//     threads (the team was shut down before exit() ran the handlers);
//   - a destructor that reads shared data written in a region crashed on
//     every rank but 0 (the program's destructors ran on every rank, after
//     the DSM was shut down), and so did one with a parallel region
//     (MPI_Isend after MPI_Finalize), which hung at one rank.
// (Found by a sweep of public-suite-style programs.)
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: exit-handler-regions: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>

double data[4096];

static void report(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  double s = 0;
  for (int i = 0; i < 4096; i++)
    s += data[i];
  printf("atexit: a region of %s, sum %.1f\n", n > 0 ? "some threads" : "none", s);
}

__attribute__((destructor)) static void fini_reads(void) {
  double s = 0;
  for (int i = 0; i < 4096; i++)
    s += data[i];
  printf("destructor: sum %.1f\n", s);
}

__attribute__((destructor)) static void fini_region(void) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 4096; i++)
    s += data[i] * 2;
  printf("destructor with regions: %s, twice the sum %.1f\n", n > 0 ? "ran" : "did not run", s);
}

int main(void) {
  atexit(report);
#pragma omp parallel for
  for (int i = 0; i < 4096; i++)
    data[i] = i;
  printf("main done\n");
  return 0;
}
