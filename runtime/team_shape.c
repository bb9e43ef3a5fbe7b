#include "team_shape.h"

#include "node.h"
#include "parade.h"

#include <time.h>

/* What the calling thread is doing. */
struct thread_ctx {
  int local;      /* local thread number in the active team */
  int level;      /* parallel nesting level */
  int serialized; /* levels of serialized (nested or if(0)) regions */
  /* The serialized levels of the thread that forked the team it runs,
   * around the team (restored when the team ends). */
  int outer_serialized;
};

static __thread struct thread_ctx ctx;

static int in_team(void) { return ctx.level > 0 && ctx.serialized == 0; }
int team_shape_in_team(void) { return in_team(); }
int team_shape_in_league(void) { return ctx.level > 0 && node.shape.league; }
int team_shape_global_thread(void) {
  return ctx.level > 0 ? node.rank * (int)node.shape.per_node + ctx.local : 0;
}

int team_shape_active_size(void) { return ctx.level > 0 ? (int)node.shape.nthreads : 1; }

void team_shape_set(const struct team_shape *shape) {
  /* The region's number is written last, with a release, and alone: the
   * comm thread reads it first (an acquire) and then the rest of the
   * shape, to set up a loop for this node's threads ahead of them
   * (schedule.c); until then it reads the previous region's number, which
   * names no loop of this region. requested_threads is kept. */
  node.shape.nthreads = shape->nthreads;
  node.shape.per_node = shape->per_node;
  node.shape.local_count = shape->local_count;
  node.shape.participants = shape->participants;
  node.shape.comm = shape->comm;
  node.shape.league = shape->league;
  node.shape.outer_levels = shape->outer_levels;
  __atomic_store_n(&node.shape.region, shape->region, __ATOMIC_RELEASE);
}

/* A forking thread inside inactive regions keeps their count aside while
 * it is in the team: parade_level() counts from the team. */
void team_shape_enter(int local) {
  ctx.local = local;
  ctx.level = 1;
  ctx.outer_serialized = ctx.serialized;
  ctx.serialized = 0;
}

void team_shape_leave(void) {
  ctx.level = 0;
  ctx.local = 0;
  ctx.serialized = ctx.outer_serialized;
  ctx.outer_serialized = 0;
}

int team_shape_active_level(void) { return ctx.level > 0 ? 1 + (int)node.shape.outer_levels : 0; }
int team_shape_inactive_levels(void) { return ctx.level > 0 ? 0 : ctx.serialized; }

int parade_thread_num(void) {
  return in_team() ? node.rank * (int)node.shape.per_node + ctx.local : 0;
}
int parade_num_threads(void) { return in_team() ? (int)node.shape.nthreads : 1; }
int parade_local_thread_num(void) { return in_team() ? ctx.local : 0; }
int parade_local_num_threads(void) { return in_team() ? (int)node.shape.local_count : 1; }
int parade_node_rank(void) { return node.rank; }
int parade_node_count(void) { return node.size; }
int parade_level(void) { return ctx.level + ctx.serialized; }
/* Inside a team of several threads, even in a serialized region nested in
 * it: other threads may be running. */
int parade_in_parallel(void) { return ctx.level > 0 && node.shape.nthreads > 1; }
int parade_default_threads_per_node(void) { return node.threads_per_node; }
void parade_set_num_threads(int n) {
  if (n > 0)
    node.shape.requested_threads = n;
}
double parade_wtime(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

void team_shape_serial_enter(void) { ctx.serialized++; }
void team_shape_serial_exit(void) { ctx.serialized--; }

int team_default_size(void) {
  return node.shape.requested_threads > 0 ? node.shape.requested_threads
                                          : node.size * node.threads_per_node;
}
int team_local_count(void) { return (int)node.shape.local_count; }
int team_participants(void) { return (int)node.shape.participants; }
int team_first_global(void) { return node.rank * (int)node.shape.per_node; }
int team_node_of_thread(int global) { return global / (int)node.shape.per_node; }
MPI_Comm team_comm(void) { return node.shape.comm; }
uint64_t team_region(void) { return node.shape.region; }
