// A fatal error raised on the communication thread of a rank other than 0
// (here: a lock released that is not held, found by its manager, rank 1)
// ends the job with its message, even when a thread of that rank has
// output waiting. The error path flushes stdout, and stdout goes to rank 0
// through the communication thread itself: it waited for an answer only
// it could receive, and the job hung.
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 120 -- %mpirun -np 2 %t | FileCheck %s
// CHECK: parade: error: [rank 1] rank 1 released lock {{.*}}, which is not held
#include <omp.h>
#include <stdio.h>
#include <unistd.h>

omp_lock_t lock;

int main(void) {
  omp_init_lock(&lock); // its manager is rank 1 at P = 2
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1) {
      omp_unset_lock(&lock);
      printf("waiting in rank 1's stdout buffer\n");
      sleep(30);
    }
  }
  printf("not reached\n");
  return 0;
}
