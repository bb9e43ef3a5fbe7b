// More of the OpenMP library, each with an answer gcc's libgomp gives too:
// allocation (omp_aligned_alloc, omp_calloc, the default allocator), the
// schedule, nesting and team-size queries inside and outside a region,
// omp_test_lock and omp_test_nest_lock, max levels, teams limits,
// device queries with the host as the device, the clock's tick, places.
//
// REQUIRES: translator
// RUN: %compare-with-gcc %s | FileCheck %s
// CHECK: e2e: omp-api-more: all 5 configurations match gcc -fopenmp
#include <omp.h>
#include <stdint.h>
#include <stdio.h>

int main(void) {
  int *aligned = omp_aligned_alloc(64, 1024, omp_default_mem_alloc);
  int *zeros = omp_calloc(10, sizeof(int), omp_default_mem_alloc);
  int zero = 1;
  for (int i = 0; i < 10; i++)
    zero &= zeros[i] == 0;
  printf("aligned %d calloc zero %d\n", aligned && ((uintptr_t)aligned % 64) == 0, zero);
  omp_free(aligned, omp_default_mem_alloc);
  omp_free(zeros, omp_default_mem_alloc);
  omp_set_default_allocator(omp_default_mem_alloc);
  printf("default allocator %d\n", omp_get_default_allocator() == omp_default_mem_alloc);

  omp_set_schedule(omp_sched_dynamic, 4);
  omp_sched_t kind;
  int chunk;
  omp_get_schedule(&kind, &chunk);
  printf("schedule dynamic,4: %d\n", kind == omp_sched_dynamic && chunk == 4);

  omp_set_max_active_levels(1);
  omp_set_nested(0);
  printf("max levels %d nested %d team size at 0: %d ancestor 0: %d\n",
         omp_get_max_active_levels(), omp_get_nested(), omp_get_team_size(0),
         omp_get_ancestor_thread_num(0));
  int agree = 0, members = 0;
#pragma omp parallel reduction(+ : agree, members)
  {
    agree += omp_get_ancestor_thread_num(1) == omp_get_thread_num() &&
             omp_get_team_size(1) == omp_get_num_threads() && omp_get_team_size(2) == -1;
    members++;
  }
  printf("ancestor and team size agree in every thread: %d\n", agree == members);
  omp_set_num_threads(2);
  int size = 0;
#pragma omp parallel
#pragma omp single
  size = omp_get_num_threads();
  printf("team after omp_set_num_threads(2): %d\n", size);

  omp_lock_t l;
  omp_init_lock(&l);
  int first = omp_test_lock(&l), again = omp_test_lock(&l);
  omp_unset_lock(&l);
  omp_destroy_lock(&l);
  omp_nest_lock_t n;
  omp_init_nest_lock(&n);
  int n1 = omp_test_nest_lock(&n), n2 = omp_test_nest_lock(&n);
  omp_unset_nest_lock(&n);
  omp_unset_nest_lock(&n);
  omp_destroy_nest_lock(&n);
  printf("test lock %d then %d; nest %d %d\n", first, again, n1, n2);

  omp_set_num_teams(3);
  omp_set_teams_thread_limit(4);
  printf("max teams %d teams thread limit %d max task priority %d\n", omp_get_max_teams(),
         omp_get_teams_thread_limit(), omp_get_max_task_priority());
  printf("device %d procs %d tick %d places %d\n",
         omp_get_device_num() == omp_get_initial_device(), omp_get_num_procs() > 0,
         omp_get_wtick() > 0.0, omp_get_partition_num_places() >= 0);
  return 0;
}
