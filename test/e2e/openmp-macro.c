// The translation is compiled without -fopenmp, yet a program's
// #ifdef _OPENMP blocks must take the OpenMP side, as they did when the
// translator read them: before, _OPENMP was undefined in the final compile
// and the serial stubs below silently replaced the runtime's routines.
// main has no return statement: reaching its end returns 0 (C99), also
// once the translator has renamed it.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: openmp-macro: all {{[0-9]+}} configurations match gcc -fopenmp
#include <stdio.h>
#ifdef _OPENMP
#include <omp.h>
#else
static int omp_get_num_threads(void) { return 1; }
static int omp_get_thread_num(void) { return 0; }
#endif

int main(void) {
  int team = 0, ids = 0;
#pragma omp parallel reduction(+ : ids)
  {
#pragma omp single
    team = omp_get_num_threads();
    ids += omp_get_thread_num();
  }
#if defined(_OPENMP) && _OPENMP >= 201511
  const char *version = "4.5 or later";
#else
  const char *version = "none";
#endif
  printf("team of more than one: %s; ids sum to n(n-1)/2: %s; OpenMP %s\n",
         team > 1 ? "yes" : "no", ids == team * (team - 1) / 2 ? "yes" : "no", version);
}
