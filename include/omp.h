/**
 * @file omp.h
 * @brief The OpenMP API routines, implemented on libparade.
 *
 * paradecc puts this header first on the include path, so translated
 * programs call parade's runtime, where thread numbers and locks span all
 * MPI ranks.
 */
#ifndef PARADE_OMP_H
#define PARADE_OMP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @brief A lock; its id names it on every rank. */
typedef struct omp_lock_t {
  uint64_t id;
} omp_lock_t;

/** @brief A nestable lock: the owner may set it again. */
typedef struct omp_nest_lock_t {
  uint64_t id;
  int owner; /* global thread number, -1 if free */
  int count;
} omp_nest_lock_t;

typedef enum omp_sched_t {
  omp_sched_static = 1,
  omp_sched_dynamic = 2,
  omp_sched_guided = 3,
  omp_sched_auto = 4
} omp_sched_t;

int omp_get_thread_num(void);
int omp_get_num_threads(void);
int omp_get_max_threads(void);
void omp_set_num_threads(int num_threads);
int omp_get_num_procs(void);
int omp_in_parallel(void);
int omp_get_level(void);
int omp_get_active_level(void);
int omp_get_nested(void);
void omp_set_nested(int nested);
void omp_set_dynamic(int dynamic);
int omp_get_dynamic(void);
int omp_get_thread_limit(void);
double omp_get_wtime(void);
double omp_get_wtick(void);
void omp_get_schedule(omp_sched_t *kind, int *chunk);
void omp_set_schedule(omp_sched_t kind, int chunk);

int omp_in_final(void);
int omp_get_team_size(int level);
int omp_get_ancestor_thread_num(int level);
int omp_get_max_active_levels(void);
void omp_set_max_active_levels(int levels);
int omp_get_supported_active_levels(void);
int omp_get_max_task_priority(void);
int omp_get_cancellation(void);
int omp_get_num_teams(void);
int omp_get_team_num(void);
int omp_get_num_devices(void);
int omp_get_default_device(void);
void omp_set_default_device(int device);
int omp_is_initial_device(void);
int omp_get_initial_device(void);

void omp_init_lock(omp_lock_t *lock);
void omp_destroy_lock(omp_lock_t *lock);
void omp_set_lock(omp_lock_t *lock);
void omp_unset_lock(omp_lock_t *lock);
int omp_test_lock(omp_lock_t *lock);

void omp_init_nest_lock(omp_nest_lock_t *lock);
void omp_destroy_nest_lock(omp_nest_lock_t *lock);
void omp_set_nest_lock(omp_nest_lock_t *lock);
void omp_unset_nest_lock(omp_nest_lock_t *lock);
int omp_test_nest_lock(omp_nest_lock_t *lock);

#ifdef __cplusplus
}
#endif
#endif /* PARADE_OMP_H */
