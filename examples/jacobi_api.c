/* Helmholtz equation solved by Jacobi iteration with over-relaxation, the
 * classic OpenMP example, written by hand against parade.h as the
 * translator will generate it: each iteration is a parallel region with two
 * statically scheduled loops and a (+) reduction of the residual.
 *
 * usage: jacobi_api [N [M [max_iterations]]] */
#include <parade.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

struct grid {
  int n, m;
  double dx, dy, alpha, relax;
  double *u, *uold, *f;
  double ax, ay, b;
};

static void static_block(int count, int *lo, int *hi) {
  int threads = parade_num_threads(), me = parade_thread_num();
  int chunk = count / threads, extra = count % threads;
  *lo = me * chunk + (me < extra ? me : extra);
  *hi = *lo + chunk + (me < extra);
}

static void init_region(void *arg) {
  const struct grid *g = arg;
  int lo, hi;
  static_block(g->m, &lo, &hi);
  for (int j = lo; j < hi; j++)
    for (int i = 0; i < g->n; i++) {
      double xx = -1.0 + g->dx * (i - 1), yy = -1.0 + g->dy * (j - 1);
      g->u[j * g->n + i] = 0.0;
      g->f[j * g->n + i] = -g->alpha * (1.0 - xx * xx) * (1.0 - yy * yy) -
                           2.0 * (1.0 - xx * xx) - 2.0 * (1.0 - yy * yy);
    }
}

struct step {
  struct grid g;
  double *error; /* in the pool: the reduction's shared target */
};

static void sweep_region(void *arg) {
  const struct step *s = arg;
  const struct grid *g = &s->g;
  int n = g->n, lo, hi;
  static_block(g->m, &lo, &hi);
  for (int j = lo; j < hi; j++)
    for (int i = 0; i < n; i++)
      g->uold[j * n + i] = g->u[j * n + i];
  parade_barrier();
  double error = 0.0;
  static_block(g->m - 2, &lo, &hi);
  for (int j = lo + 1; j < hi + 1; j++)
    for (int i = 1; i < n - 1; i++) {
      double resid = (g->ax * (g->uold[j * n + i - 1] + g->uold[j * n + i + 1]) +
                      g->ay * (g->uold[(j - 1) * n + i] + g->uold[(j + 1) * n + i]) +
                      g->b * g->uold[j * n + i] - g->f[j * n + i]) / g->b;
      g->u[j * n + i] = g->uold[j * n + i] - g->relax * resid;
      error += resid * resid;
    }
  parade_reduce_var var = {&error, 1, PARADE_DOUBLE, PARADE_OP_SUM};
  parade_allreduce(&var, 1);
  if (parade_thread_num() == 0)
    *s->error = error;
}

static int app_main(int argc, char **argv) {
  struct step s;
  struct grid *g = &s.g;
  g->n = argc > 1 ? atoi(argv[1]) : 200;
  g->m = argc > 2 ? atoi(argv[2]) : g->n;
  int max_iterations = argc > 3 ? atoi(argv[3]) : 100;
  if (g->n < 3 || g->m < 3 || max_iterations < 1) {
    fprintf(stderr, "usage: %s [N>=3 [M>=3 [iterations>=1]]]\n", argv[0]);
    return 2;
  }
  g->alpha = 0.0543;
  g->relax = 1.0;
  g->dx = 2.0 / (g->n - 1);
  g->dy = 2.0 / (g->m - 1);
  g->ax = 1.0 / (g->dx * g->dx);
  g->ay = 1.0 / (g->dy * g->dy);
  g->b = -2.0 / (g->dx * g->dx) - 2.0 / (g->dy * g->dy) - g->alpha;
  size_t cells = (size_t)g->n * (size_t)g->m;
  g->u = parade_malloc(cells * sizeof(double));
  g->uold = parade_malloc(cells * sizeof(double));
  g->f = parade_malloc(cells * sizeof(double));
  s.error = parade_malloc(sizeof(double));
  double start = parade_wtime();
  parade_parallel(init_region, g, sizeof *g, 0, 1);
  int iterations = 0;
  double error = 1.0;
  while (iterations < max_iterations && error > 1e-10) {
    parade_parallel(sweep_region, &s, sizeof s, 0, 1);
    error = sqrt(*s.error) / (double)cells;
    iterations++;
  }
  double elapsed = parade_wtime() - start;
  /* Error against the exact solution u = (1-x^2)(1-y^2). */
  double exact_error = 0.0;
  for (int j = 0; j < g->m; j++)
    for (int i = 0; i < g->n; i++) {
      double xx = -1.0 + g->dx * (i - 1), yy = -1.0 + g->dy * (j - 1);
      double diff = g->u[j * g->n + i] - (1.0 - xx * xx) * (1.0 - yy * yy);
      exact_error += diff * diff;
    }
  exact_error = sqrt(exact_error) / (double)cells;
  printf("jacobi %dx%d on %d rank(s) x %d thread(s): %d iterations, residual %.10e, "
         "error %.10e, %.3f s\n",
         g->n, g->m, parade_node_count(), parade_default_threads_per_node(), iterations, error,
         exact_error, elapsed);
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
