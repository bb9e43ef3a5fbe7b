#pragma once
#pragma GCC system_header
/* Functions that hold directives, defined in a header (header-functions.c). */
#include "helper.h"
#include "wrap.h"
#include <stdio.h>

static inline void scale(double *a, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] = twice(a[i]) * SCALE + WRAPPED;
}

static double total(const double *a, int n) {
  double s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  printf("total at %s:%d\n", __FILE__, __LINE__);
  return s;
}
