/* EP by hand in MPI: blocks shared out by rank, one MPI_Allreduce of the
 * counts and sums. The pairs are those of benchmarks/kernels/ep.c
 * (ep_block in nas_random.h).
 * usage: ep_mpi small|large */
#include <math.h>
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "../kernels/nas_random.h"

#define NQ 10
#define BLOCK 4096
int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  long blocks = argc > 1 && !strcmp(argv[1], "large") ? 2048 : 128;
  double local[NQ + 2] = {0}, global[NQ + 2];
  double start = MPI_Wtime();
  for (long b = rank * blocks / size; b < (rank + 1) * blocks / size; b++)
    ep_block(b, BLOCK, local, NQ, &local[NQ], &local[NQ + 1]);
  MPI_Allreduce(local, global, NQ + 2, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  double elapsed = MPI_Wtime() - start;
  double counts = 0;
  for (int i = 0; i < NQ; i++)
    counts += global[i];
  if (rank == 0)
    printf("RESULT kernel=ep size=%s time=%.6f verified=%d sx=%.10e counts=%.0f msgs=%d bytes=%d\n",
           argc > 1 ? argv[1] : "small", elapsed, counts > 0, global[NQ], counts, 1,
           (int)sizeof global);
  MPI_Finalize();
  return 0;
}
