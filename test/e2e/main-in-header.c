// main defined in a header that the file includes: it was compiled as it
// was, so the program ran without parade's runtime (every rank ran the
// whole program on its own, a critical divided by zero, sums were wrong).
// It now becomes parade_user_main by a macro the header sees. Found by a
// helper acting as a new user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: main-in-header: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

static void run(int *out) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 100; i++)
    s += i;
#pragma omp parallel
  {
#pragma omp critical
    s += 1;
  }
  *out = s;
}

#include "Inputs/main-in-header/main.h"
