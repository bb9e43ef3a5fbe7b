// A stack VLA whose address escapes, named inside a macro's argument
// (PolyBench's POLYBENCH_ARRAY(A) with -DPOLYBENCH_STACK_ARRAYS, all its
// kernels): it lives in the pool, and its name inside the macro could not
// stand for that storage (a VLA's declaration cannot stay beside it), so it
// was refused. The invocation is now written out as its expansion, and the
// file translated again. Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: vla-macro-argument: all 5 configurations match gcc -fopenmp
#include <stdio.h>
#include <stdlib.h>
#define ARRAY(x) x

static void kern(int n, double A[n][n]) {
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      A[i][j] = i * 10 + j;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 7;
  double A[n][n];
  kern(n, ARRAY(A));
  double s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      s += A[i][j];
  printf("sum = %g\n", s);
  return 0;
}
