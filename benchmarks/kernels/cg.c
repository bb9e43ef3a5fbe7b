/* CG: conjugate gradient on a random sparse symmetric positive definite
 * matrix, in the style of NAS CG. Row i has non-zeros at columns i +- d for
 * a set of random offsets d (so the pattern is symmetric), values from a
 * symmetric function of (i, j), and a diagonal that dominates its row.
 * Verified by the relative residual ||b - Ax|| / ||b|| recomputed at the end.
 *
 * usage: cg small|large */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int n, nnz_row, iterations;
static int *col;
static double *val, *x, *r, *p, *q, *b;

static double offdiag(int i, int j) {
  int lo = i < j ? i : j, hi = i < j ? j : i;
  return -1.0 / (1.0 + (double)((lo * 7 + hi * 13) % 17));
}

static void build(void) {
  int offsets = nnz_row / 2;
  int *d = malloc(sizeof(int) * offsets);
  unsigned long long s = 42;
  for (int k = 0; k < offsets; k++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    d[k] = 1 + (int)((s >> 33) % (unsigned long long)(n / 2 - 1));
  }
  col = malloc(sizeof(int) * n * (nnz_row + 1));
  val = malloc(sizeof(double) * n * (nnz_row + 1));
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double diag = 1.0;
    int at = i * (nnz_row + 1) + 1;
    for (int k = 0; k < offsets; k++) {
      int j1 = (i + d[k]) % n, j2 = (i - d[k] + n) % n;
      col[at] = j1;
      val[at++] = offdiag(i, j1);
      col[at] = j2;
      val[at++] = offdiag(i, j2);
      diag += fabs(offdiag(i, j1)) + fabs(offdiag(i, j2));
    }
    col[i * (nnz_row + 1)] = i;
    val[i * (nnz_row + 1)] = diag;
  }
  free(d);
}

static void matvec(const double *in, double *out) {
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    double sum = 0;
    for (int k = 0; k < nnz_row + 1; k++)
      sum += val[i * (nnz_row + 1) + k] * in[col[i * (nnz_row + 1) + k]];
    out[i] = sum;
  }
}

static double dot(const double *u, const double *v) {
  double sum = 0;
#pragma omp parallel for reduction(+:sum)
  for (int i = 0; i < n; i++)
    sum += u[i] * v[i];
  return sum;
}

int main(int argc, char **argv) {
  const char *which = argc > 1 ? argv[1] : "small";
  int large = !strcmp(which, "large");
  n = large ? 60000 : 4000;
  nnz_row = 12;
  iterations = large ? 60 : 40;
  build();
  x = malloc(sizeof(double) * n);
  r = malloc(sizeof(double) * n);
  p = malloc(sizeof(double) * n);
  q = malloc(sizeof(double) * n);
  b = malloc(sizeof(double) * n);
#pragma omp parallel for
  for (int i = 0; i < n; i++) {
    b[i] = 1.0 + (i % 7) * 0.1;
    x[i] = 0;
    r[i] = b[i];
    p[i] = b[i];
  }
  double start = omp_get_wtime();
  double rho = dot(r, r);
  for (int it = 0; it < iterations; it++) {
    matvec(p, q);
    double alpha = rho / dot(p, q);
#pragma omp parallel for
    for (int i = 0; i < n; i++) {
      x[i] += alpha * p[i];
      r[i] -= alpha * q[i];
    }
    double rho_new = dot(r, r);
    double beta = rho_new / rho;
    rho = rho_new;
#pragma omp parallel for
    for (int i = 0; i < n; i++)
      p[i] = r[i] + beta * p[i];
  }
  double elapsed = omp_get_wtime() - start;
  matvec(x, q);
  double res = 0, bb = 0;
  for (int i = 0; i < n; i++) {
    res += (b[i] - q[i]) * (b[i] - q[i]);
    bb += b[i] * b[i];
  }
  double rel = sqrt(res / bb);
  int ok = rel < 1e-8;
  printf("RESULT kernel=cg size=%s n=%d iterations=%d time=%.6f verified=%d residual=%.3e\n",
         which, n, iterations, elapsed, ok, rel);
  return ok ? 0 : 1;
}
