// main may declare its arguments const (`const char **argv`, mini-nbody's
// `int main(const int argc, const char **argv)`): the translation passes
// them as main declared them, so -Werror builds (and gcc 14, where the
// mismatch is an error) build it as gcc -fopenmp does.
//
// REQUIRES: translator
// RUN: %paradecc -Wall -Wextra -Werror %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t x | FileCheck %s
// CHECK: args 2 x team-ok 1
#include <stdio.h>

int main(const int argc, const char **argv) {
  int n = 0;
#pragma omp parallel reduction(+ : n)
  n++;
  printf("args %d %s team-ok %d\n", argc, argv[argc - 1], n > 0);
  return 0;
}
