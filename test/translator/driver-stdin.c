// The source may come on standard input, as with gcc: `-x c -` compiles
// it, and `-dM -E -` (a common check for _OPENMP) preprocesses it. Both
// were "no input files". Found by helpers acting as new users.
//
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: echo | %paradecc -dM -E - | FileCheck %s --check-prefix=CPP
// CPP: #define _OPENMP 202111
// RUN: cat %s | %paradecc -O2 -x c - -o prog && ./prog | FileCheck %s
// CHECK: sum 45
#include <stdio.h>

int main(void) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 10; i++)
    s += i;
  printf("sum %d\n", s);
  return 0;
}
