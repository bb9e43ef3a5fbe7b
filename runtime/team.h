/* The thread team of a node: persistent worker threads, fork and join,
 * the node-level barrier, and global thread numbering.
 *
 * A team of N threads over P nodes puts per_node = ceil(N / P) threads on
 * each node in rank order, so global thread g runs on rank g / per_node as
 * local thread g % per_node; the nodes that get threads are the team's
 * participants (always a prefix of the ranks, starting with rank 0). */
#ifndef PARADE_TEAM_H
#define PARADE_TEAM_H

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
   * woken, read-only while it runs). */
  uint32_t nthreads, per_node, local_count, participants;
  parade_region_fn fn;
  unsigned char *args; /* the region's argument block, TEAM_ARGS_ALIGN-aligned */
  size_t args_capacity;
  MPI_Comm comm;
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
  int requested_threads; /* omp_set_num_threads, over all nodes; 0: default */
  uint64_t region;        /* the current region's number, the same on every node */
  uint64_t regions_forked; /* rank 0: regions forked so far */
};

/* Ranks other than 0 (rank 0 forks through parade_parallel): serve fork, departure and exit messages; returns the exit
 * status that rank 0 sent. */
int team_serve(void);
/* Stop and join the worker threads. */
void team_shutdown(void);

/* Barrier of the node's team threads; the last to arrive runs @p last
 * (may be NULL) before anyone leaves. */
void team_node_barrier(void (*last)(void));

int team_local_count(void);
int team_participants(void);
int team_first_global(void);
int team_node_of_thread(int global);
MPI_Comm team_comm(void);
/* The current region's job-wide number (nonzero inside a region). */
uint64_t team_region(void);

#endif
