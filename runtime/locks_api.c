/* parade.h's locks, critical sections, ordered regions and flushes. Each
 * is a synchronisation point of the calling thread, so its deferred atomic
 * updates (atomic.h) are applied first; then the distributed lock (locks.h)
 * or the coherence protocol (hlrc.h) does the rest. */
#include "atomic.h"
#include "error.h"
#include "hlrc.h"
#include "locks.h"
#include "node.h"
#include "parade.h"
#include "streams.h"
#include "vm.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>

static void check_lock(const parade_lock_t *lock) {
  if (lock->id == 0)
    err_fatal("use of a lock that was never initialised (omp_init_lock)");
}

void parade_lock_init(parade_lock_t *lock) { lock->id = locks_new_id(); }

void parade_lock_acquire(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  streams_release();
  locks_acquire_turn(lock->id, 0, -1, 0);
}

/* Consecutive failed tries of the calling thread. */
static __thread unsigned tries_failed;

int parade_lock_try(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  streams_release();
  if (locks_acquire_turn(lock->id, 1, -1, 0)) {
    tries_failed = 0;
    return 1;
  }
  /* A thread that polls omp_test_lock in a loop must leave the core to
   * the holder and to the communication threads, or the lock it waits
   * for is released late (no core is free to spin): yield at first, then
   * sleep a little, more the longer it fails. */
  if (++tries_failed < 16) {
    sched_yield();
  } else {
    unsigned shift = tries_failed - 16 < 6 ? tries_failed - 16 : 6;
    struct timespec pause = {0, 2000L << shift}; /* 2 to 128 us */
    nanosleep(&pause, NULL);
  }
  return 0;
}

void parade_lock_release(parade_lock_t *lock) {
  check_lock(lock);
  atomic_flush_deferred();
  streams_release();
  locks_release(lock->id);
}

void parade_critical_enter(const char *name) {
  atomic_flush_deferred();
  streams_release();
  locks_acquire_turn(locks_critical_id(name), 0, -1, 0);
}

void parade_critical_exit(const char *name) {
  atomic_flush_deferred();
  streams_release();
  locks_release(locks_critical_id(name));
}

void parade_ordered_begin(parade_loop *loop, long long iteration) {
  atomic_flush_deferred();
  streams_release();
  if (parade_num_threads() <= 1)
    return;
  locks_acquire_turn(locks_ordered_id((uint64_t)loop->id), 0, iteration, loop->count);
}

void parade_ordered_end(parade_loop *loop, long long iteration) {
  atomic_flush_deferred();
  streams_release();
  (void)iteration;
  if (parade_num_threads() <= 1)
    return;
  locks_release(locks_ordered_id((uint64_t)loop->id));
}

/* Per thread: nested ordered loops (a loop body calling a function with
 * its own ordered loop) save and restore it around the inner loop. */
static __thread parade_ordered_iteration ordered_now;

parade_ordered_iteration parade_ordered_current(void) { return ordered_now; }

void parade_ordered_enter(parade_loop *loop, long long iteration, int *passed) {
  ordered_now = (parade_ordered_iteration){loop, iteration, passed};
}

void parade_ordered_restore(parade_ordered_iteration saved) { ordered_now = saved; }

void parade_ordered_orphan_begin(void) {
  if (ordered_now.loop)
    parade_ordered_begin(ordered_now.loop, ordered_now.iteration);
}

void parade_ordered_orphan_end(void) {
  if (!ordered_now.loop)
    return;
  parade_ordered_end(ordered_now.loop, ordered_now.iteration);
  *ordered_now.passed = 1;
}

/* The first half of a flush: this node's writes reach their homes before
 * the store that follows, a flag another thread polls. A home writes its
 * own pages in place, where a fetch sees them at once, while its writes to
 * pages homed elsewhere travel at its next release: without this, a flag
 * on a page the writer is home of could be seen before the data written
 * ahead of it (and one on another home, before the data's diffs land). */
void parade_release(void) {
  atomic_flush_deferred();
  streams_release();
  if (node.size > 1)
    hlrc_release();
}

/* A flush is both halves of a synchronisation: this node's writes go to
 * their homes (release), and cached copies of pages homed elsewhere are
 * dropped (acquire), so a flag another node wrote and flushed is seen. */
void parade_flush(void) {
  atomic_flush_deferred();
  streams_release();
  if (node.size == 1)
    return;
  hlrc_release();
  hlrc_flush_acquire();
}

/* ---- pthread mutexes in shared data -----------------------------------
 * A program may guard shared data with a pthread mutex of its own: in the
 * pool or a shared global, it excluded only the threads of one rank. Such
 * a mutex is the distributed lock named by its address (the translator
 * sends the calls here); one in private memory stays the C library's. */

static int shared_mutex(const pthread_mutex_t *m) {
  /* A recursive or error-checking mutex (glibc's kind, in the mutex)
   * keeps the C library's semantics, within the rank. */
  return node.size > 1 && node.dsm_active && vm_contains(&node.vm, m) &&
         (m->__data.__kind & 3) != PTHREAD_MUTEX_RECURSIVE &&
         (m->__data.__kind & 3) != PTHREAD_MUTEX_ERRORCHECK;
}

static uint64_t mutex_lock_id(const pthread_mutex_t *m) {
  char name[40];
  snprintf(name, sizeof name, "parade.mutex.%p", (const void *)m);
  return locks_critical_id(name);
}

int parade_pthread_mutex_lock(pthread_mutex_t *m) {
  if (!shared_mutex(m))
    return pthread_mutex_lock(m);
  atomic_flush_deferred();
  streams_release();
  locks_acquire_turn(mutex_lock_id(m), 0, -1, 0);
  return 0;
}

int parade_pthread_mutex_trylock(pthread_mutex_t *m) {
  if (!shared_mutex(m))
    return pthread_mutex_trylock(m);
  atomic_flush_deferred();
  streams_release();
  return locks_acquire_turn(mutex_lock_id(m), 1, -1, 0) ? 0 : EBUSY;
}

int parade_pthread_mutex_unlock(pthread_mutex_t *m) {
  if (!shared_mutex(m))
    return pthread_mutex_unlock(m);
  atomic_flush_deferred();
  streams_release();
  locks_release(mutex_lock_id(m));
  return 0;
}

/* A condition variable waited on with such a mutex: the mutex is the
 * distributed lock, which the C library's wait cannot release. The wait
 * releases it, lets others run, and takes it again: a spurious wakeup,
 * which POSIX allows and every correct wait loop re-checks its predicate
 * after; signal and broadcast need do nothing. */
int parade_pthread_cond_wait(pthread_cond_t *cv, pthread_mutex_t *m) {
  if (!shared_mutex(m))
    return pthread_cond_wait(cv, m);
  parade_pthread_mutex_unlock(m);
  struct timespec pause = {0, 50 * 1000};
  nanosleep(&pause, NULL);
  return parade_pthread_mutex_lock(m);
}

int parade_pthread_cond_timedwait(pthread_cond_t *cv, pthread_mutex_t *m,
                                  const struct timespec *deadline) {
  if (!shared_mutex(m))
    return pthread_cond_timedwait(cv, m, deadline);
  parade_pthread_cond_wait(cv, m);
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  if (now.tv_sec > deadline->tv_sec ||
      (now.tv_sec == deadline->tv_sec && now.tv_nsec >= deadline->tv_nsec))
    return ETIMEDOUT;
  return 0;
}
