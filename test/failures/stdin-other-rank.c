// Standard input is rank 0's. A read of it on another rank, in a region,
// is an error that says where to read instead: it found end of file,
// silently (getchar() gave -1 where the program expected rank 0's input).
// Rank 0's own reads in a region work.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: echo 42 | env OMP_NUM_THREADS=1 %expect-failure --within 120 -- %mpirun -np 2 %t 1 | FileCheck %s
// CHECK: parade: error: [rank 1] standard input read on rank 1: standard input is rank 0's
// RUN: echo 42 | env OMP_NUM_THREADS=1 %mpirun -np 2 %t 0 | FileCheck %s --check-prefix=RANK0
// RANK0: thread 0 read 42
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int reader = argc > 1 ? atoi(argv[1]) : 0;
#pragma omp parallel
  {
    if (omp_get_thread_num() == reader) {
      int value = -1;
      if (scanf("%d", &value) != 1)
        value = -1;
      printf("thread %d read %d\n", reader, value);
    }
  }
  return 0;
}
