/* Waiting without burning a core: a short spin, then a futex sleep.
 * The spin length follows OMP_WAIT_POLICY and whether the host is
 * oversubscribed (more runtime threads than cores: then spinning only
 * steals time from the thread being waited for). */
#ifndef PARADE_WAIT_H
#define PARADE_WAIT_H

#include <stdatomic.h>
#include <stdint.h>

/* Sleep while *word == expected, at most @p timeout_ns (0: no limit).
 * Returns early on a wake or a spurious wake-up; callers re-check. */
void wait_futex(_Atomic uint32_t *word, uint32_t expected, uint64_t timeout_ns);

/* Wake up to @p count sleepers on @p word (INT32_MAX: all). */
void wait_wake(_Atomic uint32_t *word, int count);

/* Spin for a while, then sleep, until *word != expected. */
/* Yield the CPU until *@p word != @p expected, for at most @p ns
 * nanoseconds. Returns 1 if it changed. */
int wait_yielding(_Atomic uint32_t *word, uint32_t expected, uint64_t ns);

void wait_until_changed(_Atomic uint32_t *word, uint32_t expected);

/* Length of the spin phase in nanoseconds, set once at start-up. */
void wait_set_spin_ns(uint64_t ns);
/* The spin set by wait_set_spin_ns. */
uint64_t wait_spin_ns(void);

static inline void cpu_relax(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#else
  atomic_signal_fence(memory_order_seq_cst);
#endif
}

#endif
