// An in_reduction task that no taskgroup task_reduction or reduction with
// the task modifier encloses when it is created (here an orphaned task,
// which the translator cannot check) is an error at run time, naming the
// variable, rather than a combine into the original that no scope joins.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 -- %mpirun -np 2 %t | FileCheck %s
// CHECK: parade: error: [rank 0] in_reduction of 'total' (at {{.*}}) in a task that no taskgroup task_reduction or reduction with the task modifier of 'total' encloses
#include <stdio.h>

long total;

void add(long v) {
#pragma omp task in_reduction(+ : total)
  total += v;
}

int main(void) {
#pragma omp parallel
#pragma omp single
  add(1);
  printf("not reached: %ld\n", total);
  return 0;
}
