/* Explicit tasks (OpenMP task, taskwait, taskgroup).
 *
 * Tasks are node-local: a deferred task is queued on the node that created
 * it and is run by a thread of that node, so what it shares by address (the
 * encountering thread's stack included) is valid wherever it runs. Tasks
 * are run at task scheduling points: taskwait and taskgroup end (children
 * and group members), and team barriers, whose waiting threads help until
 * the node has no task left. */
#ifndef PARADE_TASK_H
#define PARADE_TASK_H

#include <stdatomic.h>
#include <stdint.h>

/* A new region starts: the calling thread's implicit task is fresh. */
void task_region_begin(void);

/* The region ends on the calling thread (after the join): the initial
 * thread's serial part has its taskgroups and task reduction scopes back. */
void task_region_end(void);

/* Non-zero while the calling thread runs an explicit task. */
int task_in_explicit(void);

/* The data-environment ICVs a task changed for itself (omp_set_num_threads,
 * omp_set_schedule, omp_set_dynamic called in a region or an explicit
 * task): they hold for that task and the tasks it creates afterwards, and
 * end with it. In the initial task the routines change the rank's values,
 * which the next region's threads start from. */
enum { TASK_ICV_NTHREADS = 1, TASK_ICV_SCHED = 2, TASK_ICV_DYNAMIC = 4 };
struct task_icv {
  unsigned set; /* the TASK_ICV_* the task changed */
  int nthreads;
  uint32_t sched; /* SCHED_KIND_* with SCHED_MONOTONIC */
  long long chunk;
  int dynamic;
};

/* The calling task's own ICVs; NULL in the initial task outside regions. */
struct task_icv *task_icv(void);
/* nthreads-var at nesting level @p level: the calling task's own (set by
 * omp_set_num_threads inside a region), else OMP_NUM_THREADS's entry for
 * the level (its last entry below it), else @p otherwise. */
int task_nthreads_var(int level, int otherwise);
/* A serialized region runs on the encountering task's structure: what its
 * implicit task sets (its ICVs) must end with it, and it is a task of its
 * own (task_owner_key). Enter before, exit after. */
void task_serial_enter(void);
void task_serial_exit(void);

/* The calling task's identity as an owner of nest locks, unique in the job
 * and never 0: an explicit task's, a region's implicit task's (a serialized
 * region's too), a thread's initial task's (a thread the program made
 * itself has one of its own). */
uint64_t task_owner_key(void);

/* Run queued tasks until every deferred task of this node has completed.
 * Called before a thread arrives at a team barrier. */
void task_drain(void);

/* @p hook runs where a task is created, completes or is waited for (the
 * atomic module's deferred updates are applied there). */
void task_on_sync(void (*hook)(void));

/* The rank whose detached task @p handle's event belongs to. */
int task_event_rank(uint64_t handle);
/* Another rank fulfilled @p handle, an event of this rank (on the comm
 * thread): the task completes, and the threads that wait for it here
 * acquire (run the hook of task_on_acquire) before they go on, to see
 * what the fulfilling thread wrote before it. */
void task_event_fulfilled_remotely(uint64_t handle);
/* @p hook is that acquire (a flush; registered by node.c). */
void task_on_acquire(void (*hook)(void));

/* Waiting at a team barrier: help with tasks until *gen != seen. */
void task_barrier_wait(_Atomic uint32_t *gen, uint32_t seen);

/* The team barrier was released: wake the threads of task_barrier_wait. */
void task_barrier_wake(void);

#endif
