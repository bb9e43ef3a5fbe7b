// exit(0) from rank 0's serial code ends the job with status 0 at one
// rank too (with one rank the runtime returned from its exit handler
// without MPI_Finalize, and mpirun reported a failure: status 1; Rodinia's
// backprop ends this way). exit(3) keeps its status.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 not %mpirun -np 1 %t 3
// CHECK: sum 45
#include <stdio.h>
#include <stdlib.h>

static void setup(int code) {
  int sum = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 10; i++)
    sum += i;
  printf("sum %d\n", sum);
  exit(code);
}

int main(int argc, char **argv) {
  setup(argc > 1 ? atoi(argv[1]) : 0);
  return 1;
}
