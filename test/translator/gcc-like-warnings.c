// paradecc warns as gcc -fopenmp does: the translation is compiled by gcc,
// which gives its own warnings, so Clang's warnings that gcc does not have
// (`if ((p == NULL))`, BOTS sparselu; an int constant that a float cannot
// hold, BOTS health) are not printed by the translator, while warnings
// about OpenMP (an `error` directive at compile time) are.
//
// RUN: %paradecc -Wall -O2 -c %s -o %t.o 2>&1 | FileCheck %s --allow-empty --implicit-check-not=warning:
// CHECK: gcc-like-warnings.c:[[@LINE+12]]:{{[0-9]+}}: warning: checked at compile time
#include <stddef.h>

#define IM 2147483647

long scale(float answer, char **argv) {
  long seed = (long)(answer * IM);
  if ((argv[0] == NULL))
    return 0;
  long n = 0;
#pragma omp parallel reduction(+ : n)
  {
#pragma omp error at(compilation) severity(warning) message("checked at compile time")
    n += 1;
  }
  return seed + n;
}

// A shared variable the region only names (set after it, on an earlier
// pass): gcc says nothing, and the translation, which packs it by value
// before the fork, said it was used uninitialized (Rodinia lud).
int passes(double *a) {
  int n = 8, used_later;
  for (int pass = 0; pass < 2; pass++) {
#pragma omp parallel for default(none) shared(n, a, used_later)
    for (int i = 0; i < n; i++)
      a[i] += i;
    used_later = pass;
  }
  return used_later;
}
