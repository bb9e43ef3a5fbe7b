// A FILE * belongs to the process that opened it. A stream that rank 0
// opened, used by a thread on another rank for anything but a write (here
// ftell), is a clear error naming the function and the stream (it crashed
// inside the C library). Writes go to rank 0 (e2e/rank0-stream-writes.c).
// Rank 0's standard streams, stored in shared data, work on every rank.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 120 -- %mpirun -np 2 %t %t.log | FileCheck %s
// CHECK: parade: error: [rank 1] ftell() on stream {{.*}}, which rank 0 opened: a FILE * belongs to the process that opened it, and this is rank 1
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t | FileCheck %s --check-prefix=STD
// STD-DAG: line from thread 0
// STD-DAG: line from thread 1
#include <omp.h>
#include <stdio.h>

FILE *out;

int main(int argc, char **argv) {
  out = argc > 1 ? fopen(argv[1], "w") : stdout;
#pragma omp parallel
  {
    fprintf(out, "line from thread %d\n", omp_get_thread_num());
    fflush(out);
    if (out != stdout && ftell(out) < 0)
      printf("ftell failed\n");
  }
  if (argc > 1)
    fclose(out);
  return 0;
}
