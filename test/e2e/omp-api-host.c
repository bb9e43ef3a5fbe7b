// The OpenMP routines with host answers that no other test calls:
// omp_pause_resource(_all) outside a region, the device-pointer routines with the host as the device
// (omp_get_mapped_ptr, omp_target_is_accessible, and associate and
// disassociate, which fail for the host as libgomp's do), nest locks with
// a hint, and omp_display_env (on standard error, with the _OPENMP that
// the translator defines). gcc 12's libgomp lacks most of them, so the
// expected values are written out below (OpenMP's, and libgomp's where it
// has the routine), at 1 x 2, 2 x 2 and 4 x 1.
//
// REQUIRES: translator
// RUN: %paradecc %s -o %t
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 1 %t 2>/dev/null | FileCheck %s
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>/dev/null | FileCheck %s
// RUN: env OMP_NUM_THREADS=1 %mpirun -np 4 %t 2>/dev/null | FileCheck %s
// CHECK: pause=0 pause_all=0
// CHECK-NEXT: mapped=1 accessible=1 associate_fails=1 disassociate_fails=1
// CHECK-NEXT: nest_depth_sum_per_thread=2
// RUN: env OMP_NUM_THREADS=2 %mpirun -np 2 %t 2>&1 >/dev/null | FileCheck %s --check-prefix=ENV
// ENV: OPENMP DISPLAY ENVIRONMENT BEGIN
// ENV-NEXT: _OPENMP = '202111'
#include <omp.h>
#include <stdio.h>

int counted;

int main(void) {
  int host = omp_get_initial_device();
  double buf[4];
  printf("pause=%d pause_all=%d\n", omp_pause_resource(omp_pause_soft, host),
         omp_pause_resource_all(omp_pause_hard));
  printf("mapped=%d accessible=%d associate_fails=%d disassociate_fails=%d\n",
         omp_get_mapped_ptr(buf, host) == (void *)buf, omp_target_is_accessible(buf, sizeof buf, host),
         omp_target_associate_ptr(buf, buf, sizeof buf, 0, host) != 0,
         omp_target_disassociate_ptr(buf, host) != 0);
  omp_nest_lock_t lock;
  omp_init_nest_lock_with_hint(&lock, omp_sync_hint_contended);
#pragma omp parallel
  {
    omp_set_nest_lock(&lock);
    int depth = omp_test_nest_lock(&lock);
    counted += depth;
    omp_unset_nest_lock(&lock);
    omp_unset_nest_lock(&lock);
  }
  omp_destroy_nest_lock(&lock);
  printf("nest_depth_sum_per_thread=%d\n", counted / omp_get_max_threads());
  omp_display_env(0);
  return 0;
}
