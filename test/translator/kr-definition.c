// An old-style (K&R) definition in a program gcc compiles without a
// warning: paradecc printed Clang's "a function definition without a
// prototype is deprecated" during the translation. Found by a helper
// acting as a new user.
//
// REQUIRES: translator
// RUN: %paradecc -Wall -Wextra -O2 %s -o %t 2>&1 | FileCheck %s --allow-empty
// CHECK-NOT: warning
// RUN: env OMP_NUM_THREADS=2 %t | FileCheck %s --check-prefix=OUT
// OUT: sum 8
#include <stdio.h>

int add(a, b) int a, b;
{ return a + b; }

int main(void) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < 4; i++)
    s += add(i, 0) - i + 2;
  printf("sum %d\n", s);
  return 0;
}
