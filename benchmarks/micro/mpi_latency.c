/* The MPI primitives that dsm_latency.c is measured against: a 4 KiB
 * MPI_Send/MPI_Recv round trip and MPI_Barrier, at 2 ranks. */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int rounds = argc > 1 ? atoi(argv[1]) : 2000;
  char buf[4096 + 64];
  for (int pass = 0; pass < 2; pass++) { /* the first pass warms up */
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int i = 0; i < rounds; i++) {
      if (rank == 0) {
        MPI_Send(buf, 64, MPI_BYTE, 1, 0, MPI_COMM_WORLD);
        MPI_Recv(buf, 4096, MPI_BYTE, 1, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      } else if (rank == 1) {
        MPI_Recv(buf, 64, MPI_BYTE, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Send(buf, 4096, MPI_BYTE, 0, 0, MPI_COMM_WORLD);
      }
    }
    double rtt = (MPI_Wtime() - start) / rounds;
    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (int i = 0; i < rounds; i++)
      MPI_Barrier(MPI_COMM_WORLD);
    double barrier = (MPI_Wtime() - start) / rounds;
    if (rank == 0 && pass == 1) {
      printf("RESULT latency=rtt4k usec=%.3f\n", rtt * 1e6);
      printf("RESULT latency=mpi_barrier usec=%.3f\n", barrier * 1e6);
    }
  }
  MPI_Finalize();
  return 0;
}
