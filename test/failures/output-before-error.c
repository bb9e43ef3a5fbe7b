// Output the program wrote before a runtime error is not lost: with stdout
// a pipe or a file stdio holds it in its buffer, and ending the job with
// _exit or MPI_Abort would drop it.
//
// RUN: %cc-parade
// RUN: %expect-failure --within 60 -- %t | FileCheck %s --implicit-check-not='not reached'
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 60 -- %mpirun -np 2 %t | FileCheck %s --implicit-check-not='not reached'
//
// mpirun forwards stdout and stderr separately: either may come first.
// CHECK-DAG: written before the error
// CHECK-DAG: parade: error: [rank 0] use of a lock that was never initialised
#include <omp.h>
#include <parade.h>
#include <stdio.h>

static int app_main(int argc, char **argv) {
  printf("written before the error\n");
  omp_lock_t lock = {0};
  omp_set_lock(&lock);
  printf("not reached\n");
  return 0;
}

int main(int argc, char **argv) { return parade_main(argc, argv, app_main); }
