/* The distributed lock with acquire/release consistency, and what is built
 * on it: omp locks, critical sections, the ordered construct, and flush.
 *
 * Each lock has a manager node (id mod P) whose comm thread queues requests
 * and grants in FIFO order (an ordered lock grants in iteration order). A
 * grant carries the write notices of the lock's previous holders in this
 * epoch; the acquirer invalidates those pages. A release first sends the
 * releaser's diffs home. With P = 1 a lock is a plain mutex. */
#ifndef PARADE_LOCKS_H
#define PARADE_LOCKS_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct lock_rec;

struct locks {
  /* Lock records (manager side on P > 1, mutexes on P = 1). */
  struct lock_rec **lock_table;
  size_t lock_buckets;
  pthread_mutex_t lock_table_lock;
  _Atomic uint64_t next_lock;
};

/* Set up the lock table and register the lock manager's handlers (before
 * comm_start). */
void locks_init(void);

#endif
