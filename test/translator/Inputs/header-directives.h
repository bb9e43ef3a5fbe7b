/* A header whose function holds an OpenMP directive (header-directives.c). */
static inline void scale(double *a, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
