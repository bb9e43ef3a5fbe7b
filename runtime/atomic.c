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
  void *addr;    /* NULL: free slot */
  uint64_t lock; /* applied under it: the atomic lock or a critical's */
  parade_type type;
  parade_op op;
  _Alignas(16) unsigned char value[16];
};

static __thread struct deferred table[DEFER_SLOTS];
static __thread int used;
static __thread int flushing;

/* The atomic lock: a critical section of its own name, taken without
 * flushing the table (that is what it is taken for). */
static const char atomic_lock[] = "parade.atomic";

static uint64_t atomic_lock_id(void) { return locks_critical_id(atomic_lock); }

/* Apply the table: for each lock its entries name, take it once and apply
 * them. A critical's updates go under the critical's own lock, so that
 * they exclude its other instances on the lock path. */
void atomic_flush_deferred(void) {
  if (used == 0 || flushing)
    return;
  flushing = 1;
  STAT_INC(atomic_flushes);
  while (used > 0) {
    uint64_t lock = 0;
    int found = 0;
    for (int i = 0; i < DEFER_SLOTS; i++)
      if (table[i].addr) {
        lock = table[i].lock;
        found = 1;
        break;
      }
    if (!found)
      err_fatal("deferred updates: %d counted but none in the table", used);
    locks_acquire_turn(lock, 0, -1, 0);
    for (int i = 0; i < DEFER_SLOTS; i++) {
      struct deferred *d = &table[i];
      if (!d->addr || d->lock != lock)
        continue;
      combine_elements(d->type, d->op, d->addr, d->value, 1);
      d->addr = NULL;
      used--;
    }
    locks_release(lock);
  }
  flushing = 0;
}

static void apply_now(uint64_t lock, void *addr, parade_type type, parade_op op,
                      const void *value) {
  atomic_flush_deferred(); /* earlier updates first: program order */
  locks_acquire_turn(lock, 0, -1, 0);
  combine_elements(type, op, addr, value, 1);
  locks_release(lock);
}

/* Combine *value into the calling thread's entry for addr under lock, or
 * apply it at once where a deferred update would not be seen in time
 * (then 0). */
static int defer(uint64_t lock, void *addr, parade_type type, parade_op op, const void *value) {
  if ((unsigned)type >= PARADE_TYPE_COUNT || (unsigned)op >= PARADE_OP_COUNT)
    err_fatal("deferred update: bad type %d or operator %d", (int)type, (int)op);
  if (!parade_in_parallel()) {
    combine_elements(type, op, addr, value, 1); /* the only thread of its team */
    return 0;
  }
  /* Outside the pool (a thread's stack, say): a deferred update would be
   * applied after the object may be gone, and no other node sees it. */
  if (node.size == 1 || task_in_explicit() || !vm_contains(&node.vm, addr)) {
    apply_now(lock, addr, type, op, value);
    return 0;
  }
  size_t size = combine_type_size(type);
  uintptr_t h = ((uintptr_t)addr >> 2) * 0x9e3779b97f4a7c15ull;
  for (unsigned probe = 0;; probe++) {
    struct deferred *d = &table[(h + probe) % DEFER_SLOTS];
    int other_op = d->addr == addr && (d->type != type || d->op != op || d->lock != lock);
    int full = !d->addr && used >= DEFER_SLOTS / 2;
    if (other_op || full) {
      /* Apply what is there (for another operator on the same object, that
       * keeps the program order), then start again on an empty table. */
      atomic_flush_deferred();
      probe = (unsigned)-1;
      continue;
    }
    if (d->addr == addr) {
      combine_elements(type, op, d->value, value, 1);
      return 1;
    }
    if (!d->addr) {
      d->addr = addr;
      d->lock = lock;
      d->type = type;
      d->op = op;
      memcpy(d->value, value, size);
      used++;
      return 1;
    }
  }
}

void parade_atomic_update(void *addr, parade_type type, parade_op op, const void *value) {
  if (defer(atomic_lock_id(), addr, type, op, value))
    STAT_INC(atomics_deferred);
}

void parade_critical_update(const char *name, void *addr, parade_type type, parade_op op,
                            const void *value) {
  if (defer(locks_critical_id(name), addr, type, op, value))
    STAT_INC(criticals_deferred);
}
