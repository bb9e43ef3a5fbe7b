// omp_unset_lock of a lock that no thread of the node holds is an error at
// the call, on every rank count: at P > 1 the node keeps the lock once it
// has it, so a release that was never acquired would otherwise pass
// unnoticed (and the manager never hears of it).
//
// REQUIRES: translator
// RUN: %paradecc -O2 %s -o %t
// RUN: env OMP_NUM_THREADS=1 %expect-failure --within 120 -- %mpirun -np 2 %t | FileCheck %s
// CHECK: parade: error: [rank 1] release of lock {{.*}}, which no thread of this node holds
#include <omp.h>
#include <stdio.h>

omp_lock_t lock;

int main(void) {
  omp_init_lock(&lock);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      omp_unset_lock(&lock);
  }
  printf("not reached\n");
  return 0;
}
