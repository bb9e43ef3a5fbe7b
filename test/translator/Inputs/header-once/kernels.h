#pragma once
/* Included by a.h and b.h: written into the main file through a.h, it
 * would be included again by b.h and define scale twice. */
static inline void scale(double *a, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
