// A fatal error raised on the communication thread of a rank other than 0
// (here: free() of an address inside a block of rank 1's arena, found by
// rank 1's communication thread when the free arrives from rank 0) ends the
// job with its message, even when a thread of that rank has output
// waiting. The error path flushes stdout, and stdout goes to rank 0 through
// the communication thread itself: it waited for an answer only it could
// receive, and the job hung.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 120 -- %mpirun -np 2 %t | FileCheck %s
// CHECK: parade: error: [rank 1] free() of {{.*}}, which is not an allocated shared-heap block
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

char *block;

int main(void) {
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      block = malloc(64); // thread 1 runs on rank 1: rank 1's arena
#pragma omp barrier
    if (omp_get_thread_num() == 0) {
      free(block + 8);
    } else {
      printf("waiting in rank 1's stdout buffer\n");
      sleep(30);
    }
  }
  printf("not reached\n");
  return 0;
}
