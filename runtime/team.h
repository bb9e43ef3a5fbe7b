/* The thread team of a node: persistent worker threads, fork and join, and
 * the node-level and team barriers. The team's shape and each thread's
 * numbers are team_shape's. */
#ifndef PARADE_TEAM_H
#define PARADE_TEAM_H

#include "comm.h"
#include "options.h"
#include "parade.h"

#include <mpi.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>

/* Alignment of a region's argument block (its struct may hold over-aligned
 * members). */
#define TEAM_ARGS_ALIGN 64

struct fork_info;

struct team {
  /* The current region (written by the forking thread before workers are
   * woken, read-only while it runs); its shape is team_shape's. */
  parade_region_fn fn;
  /* The region's argument block, read in place: on rank 0 the forking
   * caller's (it returns after the join), elsewhere inside the fork message
   * (freed after the join), TEAM_ARGS_ALIGN-aligned there. */
  const void *args;
  /* Node barrier. */
  _Atomic uint32_t bar_arrived;
  _Atomic uint32_t bar_gen;
  /* Workers: local threads 1..nworkers. */
  _Atomic uint32_t fork_gen;
  /* The fork a worker acts on: (fork_gen after the fork << 32) | local
   * count, published once the region is set up. A worker outside a team
   * may still be looking when the next fork sets the fields up: it reads
   * this one word, never the fields, to decide whether it is in. */
  _Atomic uint64_t fork_word;
  _Atomic int shutdown;
  pthread_t workers[OPTIONS_MAX_THREADS];
  uint32_t nworkers;
  uint64_t regions_forked; /* rank 0: regions forked so far */
  /* Rank 0: the current fork's sends, in flight until its join (or, for a
   * program that ends inside the region, until the job's end). */
  struct comm_sends fork_sends;
  /* Run by every team thread as it enters a region, after its binding
   * (the API layer's OMP_DISPLAY_AFFINITY); NULL for none. */
  void (*region_entered)(void);
  /* Data that the join's exchange of write notices carries (a region's
   * reduction, collectives.c): this node's part, @p len bytes, or NULL
   * for none; then what to do with every node's part, in node order. Run
   * by the join's last local thread, the others parked; NULL until a
   * region first asks. join_finish may fold the parts in place. */
  void *(*join_partial)(size_t *len);
  void (*join_finish)(void *all, int nodes);
};

/* Ranks other than 0 (rank 0 forks through parade_parallel): serve fork, departure and exit
 * messages; returns the exit status that rank 0 sent. */
int team_serve(void);
/* Stop and join the worker threads. */
void team_shutdown(void);
/* The working directory changed: rank 0's serial code has the other ranks
 * change to it too (MSG_CHDIR), before anything else it sends them. */
void team_directory_changed(void);

/* How long a waiting thread spins before it sleeps (wait.h), for
 * @p local_threads team threads on this rank: long with a core for every
 * runtime thread, a token 2 us when they oversubscribe the cores. Set at
 * start-up and again for a team larger than OMP_NUM_THREADS. */
void team_choose_wait_policy(int local_threads);

/* Barrier of the node's team threads; the last to arrive runs @p last
 * (may be NULL) before anyone leaves. */
void team_node_barrier(void (*last)(void));

#endif
