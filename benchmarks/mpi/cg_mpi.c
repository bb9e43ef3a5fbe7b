/* CG by hand in MPI: rows split between ranks; each iteration gathers the
 * search direction (MPI_Allgatherv) for the local matrix-vector product and
 * makes two MPI_Allreduce dot products. Same matrix as kernels/cg.c.
 * usage: cg_mpi small|large */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static double offdiag(int i, int j) {
  int lo = i < j ? i : j, hi = i < j ? j : i;
  return -1.0 / (1.0 + (double)((lo * 7 + hi * 13) % 17));
}

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int large = argc > 1 && !strcmp(argv[1], "large");
  int n = large ? 60000 : 4000, nnz_row = 12, iterations = large ? 60 : 40;
  int offsets = nnz_row / 2, *d = malloc(sizeof(int) * offsets);
  unsigned long long s = 42;
  for (int k = 0; k < offsets; k++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    d[k] = 1 + (int)((s >> 33) % (unsigned long long)(n / 2 - 1));
  }
  int *counts = malloc(sizeof(int) * size), *displs = malloc(sizeof(int) * size);
  for (int r = 0; r < size; r++) {
    displs[r] = r * n / size;
    counts[r] = (r + 1) * n / size - displs[r];
  }
  int lo = displs[rank], rows = counts[rank], w = nnz_row + 1;
  int *col = malloc(sizeof(int) * rows * w);
  double *val = malloc(sizeof(double) * rows * w);
  for (int i = lo; i < lo + rows; i++) {
    double diag = 1.0;
    int at = (i - lo) * w + 1;
    for (int k = 0; k < offsets; k++) {
      int j1 = (i + d[k]) % n, j2 = (i - d[k] + n) % n;
      col[at] = j1; val[at++] = offdiag(i, j1);
      col[at] = j2; val[at++] = offdiag(i, j2);
      diag += fabs(offdiag(i, j1)) + fabs(offdiag(i, j2));
    }
    col[(i - lo) * w] = i;
    val[(i - lo) * w] = diag;
  }
  double *p = malloc(sizeof(double) * n), *x = calloc(rows, sizeof(double));
  double *r = malloc(sizeof(double) * rows), *q = malloc(sizeof(double) * rows);
  double *b = malloc(sizeof(double) * rows), *pl = malloc(sizeof(double) * rows);
  for (int i = 0; i < rows; i++)
    b[i] = r[i] = pl[i] = 1.0 + ((lo + i) % 7) * 0.1;
  double rho_local = 0, rho;
  for (int i = 0; i < rows; i++)
    rho_local += r[i] * r[i];
  double start = MPI_Wtime();
  MPI_Allreduce(&rho_local, &rho, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  for (int it = 0; it < iterations; it++) {
    MPI_Allgatherv(pl, rows, MPI_DOUBLE, p, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
    double pq_local = 0, pq;
    for (int i = 0; i < rows; i++) {
      double sum = 0;
      for (int k = 0; k < w; k++)
        sum += val[i * w + k] * p[col[i * w + k]];
      q[i] = sum;
      pq_local += pl[i] * sum;
    }
    MPI_Allreduce(&pq_local, &pq, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double alpha = rho / pq, rr_local = 0, rr;
    for (int i = 0; i < rows; i++) {
      x[i] += alpha * pl[i];
      r[i] -= alpha * q[i];
      rr_local += r[i] * r[i];
    }
    MPI_Allreduce(&rr_local, &rr, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    double beta = rr / rho;
    rho = rr;
    for (int i = 0; i < rows; i++)
      pl[i] = r[i] + beta * pl[i];
  }
  double elapsed = MPI_Wtime() - start;
  /* Residual of the final x. */
  MPI_Allgatherv(x, rows, MPI_DOUBLE, p, counts, displs, MPI_DOUBLE, MPI_COMM_WORLD);
  double res_local = 0, bb_local = 0, res, bb;
  for (int i = 0; i < rows; i++) {
    double sum = 0;
    for (int k = 0; k < w; k++)
      sum += val[i * w + k] * p[col[i * w + k]];
    res_local += (b[i] - sum) * (b[i] - sum);
    bb_local += b[i] * b[i];
  }
  MPI_Allreduce(&res_local, &res, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&bb_local, &bb, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  if (rank == 0)
    printf("RESULT kernel=cg size=%s n=%d time=%.6f verified=%d residual=%.3e "
           "bytes_per_iter=%ld collectives_per_iter=3\n",
           large ? "large" : "small", n, elapsed, sqrt(res / bb) < 1e-8, sqrt(res / bb),
           (long)n * (long)sizeof(double) * (size - 1) / (size > 0 ? size : 1) * size);
  MPI_Finalize();
  return 0;
}
