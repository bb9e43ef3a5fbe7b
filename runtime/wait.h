/* Waiting without burning a core: a short spin, then a futex sleep. The
 * spin length follows OMP_WAIT_POLICY and whether the host is
 * oversubscribed (more runtime threads than cores: then spinning only
 * steals time from the thread being waited for). A wait for a remote
 * reply, which comes within tens of microseconds, may first yield the CPU
 * for a while: on an oversubscribed host that runs the communication
 * threads and spares the futex wake-up (8-16 us on two cores). */
#ifndef PARADE_WAIT_H
#define PARADE_WAIT_H

#include <stdatomic.h>
#include <stdint.h>

/* Sleep while *word == expected, at most @p timeout_ns (0: no limit).
 * Returns early on a wake or a spurious wake-up; callers re-check. Returns
 * 1 if the whole timeout passed. */
int wait_futex(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns);

/* Wake up to @p count sleepers on @p word (INT32_MAX: all), after the
 * caller changed *word; no system call while no thread of the process is
 * in wait_futex. */
void wait_wake(_Atomic uint32_t *word, int count);

/* Spin for a while, then sleep, until *word != expected. */
void wait_until_changed(_Atomic uint32_t *word, uint32_t expected);

/* Yield the CPU while *word == expected, for the yield phase set by
 * wait_set_policy. Returns 1 if it changed meanwhile. */
int wait_yielding(_Atomic uint32_t *word, uint32_t expected);

/* Lengths of the spin and yield phases in nanoseconds, set at start-up
 * and between regions. */
void wait_set_policy(uint64_t spin_ns, uint64_t yield_ns);
uint64_t wait_spin_ns(void);
uint64_t wait_yield_ns(void);

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  atomic_signal_fence(memory_order_seq_cst);
#endif
}

#endif
