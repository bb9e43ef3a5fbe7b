/* Synchronisation: hierarchical collectives (allreduce, broadcast) and the
 * distributed lock with acquire/release consistency.
 *
 * Collectives combine inside the node first (thread partials in thread
 * order, so results do not depend on timing), then the last-arriving thread
 * of each node makes one MPI call among the team's nodes.
 *
 * Each lock has a manager node (id mod P) whose comm thread queues requests
 * and grants in FIFO order. A grant carries the write notices of the lock's
 * previous holders in this epoch; the acquirer invalidates those pages.
 * With P = 1 a lock is a plain mutex. */
#ifndef PARADE_SYNC_H
#define PARADE_SYNC_H

#include "options.h"
#include "parade.h"

#include <stddef.h>

struct msg_hdr;
struct lock_rec;

struct sync_state {
  /* Collectives: what each local thread brought, and the node's buffer. */
  const void *contrib[OPTIONS_MAX_THREADS];
  unsigned char *buf;
  size_t cap;
  const parade_reduce_var *layout; /* of the reduction in flight */
  int layout_count;
  size_t bcast_len;
  int bcast_root;
  /* Locks (manager side on P > 1, mutexes on P = 1). */
  struct lock_rec **lock_table;
  size_t lock_buckets;
  pthread_mutex_t lock_table_lock;
  _Atomic uint64_t next_lock;
};

/* Set up the lock table and register the lock manager's handlers. */
void sync_init(void);

/* Size in bytes of one element of @p type. */
size_t sync_type_size(parade_type type);
/* inout[i] = inout[i] op in[i] for @p count elements. Returns 0, or EINVAL
 * if @p op is not defined on @p type. */
int sync_combine(parade_type type, parade_op op, void *inout, const void *in, size_t count);

#endif
