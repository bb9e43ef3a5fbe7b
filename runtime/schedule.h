/* Loop schedules. Iterations are split between nodes in proportion to
 * their team threads (static, no communication); within a node, static
 * schedules are computed and dynamic/guided ones take chunks from a
 * node-shared counter, so no chunk request ever crosses the network. */
#ifndef PARADE_SCHEDULE_H
#define PARADE_SCHEDULE_H

#include <stdatomic.h>

#define SCHED_RING 64
/* A work-shared loop's id: the region's number above these bits, its
 * place among the region's loops below. */
#define SCHED_PLACE_BITS 32

/* One work-shared loop instance as the node's threads see it. */
struct sched_loop {
  _Atomic long long seq;  /* which loop instance this slot holds */
  _Atomic long long next; /* next unclaimed iteration (dynamic, guided) */
  _Atomic int finished;   /* local threads that left the loop */
  long long end;
};

struct sched_state {
  struct sched_loop ring[SCHED_RING];
};

#include "parade.h"

/* The schedule of schedule(runtime) loops (OMP_SCHEDULE, or what
 * omp_set_schedule set). */
void sched_get_runtime(parade_schedule *kind, long long *chunk);
void sched_set_runtime(parade_schedule kind, long long chunk);

#endif
