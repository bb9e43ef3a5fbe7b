/* The OpenMP API routines on top of the runtime. */
#include "../include/omp.h"

#include "comm.h"
#include "error.h"
#include "node.h"
#include "omp_icv.h"
#include "parade.h"
#include "task.h"
#include "team_shape.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

/* In a teams region each thread is the initial thread of a team of one. */
int omp_get_thread_num(void) { return team_shape_in_league() ? 0 : parade_thread_num(); }
int omp_get_num_threads(void) { return team_shape_in_league() ? 1 : parade_num_threads(); }
/* nthreads-var: inside a region, the entry of OMP_NUM_THREADS's list for
 * the next level, or (no such entry) the value of the level above, as the
 * list's last entry persists. A nested region is serialized whatever it
 * says; code that sizes per-thread data by this value inside a region
 * gets at least the team's size. */
int omp_get_max_threads(void) { return task_nthreads_var(omp_get_level(), team_default_size()); }
/* Inside a region (or a task) the calling task's nthreads-var changes; in
 * the initial task, the rank's, which the next region starts from. */
void omp_set_num_threads(int num_threads) {
  struct task_icv *own = task_icv();
  if (!own)
    parade_set_num_threads(num_threads);
  else if (num_threads > 0) {
    own->set |= TASK_ICV_NTHREADS;
    own->nthreads = num_threads;
  }
}
int omp_get_num_procs(void) {
  return node.size * node.host_cores / (node.ranks_on_host ? node.ranks_on_host : 1);
}
/* A teams region is not a parallel region: it adds no level, and a
 * parallel region in one of its teams is serialized (inactive). */
int omp_in_parallel(void) { return !team_shape_in_league() && parade_in_parallel(); }
int omp_get_level(void) {
  int active = team_shape_active_level();
  return parade_level() + (active > 1 ? active - 1 : 0) - (team_shape_in_league() ? 1 : 0);
}
int omp_get_active_level(void) { return omp_in_parallel() ? 1 : 0; }
int omp_get_nested(void) { return 0; }
void icv_warn_nested_serialized(const char *how) {
  static atomic_int warned;
  if (node.rank == 0 && !atomic_exchange(&warned, 1))
    err_warn("%s asks for nested parallelism: parade runs a parallel region inside another "
             "with one thread (one active level)",
             how);
}
void omp_set_nested(int nested) {
  if (nested)
    icv_warn_nested_serialized("omp_set_nested");
}
/* dyn-var is kept, but parade never adjusts a team's size: OpenMP allows
 * an implementation without dynamic adjustment. */
void omp_set_dynamic(int dynamic) {
  struct task_icv *own = task_icv();
  if (!own)
    node.icv.dynamic = dynamic != 0;
  else {
    own->set |= TASK_ICV_DYNAMIC;
    own->dynamic = dynamic != 0;
  }
}
int omp_get_dynamic(void) {
  const struct task_icv *own = task_icv();
  return own && (own->set & TASK_ICV_DYNAMIC) ? own->dynamic : node.icv.dynamic;
}
int omp_get_thread_limit(void) {
  int most = node.size * OPTIONS_MAX_THREADS;
  /* A team of a teams construct is its own contention group, limited by
   * teams-thread-limit-var when it is set (omp_set_teams_thread_limit,
   * OMP_TEAMS_THREAD_LIMIT). */
  if (team_shape_in_league() && node.icv.teams_thread_limit > 0)
    return node.icv.teams_thread_limit < most ? node.icv.teams_thread_limit : most;
  return node.opt.thread_limit > 0 && node.opt.thread_limit < most ? node.opt.thread_limit : most;
}
double omp_get_wtime(void) { return parade_wtime(); }
double omp_get_wtick(void) { return 1e-9; }

int omp_in_final(void) { return parade_in_final(); }
/* One level at most is active: the active team's (level 1, or deeper
 * inside inactive regions); other levels are teams of one, even seen from
 * a serialized region nested in the active team. */
int omp_get_team_size(int level) {
  if (level < 0 || level > omp_get_level())
    return -1;
  return level == team_shape_active_level() && !team_shape_in_league() ? team_shape_active_size()
                                                                       : 1;
}
int omp_get_ancestor_thread_num(int level) {
  if (level < 0 || level > omp_get_level())
    return -1;
  return level == team_shape_active_level() && !team_shape_in_league() ? team_shape_global_thread()
                                                                       : 0;
}
/* One active level: nested regions are serialized. A larger value is
 * clamped to the levels supported, as OpenMP says. */
int omp_get_max_active_levels(void) { return node.icv.max_active_levels; }
void omp_set_max_active_levels(int levels) {
  if (levels > 1)
    icv_warn_nested_serialized("omp_set_max_active_levels");
  if (levels >= 0)
    node.icv.max_active_levels = levels < 1 ? levels : 1;
}
int omp_get_supported_active_levels(void) { return 1; }
int omp_get_max_task_priority(void) { return node.opt.max_task_priority; }
/* cancel-var is always false (OMP_CANCELLATION=true gets a warning): cancel
 * and cancellation point do nothing, as OpenMP says they do then. */
int omp_get_cancellation(void) { return 0; }
/* An event of a task of another rank (its handle went there through
 * shared data): this thread's writes go to their homes first (a release),
 * then the task's rank completes it, and its threads that waited for the
 * task acquire before they go on. */
void omp_fulfill_event(omp_event_handle_t event) {
  int owner = task_event_rank((uint64_t)event);
  if (owner == node.rank || owner < 0 || owner >= node.size) {
    parade_event_fulfill((uint64_t)event);
    return;
  }
  parade_flush();
  comm_send(owner, msg_fulfil_pack((struct msg_fulfil){.event = (uint64_t)event}), NULL, 0);
}
int omp_get_num_teams(void) { return team_shape_in_league() ? (int)node.shape.nthreads : 1; }
int omp_get_team_num(void) { return team_shape_in_league() ? team_shape_global_thread() : 0; }
void omp_set_num_teams(int num_teams) {
  if (num_teams > 0)
    node.icv.num_teams = num_teams;
}
int omp_get_max_teams(void) { return node.icv.num_teams; }
void omp_set_teams_thread_limit(int thread_limit) {
  if (thread_limit > 0)
    node.icv.teams_thread_limit = thread_limit;
}
int omp_get_teams_thread_limit(void) { return node.icv.teams_thread_limit; }
/* The host is the only device: no device is an accelerator. */
int omp_get_num_devices(void) { return 0; }
int omp_get_default_device(void) { return node.icv.default_device; }
void omp_set_default_device(int device) { node.icv.default_device = device; }
int omp_is_initial_device(void) { return 1; }
int omp_get_initial_device(void) { return omp_get_num_devices(); }
int omp_get_device_num(void) { return omp_get_initial_device(); }
int omp_in_explicit_task(void) { return task_in_explicit(); }

/* Resources can be released only between regions; parade keeps its
 * threads and the DSM (they hold shared data), so a pause frees nothing,
 * which OpenMP allows, and succeeds outside a region as libgomp's does. */
int omp_pause_resource(omp_pause_resource_t kind, int device_num) {
  if ((kind != omp_pause_soft && kind != omp_pause_hard) ||
      (device_num != omp_initial_device && device_num != omp_get_initial_device()))
    return -1;
  return parade_in_parallel() ? -1 : 0;
}
int omp_pause_resource_all(omp_pause_resource_t kind) {
  return omp_pause_resource(kind, omp_initial_device);
}
omp_control_tool_result_t omp_control_tool(int command, int modifier, void *arg) {
  (void)command, (void)modifier, (void)arg;
  return omp_control_tool_notool; /* no OMPT tool is ever attached */
}

/* One runtime schedule, shared with schedule(runtime) loops. */
void omp_get_schedule(omp_sched_t *kind, int *chunk) {
  uint32_t as_set;
  long long c;
  sched_get_runtime_as_set(&as_set, &c);
  *kind = (omp_sched_t)((as_set & 0xff) | (as_set & SCHED_MONOTONIC ? omp_sched_monotonic : 0));
  *chunk = (int)c;
}
void omp_set_schedule(omp_sched_t kind, int chunk) {
  uint32_t base = (uint32_t)kind & ~(uint32_t)omp_sched_monotonic;
  if (base < SCHED_KIND_STATIC || base > SCHED_KIND_AUTO) {
    err_warn("omp_set_schedule: %#x is not a schedule kind; the schedule is unchanged",
             (unsigned)kind);
    return;
  }
  /* A chunk below 1 asks for the default: 0 (blocks) for static, 1 for
   * dynamic and guided; auto has none (as libgomp answers them). */
  if (chunk < 1)
    chunk = base == SCHED_KIND_STATIC ? 0 : 1;
  if (base == SCHED_KIND_AUTO) {
    uint32_t as_set;
    long long was;
    sched_get_runtime_as_set(&as_set, &was);
    chunk = (int)was;
  }
  sched_set_runtime(base | ((uint32_t)kind & (uint32_t)omp_sched_monotonic ? SCHED_MONOTONIC : 0),
                    chunk);
}

void omp_init_lock(omp_lock_t *lock) { parade_lock_init((parade_lock_t *)lock); }
/* Hints are hints: every lock is the same distributed lock. */
void omp_init_lock_with_hint(omp_lock_t *lock, omp_sync_hint_t hint) {
  (void)hint;
  omp_init_lock(lock);
}
void omp_destroy_lock(omp_lock_t *lock) { lock->id = 0; }
void omp_set_lock(omp_lock_t *lock) { parade_lock_acquire((parade_lock_t *)lock); }
void omp_unset_lock(omp_lock_t *lock) { parade_lock_release((parade_lock_t *)lock); }
int omp_test_lock(omp_lock_t *lock) { return parade_lock_try((parade_lock_t *)lock); }

/* A nest lock's owner and count are only written by the task holding the
 * underlying lock, so they need no protection of their own. A nest lock is
 * owned by a task, not a thread (OpenMP 3.0): the implicit task of a
 * region, even one the same thread runs serialized, is another owner. */
void omp_init_nest_lock(omp_nest_lock_t *lock) {
  parade_lock_init((parade_lock_t *)&lock->id);
  lock->owner = 0;
  lock->count = 0;
}
void omp_destroy_nest_lock(omp_nest_lock_t *lock) { lock->id = 0; }
void omp_init_nest_lock_with_hint(omp_nest_lock_t *lock, omp_sync_hint_t hint) {
  (void)hint;
  omp_init_nest_lock(lock);
}
void omp_set_nest_lock(omp_nest_lock_t *lock) {
  uint64_t me = task_owner_key();
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
    lock->owner = 0;
    parade_lock_release((parade_lock_t *)&lock->id);
  }
}
int omp_test_nest_lock(omp_nest_lock_t *lock) {
  uint64_t me = task_owner_key();
  if (lock->owner == me && lock->count > 0)
    return ++lock->count;
  if (!parade_lock_try((parade_lock_t *)&lock->id))
    return 0;
  lock->owner = me;
  lock->count = 1;
  return 1;
}
