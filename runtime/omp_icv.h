/* The OpenMP internal control variables that are not the team's own: set
 * from the OMP_* environment at start-up (options) and changed by the
 * omp_set_* routines. They are per rank, as each rank reads the same
 * environment. */
#ifndef PARADE_OMP_ICV_H
#define PARADE_OMP_ICV_H

#include <stdint.h>

struct omp_icv {
  int max_active_levels;
  int dynamic;
  uintptr_t default_allocator; /* omp_allocator_handle_t */
  int default_device;
  int num_teams;
  int teams_thread_limit;
  char affinity_format[4096];
};

/* The ICVs from the options read at start-up; shows OMP_DISPLAY_ENV and
 * arms OMP_DISPLAY_AFFINITY. Call once, on the initial thread. */
void icv_init(void);

/* The program asked for more than one active level (@p how says where):
 * rank 0 warns once that nested regions run with one thread, or a program
 * that counts on an inner team's threads (a sort that gives each inner
 * thread a half) would leave work undone silently. */
void icv_warn_nested_serialized(const char *how);

/* OMP_DISPLAY_AFFINITY's hook, run by each thread entering a region. */
void affinity_region_entered(void);

#endif
