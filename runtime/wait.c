#include "wait.h"

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static uint32_t spin_count = 2000;

void wait_set_spin_count(uint32_t spins) { spin_count = spins; }

void wait_futex(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns) {
  struct timespec ts, *tsp = NULL;
  if (timeout_ns) {
    ts.tv_sec = (time_t)(timeout_ns / 1000000000u);
    ts.tv_nsec = (long)(timeout_ns % 1000000000u);
    tsp = &ts;
  }
  /* FUTEX_WAIT without PRIVATE: the futex words are in node-private memory,
   * but PRIVATE would also be correct; keep it private for speed. */
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, tsp, NULL, 0);
}

void wait_wake(_Atomic uint32_t *word, int count) {
  syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, count, NULL, NULL, 0);
}

void wait_until_changed(_Atomic uint32_t *word, uint32_t expected) {
  for (uint32_t i = 0; i < spin_count; i++) {
    if (atomic_load_explicit(word, memory_order_acquire) != expected)
      return;
    cpu_relax();
  }
  while (atomic_load_explicit(word, memory_order_acquire) == expected)
    wait_futex(word, expected, 0);
}
