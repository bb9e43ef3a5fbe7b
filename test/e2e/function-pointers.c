// Function pointers stored in shared data (a global table and a heap
// array) are called by threads of every rank. paradecc links a
// position-dependent executable so code addresses agree across ranks;
// before, rank 1 crashed calling rank 0's address.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: function-pointers: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
typedef double (*op_t)(double);
static double twice(double x) { return 2 * x; }
static double square(double x) { return x * x; }
op_t ops[2] = {twice, square};
struct job { op_t f; double x; };
int main(void) {
  struct job *jobs = malloc(100 * sizeof *jobs);
  for (int i = 0; i < 100; i++) { jobs[i].f = ops[i % 2]; jobs[i].x = i; }
  double s = 0;
  #pragma omp parallel for reduction(+:s)
  for (int i = 0; i < 100; i++) s += jobs[i].f(jobs[i].x) + ops[(i + 1) % 2](1.0);
  printf("%g\n", s);
  return 0;
}
