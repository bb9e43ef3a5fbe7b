/* Helmholtz/Jacobi by hand in MPI: rows split between ranks, a halo
 * exchange of one row with each neighbour per iteration and one
 * MPI_Allreduce of the residual: the lower bound on messages and bytes that
 * parade's DSM version is compared with. Same numerics as examples/jacobi.c.
 * usage: helmholtz_mpi N M iterations */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? atoi(argv[1]) : 200, m = argc > 2 ? atoi(argv[2]) : n;
  int max_iterations = argc > 3 ? atoi(argv[3]) : 100;
  double alpha = 0.0543, relax = 1.0, dx = 2.0 / (n - 1), dy = 2.0 / (m - 1);
  double ax = 1.0 / (dx * dx), ay = 1.0 / (dy * dy), b = -2.0 / (dx * dx) - 2.0 / (dy * dy) - alpha;
  int lo = rank * m / size, hi = (rank + 1) * m / size, rows = hi - lo;
  /* Local rows plus one halo row above and below. */
  double *u = calloc((size_t)(rows + 2) * n, sizeof(double));
  double *uold = calloc((size_t)(rows + 2) * n, sizeof(double));
  double *f = calloc((size_t)(rows + 2) * n, sizeof(double));
  for (int j = lo; j < hi; j++)
    for (int i = 0; i < n; i++) {
      double xx = -1.0 + dx * (i - 1), yy = -1.0 + dy * (j - 1);
      f[(j - lo + 1) * n + i] = -alpha * (1.0 - xx * xx) * (1.0 - yy * yy) -
                                2.0 * (1.0 - xx * xx) - 2.0 * (1.0 - yy * yy);
    }
  long msgs = 0, bytes = 0;
  double error = 1.0, start = MPI_Wtime();
  int it = 0;
  for (; it < max_iterations && error > 1e-10; it++) {
    for (int k = n; k < (rows + 1) * n; k++)
      uold[k] = u[k];
    MPI_Request req[4];
    int nreq = 0;
    if (rank > 0) {
      MPI_Irecv(uold, n, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, &req[nreq++]);
      MPI_Isend(uold + n, n, MPI_DOUBLE, rank - 1, 0, MPI_COMM_WORLD, &req[nreq++]);
      msgs++;
      bytes += n * sizeof(double);
    }
    if (rank < size - 1) {
      MPI_Irecv(uold + (rows + 1) * n, n, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, &req[nreq++]);
      MPI_Isend(uold + rows * n, n, MPI_DOUBLE, rank + 1, 0, MPI_COMM_WORLD, &req[nreq++]);
      msgs++;
      bytes += n * sizeof(double);
    }
    MPI_Waitall(nreq, req, MPI_STATUSES_IGNORE);
    double local = 0;
    for (int j = lo; j < hi; j++) {
      if (j == 0 || j == m - 1)
        continue;
      int r = j - lo + 1;
      for (int i = 1; i < n - 1; i++) {
        double resid = (ax * (uold[r * n + i - 1] + uold[r * n + i + 1]) +
                        ay * (uold[(r - 1) * n + i] + uold[(r + 1) * n + i]) +
                        b * uold[r * n + i] - f[r * n + i]) / b;
        u[r * n + i] = uold[r * n + i] - relax * resid;
        local += resid * resid;
      }
    }
    MPI_Allreduce(&local, &error, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    error = sqrt(error) / (double)(n * m);
  }
  double elapsed = MPI_Wtime() - start;
  long all_msgs = 0, all_bytes = 0;
  MPI_Reduce(&msgs, &all_msgs, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  MPI_Reduce(&bytes, &all_bytes, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  if (rank == 0)
    printf("RESULT kernel=helmholtz n=%d iterations=%d time=%.6f verified=%d residual=%.6e "
           "p2p_msgs_per_iter=%.1f p2p_bytes_per_iter=%.0f\n",
           n, it, elapsed, error < 1e-3, error, (double)all_msgs / it, (double)all_bytes / it);
  MPI_Finalize();
  return 0;
}
