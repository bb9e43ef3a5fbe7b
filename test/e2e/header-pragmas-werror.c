// A header's OpenMP pragmas (threadprivate, declare simd) do not break a
// -Wall -Werror build: the translation is compiled without -fopenmp, where
// gcc called them unknown pragmas (an error with -Werror); gcc -fopenmp
// knows them.
//
// REQUIRES: translator
// RUN: %paradecc -Wall -Werror -I%S/Inputs/pragma-header %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t | FileCheck %s
// CHECK: counted 2
#include <pragmas.h>
#include <stdio.h>

int counter;

int twice(int x) { return 2 * x; }

int main(void) {
  int total = 0;
#pragma omp parallel reduction(+ : total)
  {
    counter = 1;
    total += counter > 0;
  }
  printf("counted %d\n", twice(total) / total * (total > 0));
  return 0;
}
