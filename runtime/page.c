#include "page.h"

#include "wait.h"

#include <errno.h>
#include <sys/mman.h>

static void *map_private(size_t bytes) {
  void *p =
      mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

int page_table_init(struct page_table *table, size_t npages, uint32_t home, uint32_t self) {
  table->npages = npages;
  table->entries = map_private(npages * sizeof *table->entries);
  table->epoch_list = map_private(npages * sizeof *table->epoch_list);
  size_t words = (npages + 63) / 64;
  table->hints = map_private(words * sizeof *table->hints);
  table->seq = map_private(npages * sizeof *table->seq);
  table->notice_seq = map_private(npages * sizeof *table->notice_seq);
  if (!table->entries || !table->epoch_list || !table->hints || !table->seq || !table->notice_seq)
    return ENOMEM;
  /* Every page starts valid (READ_ONLY): every hint is set. */
  for (size_t w = 0; w < words; w++)
    atomic_init(&table->hints[w],
                npages - w * 64 >= 64 ? UINT64_MAX : (UINT64_C(1) << (npages - w * 64)) - 1);
  for (size_t i = 0; i < npages; i++) {
    atomic_init(&table->entries[i].state, PAGE_READ_ONLY);
    atomic_init(&table->entries[i].pending_diffs, 0);
    atomic_init(&table->entries[i].home, home);
    atomic_init(&table->entries[i].epoch_flags, 0);
    atomic_init(&table->entries[i].history, self == home ? 0 : PAGE_UNTOUCHED);
    atomic_init(&table->entries[i].written, 0);
    atomic_init(&table->epoch_list[i], EPOCH_LIST_EMPTY);
  }
  atomic_init(&table->epoch_count, 0);
  return 0;
}

void page_table_free(struct page_table *table) {
  if (table->entries)
    munmap(table->entries, table->npages * sizeof *table->entries);
  if (table->epoch_list)
    munmap((void *)table->epoch_list, table->npages * sizeof *table->epoch_list);
  if (table->hints)
    munmap((void *)table->hints, (table->npages + 63) / 64 * sizeof *table->hints);
  if (table->seq)
    munmap((void *)table->seq, table->npages * sizeof *table->seq);
  table->seq = NULL;
  if (table->notice_seq)
    munmap((void *)table->notice_seq, table->npages * sizeof *table->notice_seq);
  table->notice_seq = NULL;
  table->entries = NULL;
  table->epoch_list = NULL;
  table->hints = NULL;
}

void page_hint_valid(struct page_table *table, size_t page) {
  _Atomic uint64_t *word = &table->hints[page / 64];
  /* Unconditional: a relaxed test first could read a hint a walker has
   * just cleared as still set (the walker's clear and state read against
   * our state store and hint read); two read-modify-writes of the word
   * are ordered. It is rare: a fetch, a departure. */
  atomic_fetch_or(word, UINT64_C(1) << (page % 64));
}

size_t page_take_hinted(struct page_table *table, size_t from, size_t end) {
  for (size_t page = from; page < end;) {
    _Atomic uint64_t *word = &table->hints[page / 64];
    uint64_t bits = atomic_load(word) & (UINT64_MAX << (page % 64));
    if (!bits) {
      page = (page / 64 + 1) * 64;
      continue;
    }
    page = (page / 64) * 64 + (size_t)__builtin_ctzll(bits);
    if (page >= end)
      break;
    atomic_fetch_and(word, ~(UINT64_C(1) << (page % 64)));
    return page;
  }
  return end;
}

int page_claim(struct page_entry *e, uint32_t from) {
  uint32_t expected = from;
  return atomic_compare_exchange_strong_explicit(&e->state, &expected, PAGE_TRANSIENT,
                                                 memory_order_acq_rel, memory_order_acquire);
}

void page_wait_while_busy(struct page_entry *e) {
  for (;;) {
    uint32_t s = atomic_load_explicit(&e->state, memory_order_acquire);
    if (s == PAGE_TRANSIENT) {
      /* Announce a sleeper so the finisher knows to wake us. */
      if (!atomic_compare_exchange_weak_explicit(&e->state, &s, PAGE_BLOCKED, memory_order_acq_rel,
                                                 memory_order_acquire))
        continue;
      s = PAGE_BLOCKED;
    }
    if (s != PAGE_BLOCKED)
      return;
    wait_futex(&e->state, PAGE_BLOCKED, 0);
  }
}

uint32_t page_state_settled(struct page_entry *e) {
  for (;;) {
    uint32_t s = atomic_load_explicit(&e->state, memory_order_acquire);
    if (s != PAGE_TRANSIENT && s != PAGE_BLOCKED)
      return s;
    page_wait_while_busy(e);
  }
}

void page_finish(struct page_entry *e, uint32_t to) {
  uint32_t old = atomic_exchange_explicit(&e->state, to, memory_order_acq_rel);
  if (old == PAGE_BLOCKED)
    wait_wake(&e->state, INT32_MAX);
}

void page_mark_epoch(struct page_table *table, size_t page, uint32_t flags) {
  struct page_entry *e = &table->entries[page];
  uint32_t old =
      atomic_fetch_or_explicit(&e->epoch_flags, flags | EPOCH_LISTED, memory_order_acq_rel);
  if (old & EPOCH_LISTED)
    return;
  size_t slot = atomic_fetch_add_explicit(&table->epoch_count, 1, memory_order_acq_rel);
  atomic_store_explicit(&table->epoch_list[slot], (uint32_t)page, memory_order_release);
}

void page_epoch_reset(struct page_table *table) {
  size_t count = atomic_load(&table->epoch_count);
  for (size_t i = 0; i < count; i++) {
    uint32_t page = atomic_load(&table->epoch_list[i]);
    if (page != EPOCH_LIST_EMPTY) {
      atomic_store(&table->entries[page].epoch_flags, 0);
      if (atomic_load_explicit(&table->notice_seq[page], memory_order_relaxed))
        atomic_store(&table->notice_seq[page], 0);
    }
    atomic_store(&table->epoch_list[i], EPOCH_LIST_EMPTY);
  }
  atomic_store(&table->epoch_count, 0);
}
