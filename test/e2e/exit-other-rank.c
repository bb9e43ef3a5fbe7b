// exit() on a rank other than 0 (or inside a region) ends the job with
// its status, and rank 0's open files are flushed and its atexit handlers
// run, as in one process: the job ended by MPI_Abort from the exiting
// rank, and what rank 0 had buffered for its log file was lost. Found by
// a helper acting as a new user.
//
// REQUIRES: translator
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %paradecc %s -o prog
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 120 --status 2 -- %mpirun -np 2 ./prog > out.txt 2> err.txt
// RUN: FileCheck %s --check-prefix=LOG < run.log
// RUN: FileCheck %s --check-prefix=OUT < out.txt
// RUN: env OMP_NUM_THREADS=2 %expect-failure --within 120 --status 2 -- %mpirun -np 2 ./prog > out.txt 2> err.txt
// RUN: FileCheck %s --check-prefix=LOG < run.log
// LOG: step 1 converged
// LOG-NEXT: step 2 converged
// OUT: at exit: rank-0 handler ran
#include <stdio.h>
#include <stdlib.h>

static void bye(void) { printf("at exit: rank-0 handler ran\n"); }

int main(void) {
  FILE *log = fopen("run.log", "w");
  atexit(bye);
  fprintf(log, "step 1 converged\n");
  fprintf(log, "step 2 converged\n");
  int n = 1000;
#pragma omp parallel for
  for (int i = 0; i < n; i++)
    if (i == n - 1) {
      fprintf(stderr, "fatal: divergence at %d\n", i);
      exit(2);
    }
  fclose(log);
  return 0;
}
