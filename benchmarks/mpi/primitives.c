/* The MPI primitive that each parade construct maps to, measured the same
 * way (microseconds per call, averaged over repetitions):
 *   parallel   fork + join: MPI_Bcast of a 64-byte fork message + MPI_Barrier
 *   barrier    MPI_Barrier
 *   reduction  MPI_Allreduce of one double  (also critical and atomic)
 *   single     MPI_Bcast of 8 bytes
 *   lock       request to a manager and grant back, then a release message
 *   allgather32  MPI_Allgather of 32 bytes per rank: the inputs of a
 *              replayed critical (16 bytes per thread, 2 threads per rank)
 *   bcast4k, bcast64k, bcast1m  MPI_Bcast of 4 KiB, 64 KiB and 1 MiB: the
 *              data of copyprivate, copyin and firstprivate (databench.c)
 * usage: primitives [repetitions] */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int reps = argc > 1 ? atoi(argv[1]) : 1000;
  char fork_msg[64] = {0};
  double value = 1.0, result = 0;
  const char *names[] = {"parallel", "barrier",     "reduction", "single",
                         "lock",     "allgather32", "bcast4k",   "bcast64k",
                         "bcast1m"};
  const int bcast_bytes[] = {4096, 65536, 1 << 20};
  char inputs[32] = {0}, *gathered = calloc((size_t)size, sizeof inputs);
  char *data = calloc(1, 1 << 20);
  for (int which = 0; which < 9; which++) {
    MPI_Barrier(MPI_COMM_WORLD);
    double start = MPI_Wtime();
    for (int r = 0; r < reps; r++) {
      switch (which) {
      case 0:
        MPI_Bcast(fork_msg, sizeof fork_msg, MPI_BYTE, 0, MPI_COMM_WORLD);
        MPI_Barrier(MPI_COMM_WORLD);
        break;
      case 1: MPI_Barrier(MPI_COMM_WORLD); break;
      case 2: MPI_Allreduce(&value, &result, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD); break;
      case 3: MPI_Bcast(&value, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD); break;
      case 4:
        /* Every rank but 0 takes the lock from manager 0 in turn. */
        if (rank == 0) {
          for (int k = 1; k < size; k++) {
            MPI_Status st;
            int token;
            MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, 1, MPI_COMM_WORLD, &st);
            MPI_Send(&token, 1, MPI_INT, st.MPI_SOURCE, 2, MPI_COMM_WORLD);
            MPI_Recv(&token, 1, MPI_INT, st.MPI_SOURCE, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          }
        } else {
          int token = rank;
          MPI_Send(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
          MPI_Recv(&token, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          MPI_Send(&token, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
        }
        break;
      case 5:
        MPI_Allgather(inputs, sizeof inputs, MPI_BYTE, gathered, sizeof inputs, MPI_BYTE,
                      MPI_COMM_WORLD);
        break;
      default:
        MPI_Bcast(data, bcast_bytes[which - 6], MPI_BYTE, 0, MPI_COMM_WORLD);
        break;
      }
    }
    double elapsed = MPI_Wtime() - start;
    double per = elapsed / reps;
    if (which == 4 && size > 1)
      per /= size - 1; /* per acquisition */
    if (rank == 0)
      printf("RESULT mpi=%s usec=%.3f ranks=%d reps=%d\n", names[which], per * 1e6, size, reps);
  }
  free(gathered);
  free(data);
  MPI_Finalize();
  return 0;
}
