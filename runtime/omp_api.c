/* The OpenMP API routines on top of the runtime. */
#include "../include/omp.h"

#include "error.h"
#include "node.h"
#include "parade.h"
#include "team_shape.h"

#include <string.h>
#include <strings.h>
#include <stdlib.h>
#include <unistd.h>

int omp_get_thread_num(void) { return parade_thread_num(); }
int omp_get_num_threads(void) { return parade_num_threads(); }
int omp_get_max_threads(void) {
  if (parade_level() > 0)
    return 1; /* a nested region would be serialized */
  return team_default_size();
}
void omp_set_num_threads(int num_threads) { parade_set_num_threads(num_threads); }
int omp_get_num_procs(void) { return node.size * node.host_cores / (node.ranks_on_host ? node.ranks_on_host : 1); }
int omp_in_parallel(void) { return parade_in_parallel(); }
int omp_get_level(void) { return parade_level(); }
int omp_get_active_level(void) { return parade_in_parallel() ? 1 : 0; }
int omp_get_nested(void) { return 0; }
void omp_set_nested(int nested) { (void)nested; }
void omp_set_dynamic(int dynamic) { (void)dynamic; }
int omp_get_dynamic(void) { return 0; }
int omp_get_thread_limit(void) { return node.size * OPTIONS_MAX_THREADS; }
double omp_get_wtime(void) { return parade_wtime(); }
double omp_get_wtick(void) { return 1e-9; }

int omp_in_final(void) { return parade_in_final(); }
/* Nested regions are serialized: level 1 is the only team of more than
 * one thread; other levels are teams of one. */
int omp_get_team_size(int level) {
  if (level < 0 || level > parade_level())
    return -1;
  return level == 1 ? parade_num_threads() : 1;
}
int omp_get_ancestor_thread_num(int level) {
  if (level < 0 || level > parade_level())
    return -1;
  return level == 1 ? parade_thread_num() : 0;
}
int omp_get_max_active_levels(void) { return 1; }
void omp_set_max_active_levels(int levels) { (void)levels; }
int omp_get_supported_active_levels(void) { return 1; }
int omp_get_max_task_priority(void) { return 0; }
int omp_get_cancellation(void) { return 0; }
int omp_get_num_teams(void) { return 1; }
int omp_get_team_num(void) { return 0; }
int omp_get_num_devices(void) { return 0; }
int omp_get_default_device(void) { return 0; }
void omp_set_default_device(int device) { (void)device; }
int omp_is_initial_device(void) { return 1; }
int omp_get_initial_device(void) { return 0; }

/* One runtime schedule, shared with schedule(runtime) loops. */
void omp_get_schedule(omp_sched_t *kind, int *chunk) {
  parade_schedule k;
  long long c;
  sched_get_runtime(&k, &c);
  *kind = k == PARADE_SCHED_DYNAMIC ? omp_sched_dynamic
          : k == PARADE_SCHED_GUIDED ? omp_sched_guided
                                     : omp_sched_static;
  *chunk = (int)c;
}
void omp_set_schedule(omp_sched_t kind, int chunk) {
  sched_set_runtime(kind == omp_sched_dynamic ? PARADE_SCHED_DYNAMIC
                    : kind == omp_sched_guided ? PARADE_SCHED_GUIDED
                                               : PARADE_SCHED_STATIC,
                    chunk);
}

void omp_init_lock(omp_lock_t *lock) { parade_lock_init((parade_lock_t *)lock); }
void omp_destroy_lock(omp_lock_t *lock) { lock->id = 0; }
void omp_set_lock(omp_lock_t *lock) { parade_lock_acquire((parade_lock_t *)lock); }
void omp_unset_lock(omp_lock_t *lock) { parade_lock_release((parade_lock_t *)lock); }
int omp_test_lock(omp_lock_t *lock) { return parade_lock_try((parade_lock_t *)lock); }

/* A nest lock's owner and count are only touched by the thread holding the
 * underlying lock, so they need no protection of their own. */
void omp_init_nest_lock(omp_nest_lock_t *lock) {
  parade_lock_init((parade_lock_t *)&lock->id);
  lock->owner = -1;
  lock->count = 0;
}
void omp_destroy_nest_lock(omp_nest_lock_t *lock) { lock->id = 0; }
void omp_set_nest_lock(omp_nest_lock_t *lock) {
  int me = parade_thread_num();
  if (lock->owner == me && lock->count > 0) {
    lock->count++;
    return;
  }
  parade_lock_acquire((parade_lock_t *)&lock->id);
  lock->owner = me;
  lock->count = 1;
}
void omp_unset_nest_lock(omp_nest_lock_t *lock) {
  if (--lock->count == 0) {
    lock->owner = -1;
    parade_lock_release((parade_lock_t *)&lock->id);
  }
}
int omp_test_nest_lock(omp_nest_lock_t *lock) {
  int me = parade_thread_num();
  if (lock->owner == me && lock->count > 0)
    return ++lock->count;
  if (!parade_lock_try((parade_lock_t *)&lock->id))
    return 0;
  lock->owner = me;
  lock->count = 1;
  return 1;
}
