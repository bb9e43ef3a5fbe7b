/* Loop schedules. Iterations are split between nodes in proportion to
 * their team threads (static, no communication); within a node, static
 * schedules are computed and dynamic/guided ones take chunks from the
 * node's share. A thread whose node's share is gone takes a part of what
 * is left of another node's share (work stealing, one request to that node's
 * comm thread, never through the DSM), so dynamic and guided loops balance
 * across nodes too. */
#ifndef PARADE_SCHEDULE_H
#define PARADE_SCHEDULE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

#define SCHED_RING 64
/* A work-shared loop's id: the region's number above these bits, its
 * place among the region's loops below. */
#define SCHED_PLACE_BITS 32

/* One work-shared loop instance as the node's threads see it. */
struct sched_loop {
  _Atomic long long seq; /* which loop instance this slot holds */
  /* The node's unclaimed iterations (dynamic, guided): base + [next, end),
   * next in the high half of the word and end in the low half, so that a
   * local claim (from the front) and a steal (from the back) are each one
   * compare-and-swap. */
  _Atomic uint64_t window;
  long long base, unit, limit; /* iterations base + unit * i, below limit */
  long long count;             /* the loop's iterations (steals check it) */
  _Atomic int finished;        /* local threads that left the loop */
};

struct sched_state {
  struct sched_loop ring[SCHED_RING];
  /* Held while a slot is set up and while a steal reads it. */
  pthread_mutex_t steal_lock;
};

#include "parade.h"

/* Register the steal handler (before comm_start). */
void sched_init(void);

/* The schedule of schedule(runtime) loops (OMP_SCHEDULE, or what
 * omp_set_schedule set): as it runs, and as it was given (omp_sched_t's
 * kinds, with SCHED_MONOTONIC for the modifier). */
enum { SCHED_KIND_STATIC = 1, SCHED_KIND_DYNAMIC, SCHED_KIND_GUIDED, SCHED_KIND_AUTO };
#define SCHED_MONOTONIC 0x100u
void sched_get_runtime(parade_schedule *kind, long long *chunk);
void sched_get_runtime_as_set(uint32_t *as_set, long long *chunk);
void sched_set_runtime(uint32_t as_set, long long chunk);

#endif
