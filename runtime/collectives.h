/* Hierarchical collectives: allreduce, broadcast, and the collective
 * updates of shared data that stand in for critical, atomic and single.
 *
 * Collectives combine inside the node first (thread partials in thread
 * order, so results do not depend on timing), then the last-arriving thread
 * of each node makes one MPI call among the team's nodes. A collective that
 * stands in for a lock or a barrier keeps its memory semantics (release,
 * exchange of write notices, acquire). The API is parade.h's
 * parade_allreduce, parade_bcast, parade_copyprivate, parade_reduce_store
 * and parade_bcast_store. */
#ifndef PARADE_COLLECTIVES_H
#define PARADE_COLLECTIVES_H

#include "options.h"
#include "parade.h"

#include <stddef.h>

struct collectives {
  /* What each local thread brought, and the node's buffer. */
  const void *contrib[OPTIONS_MAX_THREADS];
  unsigned char *buf;
  size_t cap;
  const parade_reduce_var *layout; /* of the reduction in flight */
  int layout_count;
  size_t bcast_len;
  int bcast_root;
  /* The collective store in flight (the leader's). */
  void **store_targets;
  int store_count;
  const size_t *store_sizes;
  /* The copyprivate in flight: its variables' sizes and count. */
  const size_t *copy_sizes;
  int copy_count;
  /* The reduction riding on the join in flight (join_count 0: none): its
   * layout (data unused), its size packed, and global thread 0's targets. */
  parade_reduce_var *join_layout;
  void **join_targets;
  int join_count, join_cap;
  size_t join_bytes;
  /* The scan in flight: this node holds global thread 0 (no prefix from
   * other nodes). */
  int scan_node_first;
  /* The replay in flight (replay.c). */
  parade_replay_fn replay_fn;
  size_t replay_input_size;
  int replay_nwritten;
  /* The user-defined reduction in flight: its values' size and combiner,
   * and room for one value (MPI's operator has no context of its own). */
  size_t user_size;
  parade_combine_fn user_combine;
  unsigned char *user_tmp;
};

/* The shared data a collective read before its exchange (its targets), and
 * a node whose writes leave those values current (-1: none). */
struct exchange_watch {
  void *const *targets;
  const size_t *sizes;
  int count;
  int except;
};
/* A collective's memory semantics and its data in one allgather: every
 * node's release, then each node's @p bytes[r] bytes (this node's at
 * @p mine, which may be @p all) land in node order at @p all together with
 * the nodes' write notices, then every node's acquire (the node's leader,
 * threads parked). Returns 1, the same on every node, if a node other than
 * @p watch's exception announced a write to a page of its targets since
 * the last barrier: the values read before the exchange may be stale. */
int collectives_exchange(const void *mine, const size_t *bytes, void *all,
                         const struct exchange_watch *watch);
/* The values of the @p n @p targets (@p sizes bytes each), packed into
 * @p buf. */
void collectives_read_targets(unsigned char *buf, void *const *targets, const size_t *sizes, int n);
/* The team's nodes meet (the leader, threads parked). */
void collectives_sync(void);
/* The team is on some of the ranks only: a collective that stands in for a
 * lock or a barrier takes the conventional path. */
int collectives_partial_team(void);

#endif
