/* Deferred atomic and critical updates.
 *
 * An `atomic` update met many times (in a loop) would cost a distributed
 * lock round trip each time. Inside an active region an update that
 * commutes (x += e, x *= e, x |= e, ...) is instead combined into a
 * table of the calling thread, and the table is applied to shared memory
 * under the atomic lock at the thread's next synchronisation: a barrier,
 * a region's end, a lock or critical section, a flush, an ordered region,
 * a collective store, or an atomic read/write/capture (which take the
 * atomic lock). Between those points other threads may see an older value,
 * as OpenMP's relaxed atomics allow. Updates made inside explicit tasks are
 * applied at once (a task's effects must be visible at its completion).
 *
 * A critical block of such updates in a loop (parade_critical_update) is
 * deferred the same way, each instance whole, under the critical's own
 * lock: an instance the thread has not applied yet is, to every other
 * thread, a critical that has not run yet, and the thread's own next
 * synchronisation applies it before anything after it can be ordered
 * against it. The table holds one lock's entries at a time (the order of
 * two locks' instances would be lost in it): an update under another lock
 * applies the table first. Inside a team of one in an active region
 * (whose barriers apply nothing), updates are applied at once. */
#ifndef PARADE_ATOMIC_H
#define PARADE_ATOMIC_H

/* Apply the calling thread's deferred updates, if it has any. */
void atomic_flush_deferred(void);

#endif
