// exit(0) inside a parallel region ends the job with status 0: from every
// thread of the team at once, from the master thread only, at one rank
// and at several. mpirun reported a failure (status 1, "exited without
// calling finalize"): with one rank the runtime did not leave MPI when a
// thread other than the serial master called exit, and with several, two
// threads of rank 0 (its own, and the one that runs exit for another
// rank) raced in exit(), the second ending the process before the first
// ended the job. Found by a helper (a ParRes-derived dgemm ends this way).
// A nonzero status is kept. "one": exit from a region of one thread whose
// fork carried 256 KiB of firstprivate data to the other ranks (sent by
// rendezvous, completed at the join that never comes): the job's end
// completes those sends before it leaves MPI.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t all | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t master | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 2 %t all | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t all | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t master | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 3 %t all | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 3 %t one | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 --status 4 -- %mpirun -np 1 %t all 4
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 --status 4 -- %mpirun -np 2 %t all 4
// CHECK: before the region
// CHECK: handler ran
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void bye(void) { printf("handler ran\n"); }

int main(int argc, char **argv) {
  int all = argc > 1 && !strcmp(argv[1], "all");
  int status = argc > 2 ? atoi(argv[2]) : 0;
  atexit(bye);
  printf("before the region\n");
  if (!strcmp(argv[1], "one")) {
    struct block { double v[32768]; };
    static struct block big;
    struct block mine = big;
    mine.v[7] = status;
#pragma omp parallel num_threads(1) firstprivate(mine)
    exit((int)mine.v[7]);
  }
#pragma omp parallel
  {
    if (all || omp_get_thread_num() == 0)
      exit(status);
#pragma omp barrier
  }
  printf("not reached\n");
  return 1;
}
