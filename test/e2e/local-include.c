// paradecc compiles the translation from a temporary file; a quoted
// include must still find the header beside the source.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: local-include: all 5 configurations match gcc -fopenmp
#include <stdio.h>

#include "Inputs/local_header.h"

int main(void) {
  long sum = 0;
#pragma omp parallel for reduction(+:sum)
  for (int i = 0; i < 100; i++)
    sum += twice(i);
  printf("sum=%ld\n", sum);
  return 0;
}
