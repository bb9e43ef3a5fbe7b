/* The shape of the current team and the calling thread's place in it:
 * global and local thread numbers, nesting level, the team's nodes.
 *
 * A team of N threads over P nodes puts per_node = ceil(N / P) threads on
 * each node in rank order, so global thread g runs on rank g / per_node as
 * local thread g % per_node; the nodes that get threads are the team's
 * participants (always a prefix of the ranks, starting with rank 0).
 *
 * team (fork and join) sets the shape; schedule, task, atomic and the
 * collectives read it. */
#ifndef PARADE_TEAM_SHAPE_H
#define PARADE_TEAM_SHAPE_H

#include <mpi.h>
#include <stdint.h>

struct team_shape {
  uint32_t nthreads, per_node, local_count, participants;
  MPI_Comm comm;         /* the participants' communicator */
  uint64_t region;       /* the current region's number, the same on every node */
  int requested_threads; /* omp_set_num_threads, over all nodes; 0: default */
  uint32_t league;       /* a teams region: every thread is a team of one */
  uint32_t outer_levels; /* inactive regions around the team (fork_info's) */
};

/* The region about to run has @p shape (requested_threads is kept). */
void team_shape_set(const struct team_shape *shape);
/* The calling thread runs the current region as local thread @p local,
 * until team_shape_leave. */
void team_shape_enter(int local);
void team_shape_leave(void);
/* The calling thread is one of an active team's threads (not in a
 * serialized region). */
int team_shape_in_team(void);
/* The calling thread is in a teams region (perhaps in a serialized parallel
 * region inside it): its team number is its global thread number. */
int team_shape_in_league(void);
/* The calling thread's global thread number in the region it runs, also
 * inside a serialized region nested in it. */
int team_shape_global_thread(void);
/* The size of the active team the calling thread belongs to (1 outside
 * one), whatever serialized regions it is nested in. */
int team_shape_active_size(void);
/* The nesting level of the calling thread's active team: 1, or more when
 * rank 0's initial thread forked it inside inactive regions; 0 outside a
 * team. parade_level() counts from the active team (1 in it, more in
 * serialized regions nested in it); omp_get_level() adds the levels
 * below it. */
int team_shape_active_level(void);
/* Inactive regions (if(0), one thread) the calling thread is in outside
 * any team: rank 0's initial thread can still fork a team there. */
int team_shape_inactive_levels(void);

/* The size of the next team without a num_threads clause. */
int team_default_size(void);
int team_local_count(void);
int team_participants(void);
int team_first_global(void);
int team_node_of_thread(int global);
MPI_Comm team_comm(void);
/* The current region's job-wide number (nonzero inside a region). */
uint64_t team_region(void);

/* A serialized region (nested, or if(0)) starts and ends on the calling
 * thread: one more level, no team (parade_serial_enter in team.c). */
void team_shape_serial_enter(void);
void team_shape_serial_exit(void);

#endif
