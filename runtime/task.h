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

/* Run queued tasks until every deferred task of this node has completed.
 * Called before a thread arrives at a team barrier. */
void task_drain(void);

/* @p hook runs where a task is created, completes or is waited for (the
 * atomic module's deferred updates are applied there). */
void task_on_sync(void (*hook)(void));

/* Waiting at a team barrier: help with tasks until *gen != seen. */
void task_barrier_wait(_Atomic uint32_t *gen, uint32_t seen);

/* The team barrier was released: wake the threads of task_barrier_wait. */
void task_barrier_wake(void);

#endif
