/* Per-rank counters (PARADE_STATS). The X-macro list below is the single
 * definition of every key: the struct, the text summary and the JSON output
 * are generated from it, so a key cannot be counted but not reported. The
 * meaning of each key is documented in docs/stats.md. */
#ifndef PARADE_STATS_H
#define PARADE_STATS_H

#include <stdatomic.h>
#include <stdint.h>

#define STATS_COUNTERS(X)                                                                          \
  X(page_faults_read)                                                                              \
  X(page_faults_write)                                                                             \
  X(pages_fetched)                                                                                 \
  X(pages_prefetched)                                                                              \
  X(prefetched_touched)                                                                            \
  X(pages_served)                                                                                  \
  X(twins)                                                                                         \
  X(pages_written_ahead)                                                                           \
  X(pages_ahead_unwritten)                                                                         \
  X(diffs_sent)                                                                                    \
  X(diff_bytes)                                                                                    \
  X(diffs_applied)                                                                                 \
  X(write_notices)                                                                                 \
  X(invalidations)                                                                                 \
  X(notices_held)                                                                                  \
  X(lock_notices_granted)                                                                          \
  X(change_queries)                                                                                \
  X(changes_heard)                                                                                 \
  X(home_migrations)                                                                               \
  X(barriers)                                                                                      \
  X(collectives)                                                                                   \
  X(lock_acquires)                                                                                 \
  X(lock_cached_acquires)                                                                          \
  X(release_walks)                                                                                 \
  X(lock_records)                                                                                  \
  X(loop_steals)                                                                                   \
  X(loop_iterations_stolen)                                                                        \
  X(tasks_deferred)                                                                                \
  X(atomics_deferred)                                                                              \
  X(criticals_deferred)                                                                            \
  X(atomic_flushes)                                                                                \
  X(tasks_immediate)                                                                               \
  X(msgs_sent)                                                                                     \
  X(bytes_sent)                                                                                    \
  X(msgs_received)                                                                                 \
  X(bytes_received)                                                                                \
  X(runtime_msgs_sent)                                                                             \
  X(fault_ns)                                                                                      \
  X(fetch_handoff_ns)                                                                              \
  X(fetch_remote_ns)                                                                               \
  X(fetch_wake_ns)                                                                                 \
  X(poll_sleeps)                                                                                   \
  X(poll_sleep_asked_ns)                                                                           \
  X(poll_sleep_ns)                                                                                 \
  X(comm_wakes)                                                                                    \
  X(barrier_ns)                                                                                    \
  X(collective_ns)                                                                                 \
  X(lock_ns)

struct stats {
#define STATS_FIELD(name) _Atomic uint64_t name;
  STATS_COUNTERS(STATS_FIELD)
#undef STATS_FIELD
};

/* This rank's counters. */
extern struct stats stats_counters;

#define STAT_ADD(name, n)                                                                          \
  atomic_fetch_add_explicit(&stats_counters.name, (uint64_t)(n), memory_order_relaxed)
#define STAT_INC(name) STAT_ADD(name, 1)

/* Monotonic nanoseconds, for the *_ns counters. */
uint64_t stats_now_ns(void);

#endif
