// A function prototype and an extern variable declared inside the function
// that holds a region (LLNL's omp_bug3.c declares print_results in main):
// the region's body moves to a function of its own at file scope, which
// did not see them ("implicit declaration of function 'half'", "'counter'
// undeclared"). They are now also declared at file scope, before it.
// Found by a helper.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: block-scope-declarations: all 5 configurations match gcc -fopenmp
// RUN: %paradecc -Wall -Werror -c %s -o %t.o
#include <stdio.h>

int main(void) {
  double r[8] = {0};
  double half(double x);
  extern int counter;
#pragma omp parallel for
  for (int i = 0; i < 8; i++)
    r[i] = half(i + 1.0) + counter;
  double t = 0;
#pragma omp parallel
#pragma omp single
#pragma omp task shared(t)
  t = half(counter);
  printf("%g %g %g %g %g\n", r[0], r[1], r[6], r[7], t);
  return 0;
}

double half(double x) { return x / 2; }
int counter = 10;
