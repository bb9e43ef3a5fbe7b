#include "atomic.h"

#include "combine.h"
#include "error.h"
#include "locks.h"
#include "node.h"
#include "stats.h"
#include "task.h"
#include "team_shape.h"
#include "vm.h"

#include <parade.h>
#include <stdint.h>
#include <string.h>

/* Distinct addresses a thread combines before it must apply them. */
#define DEFER_SLOTS 1024

struct deferred {
  void *addr; /* NULL: free slot */
  parade_type type;
  parade_op op;
  _Alignas(16) unsigned char value[16];
};

static __thread struct deferred table[DEFER_SLOTS];
static __thread int used;
static __thread uint64_t table_lock; /* the lock every entry is applied under */
static __thread int flushing;

/* The atomic lock: a critical section of its own name, taken without
 * flushing the table (that is what it is taken for). */
static const char atomic_lock[] = "parade.atomic";

/* Apply the table under its lock, in one acquisition: to the other
 * threads, the instances it holds ran one after the other just now. */
void atomic_flush_deferred(void) {
  if (used == 0 || flushing)
    return;
  flushing = 1;
  STAT_INC(atomic_flushes);
  locks_acquire_turn(table_lock, 0, -1, 0);
  for (int i = 0; i < DEFER_SLOTS && used > 0; i++) {
    struct deferred *d = &table[i];
    if (!d->addr)
      continue;
    combine_elements(d->type, d->op, d->addr, d->value, 1);
    d->addr = NULL;
    used--;
  }
  locks_release(table_lock);
  flushing = 0;
}

/* The slot of addr: its entry, or the free slot it would take. */
static struct deferred *slot_of(const void *addr) {
  uintptr_t h = ((uintptr_t)addr >> 2) * 0x9e3779b97f4a7c15ull;
  for (unsigned probe = 0;; probe++) {
    struct deferred *d = &table[(h + probe) % DEFER_SLOTS];
    if (!d->addr || d->addr == addr)
      return d;
  }
}

/* Combine one instance of a block of updates (one for an atomic) into the
 * calling thread's table under lock, or apply it at once where a deferred
 * update would not be seen in time (then 0). The instance goes in whole:
 * what its updates need (room, the same lock, the same operator on each
 * object) is made first, applying the table if it must. */
static int defer(uint64_t lock, const parade_update *updates, int count) {
  if (count <= 0)
    err_fatal("deferred update: %d updates in one block", count);
  /* A block too large for the table, or that updates one object twice
   * in two ways (through a union or two pointers), is applied at once, in
   * its order. */
  int now = count > DEFER_SLOTS / 4;
  for (int i = 0; i < count; i++) {
    const parade_update *u = &updates[i];
    if ((unsigned)u->type >= PARADE_TYPE_COUNT || (unsigned)u->op >= PARADE_OP_COUNT)
      err_fatal("deferred update: bad type %d or operator %d", (int)u->type, (int)u->op);
    /* Outside the pool (a thread's stack, say): a deferred update would
     * be applied after the object may be gone, and no other node sees it. */
    now |= !vm_contains(&node.vm, u->addr);
    for (int j = 0; j < i && !now; j++)
      now = updates[j].addr == u->addr && (updates[j].type != u->type || updates[j].op != u->op);
  }
  if (!parade_in_parallel()) {
    for (int i = 0; i < count; i++) /* the only thread of its team */
      combine_elements(updates[i].type, updates[i].op, updates[i].addr, updates[i].value, 1);
    return 0;
  }
  /* A team of one inside an active region (its barriers apply nothing),
   * one node, an explicit task (its effects must be seen when it
   * completes): at once. */
  if (now || node.size == 1 || task_in_explicit() || parade_level() > 1) {
    atomic_flush_deferred(); /* earlier updates first: program order */
    locks_acquire_turn(lock, 0, -1, 0);
    for (int i = 0; i < count; i++)
      combine_elements(updates[i].type, updates[i].op, updates[i].addr, updates[i].value, 1);
    locks_release(lock);
    return 0;
  }
  /* One lock per table: the instances of two locks, merged, would lose
   * their order, which a thread taking both locks could see. */
  int must_flush = used > 0 && (table_lock != lock || used + count > DEFER_SLOTS / 2);
  for (int i = 0; i < count && !must_flush; i++) {
    struct deferred *d = slot_of(updates[i].addr);
    must_flush = d->addr && (d->type != updates[i].type || d->op != updates[i].op);
  }
  if (must_flush)
    atomic_flush_deferred();
  table_lock = lock;
  for (int i = 0; i < count; i++) {
    const parade_update *u = &updates[i];
    struct deferred *d = slot_of(u->addr);
    if (!d->addr) {
      d->addr = u->addr;
      d->type = u->type;
      d->op = u->op;
      memcpy(d->value, u->value, combine_type_size(u->type));
      used++;
    } else { /* the same type and operator: the pre-scans saw to it */
      combine_elements(u->type, u->op, d->value, u->value, 1);
    }
  }
  return 1;
}

void parade_atomic_update(void *addr, parade_type type, parade_op op, const void *value) {
  parade_update u = {addr, type, op, value};
  if (defer(locks_critical_id(atomic_lock), &u, 1))
    STAT_INC(atomics_deferred);
}

void parade_critical_update(const char *name, const parade_update *updates, int count) {
  if (defer(locks_critical_id(name), updates, count))
    STAT_ADD(criticals_deferred, (uint64_t)count);
}
