/* Helmholtz equation on the unit square, solved by Jacobi iteration with
 * over-relaxation: the classic OpenMP example, in plain OpenMP C. Build it
 * with paradecc (or gcc -fopenmp) and compare.
 *
 * usage: jacobi [N [M [max_iterations]]] */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

static int n, m, max_iterations;
static double alpha = 0.0543, relax = 1.0, tolerance = 1e-10;
static double dx, dy;
static double *u, *uold, *f;

static void initialize(void) {
  dx = 2.0 / (n - 1);
  dy = 2.0 / (m - 1);
#pragma omp parallel for
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      double xx = -1.0 + dx * (i - 1), yy = -1.0 + dy * (j - 1);
      u[j * n + i] = 0.0;
      f[j * n + i] = -alpha * (1.0 - xx * xx) * (1.0 - yy * yy) - 2.0 * (1.0 - xx * xx) -
                     2.0 * (1.0 - yy * yy);
    }
}

static double sweep(void) {
  double ax = 1.0 / (dx * dx), ay = 1.0 / (dy * dy);
  double b = -2.0 / (dx * dx) - 2.0 / (dy * dy) - alpha;
  double error = 0.0;
#pragma omp parallel
  {
#pragma omp for
    for (int j = 0; j < m; j++)
      for (int i = 0; i < n; i++)
        uold[j * n + i] = u[j * n + i];
#pragma omp for reduction(+:error)
    for (int j = 1; j < m - 1; j++)
      for (int i = 1; i < n - 1; i++) {
        double resid = (ax * (uold[j * n + i - 1] + uold[j * n + i + 1]) +
                        ay * (uold[(j - 1) * n + i] + uold[(j + 1) * n + i]) +
                        b * uold[j * n + i] - f[j * n + i]) / b;
        u[j * n + i] = uold[j * n + i] - relax * resid;
        error += resid * resid;
      }
  }
  return sqrt(error) / (double)(n * m);
}

int main(int argc, char **argv) {
  n = argc > 1 ? atoi(argv[1]) : 200;
  m = argc > 2 ? atoi(argv[2]) : n;
  max_iterations = argc > 3 ? atoi(argv[3]) : 100;
  if (n < 3 || m < 3 || max_iterations < 1) {
    fprintf(stderr, "usage: %s [N>=3 [M>=3 [iterations>=1]]]\n", argv[0]);
    return 2;
  }
  u = malloc(sizeof(double) * n * m);
  uold = malloc(sizeof(double) * n * m);
  f = malloc(sizeof(double) * n * m);
  double start = omp_get_wtime();
  initialize();
  int iterations = 0;
  double error = 1.0;
  while (iterations < max_iterations && error > tolerance) {
    error = sweep();
    iterations++;
  }
  double elapsed = omp_get_wtime() - start;
  double exact = 0.0;
  for (int j = 0; j < m; j++)
    for (int i = 0; i < n; i++) {
      double xx = -1.0 + dx * (i - 1), yy = -1.0 + dy * (j - 1);
      double d = u[j * n + i] - (1.0 - xx * xx) * (1.0 - yy * yy);
      exact += d * d;
    }
  printf("jacobi %dx%d: %d iterations, residual %.10e, error %.10e\n", n, m, iterations, error,
         sqrt(exact) / (double)(n * m));
  fprintf(stderr, "jacobi: %d threads, %.3f s\n", omp_get_max_threads(), elapsed);
  /* The discretisation error of this grid, not the solver's, bounds the
   * distance to the exact solution. */
  double exact_error = sqrt(exact) / (double)(n * m);
  int verified = exact_error < 1e-2 && error < 1e-3;
  fprintf(stderr, "RESULT kernel=helmholtz n=%d iterations=%d time=%.6f verified=%d residual=%.6e\n",
          n, iterations, elapsed, verified, error);
  free(u);
  free(uold);
  free(f);
  return 0;
}
