/* A header whose function holds an OpenMP directive (header-directives.c). */
/* simd changes nothing a thread runs: dropped, it is harmless. */
static inline double sum(const double *a, int n) {
  double s = 0;
#pragma omp simd reduction(+ : s)
  for (int i = 0; i < n; i++)
    s += a[i];
  return s;
}
static inline void scale(double *a, int n) {
#pragma omp for
  for (int i = 0; i < n; i++)
    a[i] += 1;
}
