// Macros that a function defines in its body, used in its regions and
// tasks: the outlined code, placed before the function, must see them
// (they were undefined there), and the function's later redefinition of
// one must reach the regions after it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: local-macros: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>

static long compute(void) {
#define STEPS 40
#define SQUARE(x) ((x) * (x))
  long total = 0;
#pragma omp parallel for reduction(+ : total)
  for (int i = 0; i < STEPS; i++)
    total += SQUARE(i);
#undef STEPS
#define STEPS 7
  long more = 0;
#pragma omp parallel
  {
#pragma omp single
    {
#pragma omp task shared(more)
      {
#pragma omp atomic
        more += STEPS;
      }
    }
  }
  return total + more;
}

int main(void) {
  printf("%ld\n", compute());
  return 0;
}
