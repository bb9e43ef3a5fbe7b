#include "wait.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

/* Set between regions while other threads wait: each read and written whole. */
static _Atomic uint64_t spin_ns = 20000, yield_ns = 0;

void wait_set_policy(uint64_t spin, uint64_t yield) {
  atomic_store_explicit(&spin_ns, spin, memory_order_relaxed);
  atomic_store_explicit(&yield_ns, yield, memory_order_relaxed);
}
uint64_t wait_spin_ns(void) { return atomic_load_explicit(&spin_ns, memory_order_relaxed); }
uint64_t wait_yield_ns(void) { return atomic_load_explicit(&yield_ns, memory_order_relaxed); }

static uint64_t monotonic_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* Threads inside wait_futex now. A wake with none skips its system call:
 * a fork or a barrier whose threads all spin (P = 1, a core for each)
 * costs no kernel entry. The sleeper counts itself before the kernel
 * compares the word; the waker changed the word before it reads the count;
 * with a full fence on both sides, either the waker sees the sleeper or the
 * sleeper's compare sees the new word (and does not sleep). */
static _Atomic uint32_t sleepers;

int wait_futex(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns) {
  struct timespec ts, *tsp = NULL;
  if (timeout_ns) {
    ts.tv_sec = (time_t)(timeout_ns / 1000000000u);
    ts.tv_nsec = (long)(timeout_ns % 1000000000u);
    tsp = &ts;
  }
  /* FUTEX_WAIT without PRIVATE: the futex words are in node-private memory,
   * but PRIVATE would also be correct; keep it private for speed. */
  atomic_fetch_add_explicit(&sleepers, 1, memory_order_seq_cst);
  long rc = syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, tsp, NULL, 0);
  int timed_out = rc == -1 && errno == ETIMEDOUT;
  atomic_fetch_sub_explicit(&sleepers, 1, memory_order_release);
  return timed_out;
}

void wait_wake(_Atomic uint32_t *word, int count) {
  atomic_thread_fence(memory_order_seq_cst); /* the caller's change of *word first */
  if (atomic_load_explicit(&sleepers, memory_order_relaxed) == 0)
    return;
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

/* Look at *@p word until it is not @p expected, for @p ns nanoseconds,
 * yielding the CPU or pausing between looks. Returns 1 if it changed. */
static int watch(_Atomic uint32_t *word, uint32_t expected, uint64_t ns, int yield) {
  uint64_t deadline = monotonic_ns() + ns;
  uint32_t clock_every = yield ? 8 : 64; /* a yield costs more than a pause */
  for (uint32_t i = 1;; i++) {
    if (atomic_load_explicit(word, memory_order_acquire) != expected)
      return 1;
    if (yield)
      sched_yield();
    else
      cpu_relax();
    if (i % clock_every == 0 && monotonic_ns() > deadline)
      return 0;
  }
}

int wait_yielding(_Atomic uint32_t *word, uint32_t expected) {
  uint64_t yield = wait_yield_ns();
  return yield && watch(word, expected, yield, 1);
}

void wait_until_changed(_Atomic uint32_t *word, uint32_t expected) {
  uint64_t spin = wait_spin_ns();
  if (spin && watch(word, expected, spin, 0))
    return;
  while (atomic_load_explicit(word, memory_order_acquire) == expected)
    wait_futex(word, expected, 0);
}
