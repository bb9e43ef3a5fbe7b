// A static local named in a threadprivate directive is one variable per
// thread. The directive was passed through and ignored (the translation is
// compiled without -fopenmp), so the threads of a rank shared one counter
// (bad=2000 at 2x2, gcc 0), and one declared in main failed to compile
// when main's region named it ("'t' undeclared"). It now becomes a
// thread-local variable at file scope. Found by a helper acting as a new
// user.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: threadprivate-static-local: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdio.h>

static int counter(void) {
  static int c = 0;
#pragma omp threadprivate(c)
  return ++c;
}

static double *scratch(void) {
  static double buf[4];
#pragma omp threadprivate(buf)
  return buf;
}

int main(void) {
  int bad = 0;
  static int t = 5;
#pragma omp threadprivate(t)
#pragma omp parallel reduction(+ : bad) copyin(t)
  {
    for (int k = 0; k < 1000; k++)
      if (counter() != k + 1)
        bad++;
    double *b = scratch();
    for (int k = 0; k < 4; k++)
      b[k] = omp_get_thread_num() + k;
    if (t != 5)
      bad++;
    t += omp_get_thread_num();
#pragma omp barrier
    for (int k = 0; k < 4; k++)
      if (scratch()[k] != omp_get_thread_num() + k)
        bad++;
    if (t != 5 + omp_get_thread_num())
      bad++;
  }
  printf("bad=%d t=%d next=%d\n", bad, t, counter());
  return 0;
}
