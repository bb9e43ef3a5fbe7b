/* The page table and the per-page state machine.
 *
 *   INVALID    no valid copy here (app view PROT_NONE)
 *   TRANSIENT  one thread is fetching or changing the page
 *   BLOCKED    TRANSIENT, and other threads sleep until it is done
 *   READ_ONLY  valid and clean (PROT_READ; at the home too, so that the
 *              home's next write is noticed, once another node has a copy)
 *   DIRTY      valid and written since the last release (PROT_READ|WRITE);
 *              at the home, written and not copied since (hlrc.h, "Home")
 *
 * Only the thread that moved a page to TRANSIENT may move it on; whoever
 * completes the change wakes the BLOCKED sleepers. The epoch list holds the
 * pages this node wrote (or learned of) since the last barrier: its length
 * is what a barrier costs, whatever the pool size. The copy hints do the
 * same for a flush that must drop every copy of a page homed on some node
 * (when that home cannot list its changes: hlrc.h, "Flush"): a page whose
 * hint is clear is INVALID or homed here, so the walk visits only the
 * pages it may have to drop (a walk of all 262,144 pages of a 1 GiB pool
 * costs 0.5 ms). */
#ifndef PARADE_PAGE_H
#define PARADE_PAGE_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

enum page_state {
  PAGE_INVALID,
  PAGE_TRANSIENT,
  PAGE_BLOCKED,
  PAGE_READ_ONLY,
  PAGE_DIRTY,
};

/* Per-page flags for the current epoch. */
enum {
  EPOCH_WRITTEN = 1u << 0, /* this node wrote the page this epoch */
  EPOCH_FLUSHED = 1u << 1, /* a lock release already sent its diff home */
  EPOCH_LEARNED = 1u << 2, /* a lock grant said another node wrote it */
  EPOCH_LISTED = 1u << 3,  /* the page is in the epoch list */
  EPOCH_AHEAD = 1u << 4,   /* made writable ahead of a write, with a twin (hlrc.c) */
};

#define EPOCH_LIST_EMPTY UINT32_MAX

struct page_entry {
  _Atomic uint32_t state;
  _Atomic int32_t pending_diffs; /* at the home: barrier diffs still due */
  _Atomic uint32_t home;
  _Atomic uint32_t epoch_flags;
  /* Not at the home: the epoch in which a copy this node had read or
   * written was last dropped (a departure, an acquire or a flush), plus
   * one, in the low 31 bits (0: never); PAGE_UNTOUCHED while the copy here
   * came with another page's fetch and no thread has touched it yet (it is
   * READ_ONLY and still protected PROT_NONE: the first access faults, here
   * only), and while it is the copy the node started with and no thread
   * has written it (readable: a read is not seen; page_table_init). */
  _Atomic uint32_t history;
  /* At the home: the epoch of its last write fault on the page, plus one
   * (0: none), for write_ahead (hlrc.c). */
  _Atomic uint32_t written;
};

#define PAGE_UNTOUCHED (1u << 31)

struct page_table {
  struct page_entry *entries;
  size_t npages;
  /* Per page, a number of its home's change log (change_log.h), zero until
   * set (the array is mapped lazily: untouched pages cost no memory).
   * At the home: its last change. At another node: the changes its copy
   * holds, all those up to this one (the home's last change when it served
   * the copy), or 0 if not known. A lock grant's notice carries a number
   * of the home's log by which the home had applied the writes it stands
   * for (notice_seq below), and a copy already as new is kept
   * (hlrc_lock_acquire). Reset when the page's home moves. */
  _Atomic uint64_t *seq;
  /* Per page, not at its home: the number this node's lock notice of the
   * page carries in this epoch, a number of the home's change log: the
   * home had applied every write the notice stands for (this node's,
   * acknowledged with their numbers, and those of the notices it learned)
   * once it logged that change. 0 while none is known, UINT64_MAX
   * (NOTICE_SEQ_UNKNOWN) if one of them had none. Cleared with the epoch
   * (mapped lazily, as seq). */
  _Atomic uint64_t *notice_seq;
  _Atomic uint64_t *hints; /* copy hints, one bit per page */
  _Atomic uint32_t *epoch_list;
  _Atomic size_t epoch_count;
};

/* Allocate a table of @p npages pages, all READ_ONLY with home @p home,
 * for node @p self: elsewhere than at the home, each is the copy the node
 * started with, PAGE_UNTOUCHED (see history). Returns 0 or an errno
 * value. */
int page_table_init(struct page_table *table, size_t npages, uint32_t home, uint32_t self);
void page_table_free(struct page_table *table);

/* The page may be valid here: set its copy hint. Call after any change
 * that can make a page valid at a node that is not its home. */
void page_hint_valid(struct page_table *table, size_t page);

/* The first page in [@p from, @p end) whose copy hint is set, or @p end;
 * its hint is cleared. The caller then looks at the page's state and home
 * (after the clear, so that a page made valid meanwhile keeps its hint). */
size_t page_take_hinted(struct page_table *table, size_t from, size_t end);

static inline uint32_t page_state_of(const struct page_entry *e) {
  return atomic_load_explicit(&e->state, memory_order_acquire);
}

/* Move the page from @p from to TRANSIENT. Returns 1 if this thread won. */
int page_claim(struct page_entry *e, uint32_t from);

/* If the page is TRANSIENT or BLOCKED, sleep until it is not. */
void page_wait_while_busy(struct page_entry *e);

/* The page's state once no thread is changing it (after sleeping while
 * it is TRANSIENT or BLOCKED); another thread may change it again at once. */
uint32_t page_state_settled(struct page_entry *e);

/* End a TRANSIENT phase: set @p to and wake any sleepers. */
void page_finish(struct page_entry *e, uint32_t to);

/* Set epoch flags on @p page; the first flag puts it in the epoch list.
 * Safe from the fault handler (lock-free). */
void page_mark_epoch(struct page_table *table, size_t page, uint32_t flags);

/* Forget the epoch: clear the flags and the notice number of every listed
 * page, empty the list.
 * Precondition: no thread can call page_mark_epoch concurrently. */
void page_epoch_reset(struct page_table *table);

#endif
