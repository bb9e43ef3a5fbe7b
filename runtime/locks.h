/* The distributed lock with acquire/release consistency, on which omp locks,
 * critical sections and the ordered construct are built (their API is in
 * locks_api.c).
 *
 * Each lock has a manager node (id mod P) whose comm thread queues requests
 * and grants in FIFO order (an ordered lock grants in iteration order). A
 * grant carries the write notices of the lock's previous holders in this
 * epoch; the acquirer invalidates those pages. A release first sends the
 * releaser's diffs home.
 *
 * A lock stays at the node it was granted to until another node asks for
 * it (lock caching, as in TreadMarks): the manager recalls it, and the node
 * sends it back with its write notices once its thread has released it.
 * Until then the node's threads hand it to each other without a message.
 * Ordered locks go back at every release. With P = 1 a lock is a plain
 * mutex. */
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

/* Acquire lock @p id (only try, if @p try_only: returns whether it was
 * granted); an ordered lock (@p turn >= 0) only once every earlier turn of
 * its @p turns has released it. The acquirer invalidates what the lock's
 * previous holders wrote. */
int locks_acquire_turn(uint64_t id, int try_only, int64_t turn, int64_t turns);
/* Release lock @p id: this node's writes go home first. */
void locks_release(uint64_t id);

/* Lock ids: a new omp lock's, a named critical section's, and the ordered
 * lock of work-shared loop @p loop_id. */
uint64_t locks_new_id(void);
uint64_t locks_critical_id(const char *name);
uint64_t locks_ordered_id(uint64_t loop_id);

#endif
