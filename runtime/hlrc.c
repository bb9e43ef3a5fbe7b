#include "hlrc.h"

#include "change_log.h"
#include "comm.h"
#include "diff.h"
#include "error.h"
#include "home_rule.h"
#include "node.h"
#include "page.h"
#include "stats.h"
#include "vm.h"
#include "wait.h"

#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

struct deferred_req {
  struct deferred_req *next;
  int src;
  struct msg_page_req req;
};

/* Per page, the tally of one barrier's notices. */
struct decide_scratch {
  uint32_t stamp;
  struct home_tally tally;
};

static inline struct page_entry *entry_of(size_t page) { return &node.pages.entries[page]; }
static inline uint32_t home_of(size_t page) { return atomic_load(&entry_of(page)->home); }
static inline uint32_t me(void) { return (uint32_t)node.rank; }

/* page.h, "seq": raise page's number to @p n (a change logged by a
 * thread and one by the communication thread may store out of order). */
static void seq_raise(size_t page, uint64_t n) {
  _Atomic uint64_t *at = &node.pages.seq[page];
  uint64_t old = atomic_load_explicit(at, memory_order_relaxed);
  while (old < n && !atomic_compare_exchange_weak(at, &old, n))
    ;
}

/* Page @p page, homed here, changed (or is about to) by a write of node
 * @p writer: logged, and the page's number raised to the change's.
 * Returns the change's number. */
static uint64_t note_change(size_t page, uint32_t writer) {
  uint64_t n = change_log_mark(page, writer);
  seq_raise(page, n);
  return n;
}

/* page.h, "notice_seq": this node's notice of @p page also stands for
 * change @p n of the page's home: a notice it learned, or its own diff as
 * the home logged it. NOTICE_SEQ_UNKNOWN: a notice without a number, which
 * this node's then lacks too, for the epoch (another thread of this node
 * may have learned of that write while one of its diffs was on the wire,
 * and the write's own change may come after the diff's). */
static void notice_seq_raise(size_t page, uint64_t n) {
  _Atomic uint64_t *at = &node.pages.notice_seq[page];
  uint64_t old = atomic_load_explicit(at, memory_order_relaxed);
  while (old != NOTICE_SEQ_UNKNOWN && old < n && !atomic_compare_exchange_weak(at, &old, n))
    ;
}

/* The acknowledgements of flushed diffs, gathered: pairs of page and the
 * number its home logged the diff as. */
static void note_acks(const uint64_t *pairs, size_t bytes) {
  if (bytes % (2 * sizeof *pairs))
    err_fatal("protocol error: %zu bytes of diff acknowledgements", bytes);
  for (size_t i = 0; i < bytes / sizeof *pairs; i += 2) {
    if (pairs[i] >= node.vm.npages)
      err_fatal("protocol error: a diff acknowledged for page %llu", (unsigned long long)pairs[i]);
    /* A page the epoch no longer lists (a barrier came since, while a
     * thread of the program's own released) keeps no number: the next
     * epoch's may be another home's. */
    if (atomic_load(&entry_of(pairs[i])->epoch_flags) & EPOCH_LISTED)
      notice_seq_raise((size_t)pairs[i], pairs[i + 1]);
  }
}

static void hlrc_on_page_req(int src, const struct msg_hdr *hdr, const void *payload);
static void hlrc_on_diff(int src, const struct msg_hdr *hdr, const void *payload);
static int hlrc_retry_deferred(void);

void hlrc_init(void) {
  atomic_init(&node.hlrc.epoch, 0);
  atomic_init(&node.hlrc.remote_dirty, 0);
  comm_register(MSG_PAGE_REQ, hlrc_on_page_req);
  comm_register(MSG_DIFF, hlrc_on_diff);
  comm_register(MSG_DEPART, comm_deliver_control);
  comm_register_poll(hlrc_retry_deferred);
  change_log_init();
  if (node.size > 1) {
    node.hlrc.heard = calloc((size_t)node.size, sizeof *node.hlrc.heard);
    node.hlrc.held = calloc((size_t)node.size, sizeof *node.hlrc.held);
    if (!node.hlrc.heard || !node.hlrc.held)
      err_fatal("out of memory for the change log's state");
    if (node.rank != 0)
      atomic_store(&node.hlrc.held[0], 1); /* every page starts a copy of rank 0's */
    size_t bytes = node.vm.npages * sizeof(struct decide_scratch);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                   -1, 0);
    if (p == MAP_FAILED)
      err_fatal("cannot allocate the barrier's page tally");
    node.hlrc.scratch = p;
  }
}

uint64_t hlrc_epoch(void) { return atomic_load(&node.hlrc.epoch); }

void hlrc_team_nodes(uint32_t nodes) { node.hlrc.team_nodes = nodes; }

/* The copies every node starts with (page_table_init) count as untouched:
 * they were never fetched, and until a thread writes one (which notes it
 * touched), a drop says nothing of what this node reads (fetch_window);
 * reads of them take no fault and go unseen. Counted as read, every page
 * rank 0's serial code wrote was "read lately" after the fork dropped it,
 * and each fault brought the 15 pages after it: the pipeline kernel
 * fetched 16 pages for each one it read. */
void hlrc_start(void) { vm_protect(&node.vm, 0, node.vm.npages, PROT_READ); }

/* @p page may be valid here and is homed elsewhere: its copy hint is set
 * (for a flush that drops it) and its home is one a flush asks. */
static void hint_copy(size_t page) {
  page_hint_valid(&node.pages, page);
  atomic_store(&node.hlrc.held[home_of(page)], 1);
}

static int prot_of(uint32_t state) {
  switch (state) {
  case PAGE_READ_ONLY: return PROT_READ;
  case PAGE_DIRTY: return PROT_READ | PROT_WRITE;
  default: return PROT_NONE;
  }
}

/* ---- Fault path (async-signal-safe: no malloc, no MPI) --------------- */

/* Epochs after which a dropped copy no longer counts as lately held. */
#define DROPPED_LATELY_EPOCHS 4

static uint32_t epoch_now(void) {
  return (uint32_t)atomic_load_explicit(&node.hlrc.epoch, memory_order_relaxed);
}

/* This node's copy of @p page (not homed here) is dropped now: remember
 * the epoch if a thread touched it (a copy that only came along with
 * another page's fetch says nothing of what this node reads). */
static void note_dropped(size_t page) {
  _Atomic uint32_t *h = &entry_of(page)->history;
  uint32_t was = atomic_load_explicit(h, memory_order_relaxed);
  atomic_store_explicit(
      h, was & PAGE_UNTOUCHED ? was & ~PAGE_UNTOUCHED : (epoch_now() + 1) & ~PAGE_UNTOUCHED,
      memory_order_relaxed);
}

static int dropped_lately(size_t page) {
  uint32_t dropped = atomic_load_explicit(&entry_of(page)->history, memory_order_relaxed);
  return dropped != 0 && !(dropped & PAGE_UNTOUCHED) &&
         ((epoch_now() - (dropped - 1)) & ~PAGE_UNTOUCHED) <= DROPPED_LATELY_EPOCHS;
}

/* Epochs within which a home's write fault on a page counts as lately. */
#define WRITTEN_LATELY_EPOCHS 16
/* Most pages one home write fault makes writable. */
#define WRITE_AHEAD_PAGES 16

/* The home writes @p page (it faulted on it, or write_ahead chose it). */
static void note_home_write(size_t page) {
  atomic_store_explicit(&entry_of(page)->written, epoch_now() + 1, memory_order_relaxed);
}

/* The home's first write fault in this epoch on @p page, which it
 * claimed: claim with it the pages after it that it wrote in the same
 * epoch as this one the last time (lately), and that are protected only
 * because a copy of them was served since (READ_ONLY here), so that one
 * protection change lets the home's writes to all of them through. A home
 * that rewrites a block other nodes read (CG's vector) took a write fault
 * on each of its pages in every iteration (86 an iteration at 2x2). Each
 * such page gets a twin, and a notice only if the home wrote it after all
 * (hlrc_own_notices, unwritten_ahead); its mark in the change log stays,
 * which costs a node that polls with flush a fetch of a page the home did
 * not write. Returns how many pages it claimed. */
static uint32_t write_ahead(size_t page) {
  uint32_t now = epoch_now(),
           last = atomic_load_explicit(&entry_of(page)->written, memory_order_relaxed);
  if (last == 0 || last - 1 >= now || now - (last - 1) > WRITTEN_LATELY_EPOCHS)
    return 0;
  uint32_t n = 0;
  while (n + 1 < WRITE_AHEAD_PAGES && page + n + 1 < node.vm.npages) {
    size_t next = page + n + 1;
    struct page_entry *e = entry_of(next);
    /* Not written in this epoch (its twin must be the content every copy
     * elsewhere has). */
    if (home_of(next) != me() || atomic_load_explicit(&e->written, memory_order_relaxed) != last ||
        (atomic_load(&e->epoch_flags) & EPOCH_WRITTEN) || page_state_of(e) != PAGE_READ_ONLY ||
        !page_claim(e, PAGE_READ_ONLY))
      break;
    n++;
  }
  return n;
}

/* A thread touches @p page's copy. */
static void note_touched(size_t page) {
  atomic_fetch_and_explicit(&entry_of(page)->history, ~PAGE_UNTOUCHED, memory_order_relaxed);
}

/* How many pages a fault on @p page, homed at @p home, asks for, up to
 * PARADE_PREFETCH_PAGES:
 *  - as many as the valid pages of the same home just before it: a node
 *    reading a home's pages in order (one thread or several) then pays one
 *    round trip per window rather than one per page, and the window
 *    doubles with each fetch. Fewer than two valid pages before it ask for
 *    one page: a thread reading two pages of a neighbour's block (a halo
 *    row) asks for no third;
 *  - at least the pages after it, of the same home, whose copies this
 *    node held and lost in the last DROPPED_LATELY_EPOCHS epochs: a node
 *    that read a home's pages lately reads them again, whatever its order
 *    (CG's matvec reads the other node's half of its vector in no order:
 *    41 faults an iteration at 2x2, each bringing 1.5 pages). A page it
 *    never held, or held long ago (the whole grid, written once by rank 0
 *    before its homes moved away), does not come along. */
static uint32_t fetch_window(size_t page, uint32_t home, uint32_t *in_order) {
  uint32_t most = (uint32_t)node.opt.prefetch_pages, valid = 0;
  while (valid < most && valid < page) {
    size_t before = page - 1 - valid;
    uint32_t s = page_state_of(entry_of(before));
    if (home_of(before) != home || (s != PAGE_READ_ONLY && s != PAGE_DIRTY))
      break;
    valid++;
  }
  uint32_t held = 1;
  while (held < most && page + held < node.vm.npages) {
    size_t after = page + held;
    if (home_of(after) != home || page_state_of(entry_of(after)) != PAGE_INVALID ||
        !dropped_lately(after))
      break;
    held++;
  }
  uint32_t want = valid < 2 ? 1 : valid;
  *in_order = want;
  return held > want ? held : want;
}

/* Claim up to @p want - 1 pages after @p page, INVALID here and homed at
 * @p home, for one fetch; stops at the first that is not. Returns the
 * pages the fetch asks for (@p page included). */
static uint32_t claim_following(size_t page, uint32_t home, uint32_t want) {
  uint32_t n = 1;
  while (n < want && page + n < node.vm.npages) {
    struct page_entry *e = entry_of(page + n);
    if (home_of(page + n) != home || page_state_of(e) != PAGE_INVALID ||
        !page_claim(e, PAGE_INVALID))
      break;
    hint_copy(page + n);
    n++;
  }
  return n;
}

/* A home's answer to a fetch of a page homed elsewhere since a departure
 * the request predates (a thread of the program's own may fetch during a
 * barrier): no copy; the requester asks again once it knows the new home. */
#define FETCH_MOVED UINT64_MAX

/* Fetch @p page, which the caller claimed and makes valid, and the pages
 * after it that fetch_window asks for: this makes those READ_ONLY if the
 * home sent them and INVALID again if not. Returns 0, with the pages after
 * it INVALID again, if the page's home had moved away (FETCH_MOVED). */
static int fetch_page(size_t page) {
  uint32_t home = home_of(page);
  /* A forked child's own pages are its node's copy once no diff is due. */
  if (node.forked && home == me() && atomic_load(&entry_of(page)->pending_diffs) == 0)
    return 1;
  if (node.forked)
    err_fatal("a child process made by fork() read shared data of page %zu, which its parent "
              "had no copy of: a forked child has no connection to the other ranks",
              page);
  struct wait_slot *slot = comm_my_slot();
  uint32_t in_order = 1;
  uint32_t count =
      home == me() ? 1 : claim_following(page, home, fetch_window(page, home, &in_order));
  slot->req.dest = home;
  /* Fetches from a home outside the current team cannot wait for its
   * collective stores: it makes none (the runtime falls back for them). */
  uint64_t stores = node.hlrc.team_nodes > home ? atomic_load(&node.hlrc.stores) : 0;
  slot->req.words = msg_page_req_pack((struct msg_page_req){.page = page,
                                                            .stores = (uint32_t)stores,
                                                            .epoch = atomic_load(&node.hlrc.epoch),
                                                            .slot = comm_slot_index(slot),
                                                            .count = count});
  /* The home's copies land straight in this node's system view, where
   * consecutive pages are adjacent. */
  comm_expect(slot, 1, vm_sys_page(&node.vm, page), (size_t)count * node.vm.page_size);
  uint64_t asked = stats_now_ns();
  comm_request_and_wait(slot);
  if (slot->reply_len == 0 && slot->value == FETCH_MOVED) {
    for (size_t i = 1; i < count; i++)
      page_finish(entry_of(page + i), PAGE_INVALID);
    return 0;
  }
  if (home == me())
    return 1;
  STAT_ADD(fetch_handoff_ns, slot->req.taken_ns - asked);
  STAT_ADD(fetch_remote_ns, slot->answered_ns - slot->req.taken_ns);
  STAT_ADD(fetch_wake_ns, stats_now_ns() - slot->answered_ns);
  size_t got = slot->reply_len / node.vm.page_size;
  if (got < 1 || got > count || got * node.vm.page_size != slot->reply_len)
    err_fatal("protocol error: rank %u answered a fetch of %u page(s) from page %zu with %zu bytes",
              home, count, page, slot->reply_len);
  STAT_ADD(pages_fetched, got);
  /* The reply's value: the home's last change the copies hold. A copy
   * that a departure moved to another home while it was on the wire (a
   * thread of the program's own may fetch during one) keeps no number:
   * the old home's numbers say nothing of the new one's. */
  for (size_t i = 0; i < got; i++)
    atomic_store(&node.pages.seq[page + i], home_of(page + i) == home ? slot->value : 0);
  note_touched(page);
  /* Pages read in order are readable at once; the pages after them came
   * because this node read them lately, and stay protected until a thread
   * touches them (a cheap fault, here only), so that only those a thread
   * reads count as read again (hlrc_fault). */
  size_t readable = got < in_order ? got : in_order;
  if (readable > 1)
    vm_protect(&node.vm, page + 1, readable - 1, PROT_READ);
  for (size_t i = readable; i < got; i++)
    atomic_fetch_or_explicit(&entry_of(page + i)->history, PAGE_UNTOUCHED, memory_order_relaxed);
  if (got > 1)
    STAT_ADD(pages_prefetched, got - 1);
  for (size_t i = 1; i < count; i++)
    page_finish(entry_of(page + i), i < got ? PAGE_READ_ONLY : PAGE_INVALID);
  return 1;
}

void hlrc_fault(size_t page, int write) {
  uint64_t start = stats_now_ns(), moved_since = 0;
  struct page_entry *e = entry_of(page);
  if (write)
    STAT_INC(page_faults_write);
  else
    STAT_INC(page_faults_read);
  for (;;) {
    uint32_t s = page_state_of(e);
    if (s == PAGE_INVALID) {
      if (page_claim(e, PAGE_INVALID)) {
        /* A thread of the program's own may fault while this node applies
         * a departure: it asks once the departure is applied (its request
         * would carry the epoch before it, and the page's home may be
         * moving). A claim the departure saw first, it waits for. */
        atomic_thread_fence(memory_order_seq_cst);
        if (atomic_load(&node.hlrc.departing)) {
          page_finish(e, PAGE_INVALID);
          struct timespec pause = {0, 20000};
          nanosleep(&pause, NULL);
          continue;
        }
        /* Hinted before the fetch: a flush that starts while the copy is
         * in flight must wait for it and drop it (it may be older than
         * what the flush has to see). */
        hint_copy(page);
        if (fetch_page(page)) {
          vm_protect(&node.vm, page, 1, PROT_READ);
          page_finish(e, PAGE_READ_ONLY);
        } else {
          /* Its home moved at a departure this node had not applied yet:
           * asked again once it has (the page is not busy meanwhile). */
          page_finish(e, PAGE_INVALID);
          uint64_t now = stats_now_ns();
          if (!moved_since)
            moved_since = now;
          else if (now - moved_since > 30000000000ull)
            err_fatal("protocol error: page %zu's home (rank %u) has said for 30 s that the page "
                      "moved away",
                      page, home_of(page));
          struct timespec pause = {0, 20000};
          nanosleep(&pause, NULL);
        }
      }
    } else if (s == PAGE_TRANSIENT || s == PAGE_BLOCKED) {
      page_wait_while_busy(e);
    } else if (s == PAGE_READ_ONLY) {
      if (!write) {
        /* A copy that came with another page's fetch, touched first. */
        if (!(atomic_load_explicit(&e->history, memory_order_relaxed) & PAGE_UNTOUCHED))
          break;
        if (page_claim(e, PAGE_READ_ONLY)) {
          note_touched(page);
          STAT_INC(prefetched_touched);
          vm_protect(&node.vm, page, 1, PROT_READ);
          page_finish(e, PAGE_READ_ONLY);
        }
        continue;
      }
      if (page_claim(e, PAGE_READ_ONLY)) {
        note_touched(page);
        uint32_t ahead = 0;
        if (home_of(page) != me()) {
          memcpy(vm_twin_page(&node.vm, page), vm_sys_page(&node.vm, page), node.vm.page_size);
          STAT_INC(twins);
          atomic_fetch_add(&node.hlrc.remote_dirty, 1);
        } else if (node.size > 1) {
          ahead = write_ahead(page);
          STAT_ADD(pages_written_ahead, ahead);
          /* Before the writes they let through. A page made writable
           * ahead gets a twin: the barrier sends no notice for it if the
           * home did not write it after all (hlrc_own_notices). */
          for (uint32_t i = 0; i <= ahead; i++) {
            note_change(page + i, me());
            note_home_write(page + i);
            if (i > 0) {
              memcpy(vm_twin_page(&node.vm, page + i), vm_sys_page(&node.vm, page + i),
                     node.vm.page_size);
              page_mark_epoch(&node.pages, page + i, EPOCH_WRITTEN | EPOCH_AHEAD);
            }
          }
        }
        page_mark_epoch(&node.pages, page, EPOCH_WRITTEN);
        vm_protect(&node.vm, page, 1 + ahead, PROT_READ | PROT_WRITE);
        for (uint32_t i = 1; i <= ahead; i++)
          page_finish(entry_of(page + i), PAGE_DIRTY);
        page_finish(e, PAGE_DIRTY);
      }
    } else {
      break; /* DIRTY: another thread already made it writable */
    }
  }
  STAT_ADD(fault_ns, stats_now_ns() - start);
}

/* ---- Release and acquire (locks, flush) ------------------------------ */

/* Encode page's diff into @p b for its home, asking for an ack to @p slot.
 * Precondition: the page is TRANSIENT and write-protected by the caller. */
static void add_flush_diff(struct bundle *b, size_t page, uint8_t *scratch, struct wait_slot *slot,
                           int32_t *acks) {
  size_t len =
      diff_encode((const uint8_t *)vm_twin_page(&node.vm, page),
                  (const uint8_t *)vm_sys_page(&node.vm, page), node.vm.page_size, scratch);
  page_mark_epoch(&node.pages, page, EPOCH_FLUSHED);
  if (len == 0)
    return;
  struct msg_diff diff = {.page = page,
                          .epoch = atomic_load(&node.hlrc.epoch),
                          .ack = 1,
                          .slot = comm_slot_index(slot)};
  bundle_add(b, msg_diff_pack(diff), scratch, len);
  STAT_INC(diffs_sent);
  STAT_ADD(diff_bytes, len);
  (*acks)++;
}

void hlrc_release(void) {
  if (node.size == 1 || atomic_load(&node.hlrc.remote_dirty) == 0)
    return;
  STAT_INC(release_walks);
  struct wait_slot *slot = comm_my_slot();
  size_t count = atomic_load(&node.pages.epoch_count);
  /* Allocated at the first dirty page: a release with nothing to send (a
   * lock taken again on its node) costs a walk of the epoch list only. */
  struct bundle *out = NULL;
  uint8_t *scratch = NULL;
  uint32_t *claimed = NULL;
  size_t nclaimed = 0;
  int32_t acks = 0;
  for (size_t i = 0; i < count; i++) {
    uint32_t page = atomic_load(&node.pages.epoch_list[i]);
    if (page == EPOCH_LIST_EMPTY || home_of(page) == me())
      continue; /* the home writes in place: nothing to send */
    struct page_entry *e = entry_of(page);
    for (;;) {
      uint32_t s = page_state_settled(e);
      if (s != PAGE_DIRTY || !page_claim(e, PAGE_DIRTY))
        break;
      if (!out) {
        out = calloc((size_t)node.size, sizeof *out);
        scratch = malloc(diff_max_size(node.vm.page_size));
        claimed = malloc(count * sizeof *claimed);
        if (!out || !scratch || !claimed)
          err_fatal("out of memory at a release");
      }
      vm_protect(&node.vm, page, 1, PROT_READ);
      add_flush_diff(&out[home_of(page)], page, scratch, slot, &acks);
      claimed[nclaimed++] = page;
      break;
    }
  }
  /* The pages stay TRANSIENT until their homes have applied the diffs:
   * - a thread of this node that writes one again meanwhile would
   *   otherwise send its own diff of the page first, and the home would
   *   apply the two in the wrong order (a flag set, then reset by a
   *   neighbour, would end set);
   * - a thread of this node releasing at the same time waits for them
   *   too: its release would otherwise return, and its lock move on to
   *   another node, while the diff with its writes is still on the wire
   *   (the next holder could fetch the page without them). */
  if (!out)
    return;
  uint64_t *numbers = malloc((acks ? (size_t)acks : 1) * 2 * sizeof *numbers);
  if (!numbers)
    err_fatal("out of memory at a release");
  comm_expect_gather(slot, acks, numbers, (size_t)acks * 2 * sizeof *numbers);
  for (int dest = 0; dest < node.size; dest++)
    comm_send_bundle(dest, &out[dest]);
  if (acks) {
    comm_slot_wait(slot);
    /* Before the pages: a release waiting for one of them then finds its
     * number. */
    note_acks(numbers, slot->reply_len);
  }
  free(numbers);
  for (size_t i = 0; i < nclaimed; i++)
    page_finish(entry_of(claimed[i]), PAGE_READ_ONLY);
  atomic_fetch_sub(&node.hlrc.remote_dirty, nclaimed);
  for (int dest = 0; dest < node.size; dest++)
    bundle_free(&out[dest]);
  free(out);
  free(scratch);
  free(claimed);
}

/* The notices of the epoch's pages with any of @p flags, into
 * @p numbered (malloc'd), or as bare words into @p words: a page homed
 * here with the number of its last change (every change a notice of it
 * can stand for was logged here: the home's writes, and the diffs of the
 * writers whose notices it learned, which reached it before they
 * released), any other with its notice_seq (page.h), NOTICE_SEQ_UNKNOWN if
 * none is known. */
static size_t notices_flagged(uint32_t flags, struct lock_notice **numbered, uint64_t **words) {
  size_t count = atomic_load(&node.pages.epoch_count), size = count ? count : 1;
  void *out = numbered ? malloc(size * sizeof **numbered) : malloc(size * sizeof **words);
  if (!out)
    err_fatal("out of memory building write notices");
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    uint32_t page = atomic_load(&node.pages.epoch_list[i]);
    if (page == EPOCH_LIST_EMPTY || !(atomic_load(&entry_of(page)->epoch_flags) & flags))
      continue;
    uint64_t word = (uint64_t)page << 16 | me();
    if (!numbered) {
      ((uint64_t *)out)[n++] = word;
      continue;
    }
    uint64_t seq = home_of(page) == me() ? atomic_load(&node.pages.seq[page])
                                         : atomic_load(&node.pages.notice_seq[page]);
    ((struct lock_notice *)out)[n++] =
        (struct lock_notice){.word = word, .seq = seq ? seq : NOTICE_SEQ_UNKNOWN};
  }
  if (numbered)
    *numbered = out;
  else
    *words = out;
  return n;
}

size_t hlrc_lock_notices(struct lock_notice **out) {
  return notices_flagged(EPOCH_WRITTEN | EPOCH_LEARNED, out, NULL);
}

size_t hlrc_written_notices(uint64_t **out) { return notices_flagged(EPOCH_WRITTEN, NULL, out); }

/* Send the diff of @p page, which the caller claimed and write-protected,
 * to its home alone, and wait for the acknowledgement, whose number the
 * page's notice then carries (page.h, "notice_seq"). */
static void flush_one(size_t page, uint8_t *scratch, struct wait_slot *slot) {
  struct bundle b = {0};
  int32_t acks = 0;
  uint64_t number[2];
  add_flush_diff(&b, page, scratch, slot, &acks);
  comm_expect_gather(slot, acks, number, sizeof number);
  comm_send_bundle((int)home_of(page), &b);
  bundle_free(&b);
  if (acks) {
    comm_slot_wait(slot);
    note_acks(number, slot->reply_len);
  }
  atomic_fetch_sub(&node.hlrc.remote_dirty, 1);
}

/* Drop this node's copy of a page homed elsewhere, so the next access
 * fetches the home's. Unsent writes to the page go home first. */
static void drop_copy(size_t page, struct wait_slot *slot, uint8_t **scratch) {
  struct page_entry *e = entry_of(page);
  for (;;) {
    uint32_t s = page_state_settled(e);
    if (s == PAGE_INVALID)
      return;
    if (!page_claim(e, s))
      continue;
    vm_protect(&node.vm, page, 1, PROT_NONE);
    if (s == PAGE_DIRTY) {
      /* Our own unsent writes to other bytes of the page must not be lost
       * with the copy: send them home before dropping it. */
      if (!*scratch && !(*scratch = malloc(diff_max_size(node.vm.page_size))))
        err_fatal("out of memory dropping a page copy");
      flush_one(page, *scratch, slot);
    }
    STAT_INC(invalidations);
    note_dropped(page);
    page_finish(e, PAGE_INVALID);
    return;
  }
}

/* A copy of @p page as new as change @p seq of its home's log, which a
 * notice of it carries: kept. */
static int copy_holds(size_t page, uint64_t seq) {
  if (seq == NOTICE_SEQ_UNKNOWN)
    return 0;
  struct page_entry *e = entry_of(page);
  /* A fetch in flight sets its number first. */
  uint32_t s = page_state_settled(e);
  return (s == PAGE_READ_ONLY || s == PAGE_DIRTY) && atomic_load(&node.pages.seq[page]) >= seq;
}

/* The notice that @p writer wrote @p page, which its home had applied as
 * change @p seq of its log (or NOTICE_SEQ_UNKNOWN). */
static void acquire_notice(size_t page, uint32_t writer, uint64_t seq, struct wait_slot *slot,
                           uint8_t **scratch) {
  if (writer == me() || page >= node.vm.npages)
    return;
  page_mark_epoch(&node.pages, page, EPOCH_LEARNED);
  if (home_of(page) == me())
    return; /* the releaser's diffs were applied here before it released */
  notice_seq_raise(page, seq);
  if (copy_holds(page, seq)) {
    STAT_INC(notices_held);
    return;
  }
  drop_copy(page, slot, scratch);
}

void hlrc_acquire(const uint64_t *notices, size_t count) {
  struct wait_slot *slot = count ? comm_my_slot() : NULL;
  uint8_t *scratch = NULL;
  for (size_t i = 0; i < count; i++)
    acquire_notice((size_t)(notices[i] >> 16), (uint32_t)(notices[i] & 0xffff), NOTICE_SEQ_UNKNOWN,
                   slot, &scratch);
  free(scratch);
}

void hlrc_lock_acquire(const struct lock_notice *notices, size_t count) {
  struct wait_slot *slot = count ? comm_my_slot() : NULL;
  uint8_t *scratch = NULL;
  for (size_t i = 0; i < count; i++)
    acquire_notice((size_t)(notices[i].word >> 16), (uint32_t)(notices[i].word & 0xffff),
                   notices[i].seq, slot, &scratch);
  free(scratch);
}

/* Clean copies dropped together: one protection change for a run of
 * pages, then each page's state. */
struct drop_run {
  size_t start, count;
};

static void drop_run_flush(struct drop_run *run) {
  if (!run->count)
    return;
  vm_protect(&node.vm, run->start, run->count, PROT_NONE);
  for (size_t page = run->start; page < run->start + run->count; page++) {
    STAT_INC(invalidations);
    note_dropped(page);
    page_finish(entry_of(page), PAGE_INVALID);
  }
  run->count = 0;
}

/* One walk of the copy hints at a time on a node: a walk clears a hint
 * before it drops the page, so a second walk running alongside would skip
 * a page the first has taken but not yet protected, and return while its
 * thread can still read the stale copy. */
static pthread_mutex_t walk_lock = PTHREAD_MUTEX_INITIALIZER;

/* Drop @p page, whose state was @p s, with the pages before it in
 * increasing order: a clean copy joins @p run (one protection change for
 * consecutive pages), any other goes one by one. */
static void drop_into_run(size_t page, uint32_t s, struct drop_run *run, struct wait_slot *slot,
                          uint8_t **scratch) {
  if (s == PAGE_READ_ONLY && page_claim(entry_of(page), PAGE_READ_ONLY)) {
    if (run->count && run->start + run->count != page)
      drop_run_flush(run);
    if (!run->count)
      run->start = page;
    run->count++;
    return;
  }
  drop_run_flush(run);
  drop_copy(page, slot, scratch);
}

/* Drop this node's copies of pages homed on a node marked in
 * @p drop_homes, walking the copy hints: a page left INVALID or homed here
 * loses its hint; a copy (or a fetch in flight) of a page homed elsewhere
 * keeps it. Under walk_lock. */
static void drop_copies_of(const uint8_t *drop_homes) {
  struct wait_slot *slot = comm_my_slot();
  uint8_t *scratch = NULL;
  struct drop_run run = {0, 0};
  size_t end = node.vm.npages;
  for (size_t page = 0; (page = page_take_hinted(&node.pages, page, end)) < end; page++) {
    uint32_t home = home_of(page);
    if (home == me())
      continue;
    uint32_t s = page_state_of(entry_of(page));
    if (s == PAGE_INVALID)
      continue;
    if (!drop_homes[home]) {
      page_hint_valid(&node.pages, page);
      continue;
    }
    drop_into_run(page, s, &run, slot, &scratch);
  }
  drop_run_flush(&run);
  free(scratch);
}

static int compare_page(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

/* Drop this node's copies of the @p count pages listed (any order,
 * repeats allowed; @p pages is sorted in place). */
static void drop_listed(uint32_t *pages, size_t count) {
  qsort(pages, count, sizeof *pages, compare_page);
  struct wait_slot *slot = comm_my_slot();
  uint8_t *scratch = NULL;
  struct drop_run run = {0, 0};
  for (size_t i = 0; i < count; i++) {
    size_t page = pages[i];
    if (page >= node.vm.npages)
      err_fatal("protocol error: a home listed page %zu as changed", page);
    if ((i > 0 && pages[i - 1] == page) || home_of(page) == me())
      continue;
    uint32_t s = page_state_of(entry_of(page));
    if (s == PAGE_INVALID)
      continue;
    drop_into_run(page, s, &run, slot, &scratch);
  }
  drop_run_flush(&run);
  free(scratch);
}

static void heard_up_to(uint32_t home, uint64_t seq) {
  uint64_t was = atomic_load(&node.hlrc.heard[home]);
  while (was < seq && !atomic_compare_exchange_weak(&node.hlrc.heard[home], &was, seq))
    ;
}

/* A thread's flush state, kept from one flush to the next (a polling
 * thread flushes at every poll): per node, whether it is asked, whether
 * every copy of its pages is dropped, and the last change it answered;
 * and the buffer the answers land in. */
struct flush_scratch {
  uint8_t *asked, *drop_all;
  uint64_t *answered;
  char *answers; /* room for an answer from every node */
};

static struct flush_scratch *my_flush_scratch(void) {
  static __thread struct flush_scratch f;
  if (!f.answered) {
    /* One block: the 8-byte words first, so that each stays aligned. */
    f.answered = calloc((size_t)node.size, sizeof *f.answered + 2);
    f.answers = malloc((size_t)node.size * changes_reply_max());
    if (!f.answered || !f.answers)
      err_fatal("out of memory at a flush");
    f.asked = (uint8_t *)(f.answered + node.size);
    f.drop_all = f.asked + node.size;
  }
  return &f;
}

void hlrc_flush_acquire(void) {
  if (node.size == 1)
    return;
  struct flush_scratch *f = my_flush_scratch();
  if (node.finished) {
    /* Other ranks may have stopped answering: drop every copy. */
    memset(f->drop_all, 1, (size_t)node.size);
    pthread_mutex_lock(&walk_lock);
    drop_copies_of(f->drop_all);
    pthread_mutex_unlock(&walk_lock);
    return;
  }
  /* The homes this node may hold copies from: no walk of the copies (a
   * node holds a copy of every page it has not touched since the start).
   * Their answers come back together: one round trip for all. */
  struct wait_slot *slot = comm_my_slot();
  int asked = 0;
  for (int h = 0; h < node.size; h++) {
    f->asked[h] = h != node.rank && atomic_load(&node.hlrc.held[h]);
    f->drop_all[h] = 0;
    asked += f->asked[h];
  }
  if (!asked)
    return;
  comm_expect_gather(slot, asked, f->answers, (size_t)asked * changes_reply_max());
  for (int h = 0; h < node.size; h++)
    if (f->asked[h]) {
      struct msg_changes_req req = {.since = atomic_load(&node.hlrc.heard[h]),
                                    .slot = comm_slot_index(slot)};
      comm_send(h, msg_changes_req_pack(req), NULL, 0);
    }
  comm_slot_wait(slot);
  STAT_ADD(change_queries, asked);
  /* The listed pages of every answer, gathered at the front of the
   * buffer (each list moves down over answer headers already read). */
  size_t len = slot->reply_len, listed = 0, at = 0;
  int drop_all = 0;
  while (at < len) {
    struct changes_reply head;
    if (len - at < sizeof head)
      err_fatal("protocol error: a truncated answer to a flush's question");
    memcpy(&head, f->answers + at, sizeof head);
    at += sizeof head;
    size_t n = head.count == CHANGES_ALL ? 0 : head.count;
    if (head.home >= (uint32_t)node.size || n > CHANGES_MAX_LISTED ||
        len - at < n * sizeof(uint32_t))
      err_fatal("protocol error: a malformed answer to a flush's question");
    if (head.count == CHANGES_ALL)
      drop_all = f->drop_all[head.home] = 1;
    f->answered[head.home] = head.seq;
    memmove(f->answers + listed * sizeof(uint32_t), f->answers + at, n * sizeof(uint32_t));
    listed += n;
    at += n * sizeof(uint32_t);
  }
  STAT_ADD(changes_heard, listed);
  drop_listed((uint32_t *)(void *)f->answers, listed);
  if (drop_all) {
    pthread_mutex_lock(&walk_lock);
    drop_copies_of(f->drop_all);
    pthread_mutex_unlock(&walk_lock);
  }
  /* Only now: a flush that starts meanwhile must not skip the changes
   * whose copies this one is still dropping. */
  for (int h = 0; h < node.size; h++)
    if (f->asked[h])
      heard_up_to((uint32_t)h, f->answered[h]);
}

/* ---- Collective stores ------------------------------------------------ */

void hlrc_collective_store(void *dst, const void *src, size_t len) {
  if (node.opt.test_store_delay_us && node.rank % 2 == 1)
    usleep((useconds_t)node.opt.test_store_delay_us);
  if (node.size == 1 || !vm_contains(&node.vm, dst)) {
    memcpy(dst, src, len);
    return;
  }
  const char *from = src;
  char *to = dst;
  while (len > 0) {
    size_t page = vm_page_of(&node.vm, to);
    size_t offset = (uintptr_t)to & (node.vm.page_size - 1);
    size_t in_page = node.vm.page_size - offset;
    size_t n = len < in_page ? len : in_page;
    struct page_entry *e = entry_of(page);
    if (home_of(page) == me()) {
      /* The home's system view is the copy every fetch is served from,
       * whatever its local state. Diffs still due for the page come from
       * the last barrier and hold older values: let them land first. */
      for (unsigned spin = 0; atomic_load(&e->pending_diffs) > 0; spin++)
        if (spin > 100)
          usleep(20);
        else
          sched_yield();
      memcpy(vm_sys_addr(&node.vm, to), from, n);
    } else {
      /* A fetch in flight may bring the page as it was before the home's
       * store: let it land, then store over it. */
      page_wait_while_busy(e);
      uint32_t s = page_state_of(e);
      if (s == PAGE_READ_ONLY || s == PAGE_DIRTY) {
        memcpy(vm_sys_addr(&node.vm, to), from, n);
        if (s == PAGE_DIRTY) /* not a change of this node's: keep it out of the diff */
          memcpy(vm_twin_page(&node.vm, page) + offset, from, n);
      }
      /* An INVALID copy is left alone: a later fetch waits (by the store
       * count) until the home has made this store. */
    }
    to += n;
    from += n;
    len -= n;
  }
}

void hlrc_collective_stores_done(void) {
  if (node.size == 1)
    return;
  atomic_fetch_add(&node.hlrc.stores, 1);
  atomic_store(&node.hlrc.deferred_ready, 1);
  /* A request deferred for this store is counted before the comm thread
   * runs its polls, which retry it once deferred_ready is set: either this
   * thread sees the count, or the comm thread sees the flag without
   * sleeping first. (A store, then a load, on each side: the operations
   * must stay sequentially consistent.) */
  if (atomic_load(&node.hlrc.deferred_count) > 0)
    comm_wake();
}

/* ---- Barrier: notices, the home decision, the departure -------------- */

/* A page this home made writable ahead of a write (write_ahead) that it
 * did not write: its content is its twin's. It gets no notice (another
 * node's write to it alone moves its home there, with no diff, as if
 * nothing had been made writable), and is protected again, since a node
 * may hold a copy. Every thread of this node is parked. */
static int unwritten_ahead(size_t page) {
  struct page_entry *e = entry_of(page);
  if (home_of(page) != me() || page_state_of(e) != PAGE_DIRTY ||
      memcmp(vm_sys_page(&node.vm, page), vm_twin_page(&node.vm, page), node.vm.page_size) != 0 ||
      !page_claim(e, PAGE_DIRTY))
    return 0;
  vm_protect(&node.vm, page, 1, PROT_READ);
  /* Not written by this node: its departure must not count it a writer
   * (another node that wrote the page becomes its home, and this copy is
   * dropped). */
  atomic_fetch_and(&e->epoch_flags, ~(uint32_t)(EPOCH_WRITTEN | EPOCH_AHEAD));
  page_finish(e, PAGE_READ_ONLY);
  STAT_INC(pages_ahead_unwritten);
  return 1;
}

size_t hlrc_own_notices(struct notice_rec **out) {
  size_t count = atomic_load(&node.pages.epoch_count);
  struct notice_rec *recs = malloc((count ? count : 1) * sizeof *recs);
  if (!recs)
    err_fatal("out of memory building write notices");
  size_t n = 0;
  for (size_t i = 0; i < count; i++) {
    uint32_t page = atomic_load(&node.pages.epoch_list[i]);
    if (page == EPOCH_LIST_EMPTY)
      continue;
    uint32_t flags = atomic_load(&entry_of(page)->epoch_flags);
    if (!(flags & EPOCH_WRITTEN))
      continue;
    if ((flags & EPOCH_AHEAD) && unwritten_ahead(page))
      continue;
    uint16_t nf = 0;
    if (page_state_of(entry_of(page)) == PAGE_DIRTY)
      nf |= NOTICE_DIRTY;
    if (flags & EPOCH_FLUSHED)
      nf |= NOTICE_FLUSHED;
    recs[n++] = (struct notice_rec){page, (uint16_t)node.rank, nf};
  }
  STAT_ADD(write_notices, n);
  *out = recs;
  return n;
}

static int compare_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return (x > y) - (x < y);
}

size_t hlrc_decide(const struct notice_rec *recs, size_t nrecs, struct depart_entry **out) {
  struct decide_scratch *tally = node.hlrc.scratch;
  uint32_t seq = ++node.hlrc.decide_seq;
  if (seq == 0)
    seq = ++node.hlrc.decide_seq;
  uint32_t *pages = malloc((nrecs ? nrecs : 1) * sizeof *pages);
  if (!pages)
    err_fatal("out of memory deciding homes");
  size_t npages = 0;
  for (size_t i = 0; i < nrecs; i++) {
    const struct notice_rec *r = &recs[i];
    if (r->page >= node.vm.npages)
      err_fatal("protocol error: write notice for page %u from rank %u", r->page, r->node);
    struct decide_scratch *s = &tally[r->page];
    if (s->stamp != seq) {
      s->stamp = seq;
      home_tally_init(&s->tally);
      pages[npages++] = r->page;
    }
    home_tally_add(&s->tally, r->node, r->flags, home_of(r->page));
  }
  qsort(pages, npages, sizeof *pages, compare_u32);
  struct depart_entry *entries = malloc((npages ? npages : 1) * sizeof *entries);
  if (!entries)
    err_fatal("out of memory deciding homes");
  for (size_t i = 0; i < npages; i++)
    entries[i] = home_rule_decide(pages[i], &tally[pages[i]].tally, home_of(pages[i]));
  free(pages);
  *out = entries;
  return npages;
}

/* Coalesce protection changes of neighbouring pages into one mprotect:
 * the pages, which the caller claimed, end in @p state once protected. */
struct prot_run {
  size_t start, count;
  int prot;
  uint32_t state;
};

static void prot_run_flush(struct prot_run *run) {
  if (!run->count)
    return;
  vm_protect(&node.vm, run->start, run->count, run->prot);
  for (size_t i = 0; i < run->count; i++)
    page_finish(entry_of(run->start + i), run->state);
  run->count = 0;
}

static void prot_run_add(struct prot_run *run, size_t page, uint32_t state) {
  if (run->count && run->state == state && run->start + run->count == page) {
    run->count++;
    return;
  }
  prot_run_flush(run);
  *run = (struct prot_run){page, 1, prot_of(state), state};
}

/* A page whose home this node is after the departure, with @p due diffs
 * still to come. A page the home writes stays writable: the departure
 * drops every other node's copy, and serving a copy later write-protects
 * it again (try_serve), so that a write after the copy is noticed; a home
 * takes no write fault in every epoch for pages nobody else reads. The
 * comm thread may be protecting the page for a copy as we go (a thread of
 * the program's own may still fetch), so the state changes by claim. */
static void home_departure(struct page_entry *e, size_t page, int32_t due, struct prot_run *run) {
  for (;;) {
    uint32_t state = page_state_of(e);
    if (state == PAGE_TRANSIENT || state == PAGE_BLOCKED) {
      /* Not while holding the run's pages: the thread it waits for may
       * wait for one of them. */
      prot_run_flush(run);
      page_wait_while_busy(e);
      continue;
    }
    uint32_t target = due > 0 ? PAGE_INVALID : state == PAGE_DIRTY ? PAGE_DIRTY : PAGE_READ_ONLY;
    if (target == state)
      return;
    if (!page_claim(e, state))
      continue;
    if (target == PAGE_INVALID)
      STAT_INC(invalidations);
    if (prot_of(target) != prot_of(state))
      vm_protect(&node.vm, page, 1, prot_of(target));
    page_finish(e, target);
    if (target != PAGE_INVALID)
      page_hint_valid(&node.pages, page);
    return;
  }
}

/* The state a departure leaves a copy in at a node that is not the page's
 * home after it: dropped if another node wrote the page, else kept (its
 * diff, if any, is on its way). */
static uint32_t copy_target(uint32_t state, uint32_t others) {
  return others > 0 || state == PAGE_INVALID ? PAGE_INVALID : PAGE_READ_ONLY;
}

/* Move a copy the caller claimed from @p state to @p target. */
static void depart_copy(size_t page, uint32_t state, uint32_t target, struct prot_run *run) {
  if (target == PAGE_INVALID && state != PAGE_INVALID) {
    STAT_INC(invalidations);
    note_dropped(page);
  }
  if (target != PAGE_INVALID)
    hint_copy(page); /* a home that moved away keeps a copy */
  if (prot_of(target) != prot_of(state))
    prot_run_add(run, page, target);
  else
    page_finish(entry_of(page), target);
}

/* A copy a thread of the program's own wrote during the departure, after
 * this node's notices were made: its diff goes to the page's new home now,
 * acknowledged, as a release's would, and the page counts as written and
 * flushed in the next epoch. Leaves the page READ_ONLY. */
static void flush_late_write(size_t page, uint8_t *scratch) {
  vm_protect(&node.vm, page, 1, PROT_READ);
  page_mark_epoch(&node.pages, page, EPOCH_WRITTEN);
  /* The notice of this write has no number (the acknowledgement's does
   * not change that): the new home may log it after changes of the new
   * epoch that this node learns of. */
  notice_seq_raise(page, NOTICE_SEQ_UNKNOWN);
  flush_one(page, scratch, comm_my_slot());
  page_finish(entry_of(page), PAGE_READ_ONLY);
}

/* The copies a thread of this node was changing when the departure came
 * to them (a thread of the program's own may fault during a barrier: its
 * fetch may be on the wire), once this node's diffs are sent: waiting
 * for them before could wait for a home that waits for those diffs. Each
 * then moves as the departure says; a fetch answered before the barrier
 * brought a copy that may be older than it. Runs after the epoch is
 * reset, so that a late write is counted in the next. */
struct busy_copy {
  uint32_t page, others, old_home;
};

static void depart_busy_copies(const struct busy_copy *busy, size_t nbusy, uint8_t *scratch) {
  for (size_t i = 0; i < nbusy; i++) {
    size_t page = busy[i].page;
    struct page_entry *e = entry_of(page);
    for (;;) {
      uint32_t s = page_state_settled(e);
      if (s == PAGE_DIRTY) {
        /* Written in place, with no twin to make its diff from. */
        if (busy[i].old_home == me())
          err_fatal("a thread of the program's own wrote page %zu while a barrier moved its home "
                    "away from this node (rank %u): its write would be lost",
                    page, me());
        if (page_claim(e, PAGE_DIRTY))
          flush_late_write(page, scratch);
        continue;
      }
      uint32_t target = copy_target(s, busy[i].others);
      if (target == s)
        break;
      if (!page_claim(e, s))
        continue;
      struct prot_run run = {0, 0, 0, 0};
      depart_copy(page, s, target, &run);
      prot_run_flush(&run);
      break;
    }
  }
}

void hlrc_apply_departure(const struct depart_entry *entries, size_t count) {
  struct bundle *out = calloc((size_t)node.size, sizeof *out);
  uint8_t *scratch = malloc(diff_max_size(node.vm.page_size));
  struct busy_copy *busy = NULL;
  size_t nbusy = 0;
  if (!out || !scratch)
    err_fatal("out of memory applying a departure");
  uint64_t epoch = atomic_load(&node.hlrc.epoch);
  atomic_store(&node.hlrc.departing, 1);
  atomic_thread_fence(memory_order_seq_cst); /* before any page's state is read (hlrc_fault) */
  struct prot_run run = {0, 0, 0, 0};
  for (size_t i = 0; i < count; i++) {
    const struct depart_entry *d = &entries[i];
    if (d->page >= node.vm.npages || d->new_home >= (uint32_t)node.size)
      err_fatal("protocol error: departure entry for page %u, home %u", d->page, d->new_home);
    struct page_entry *e = entry_of(d->page);
    int i_wrote = (atomic_load(&e->epoch_flags) & EPOCH_WRITTEN) != 0;
    uint32_t old_home = atomic_load(&e->home);
    uint32_t state = page_state_of(e);
    /* Its diff goes to the new home now, or it is the home's own page. */
    if (state == PAGE_DIRTY && old_home != me())
      atomic_fetch_sub(&node.hlrc.remote_dirty, 1);
    if (state == PAGE_DIRTY && d->new_home != me()) {
      if (old_home == me())
        err_fatal("protocol error: home of page %u moves away from a writing home", d->page);
      size_t len =
          diff_encode((const uint8_t *)vm_twin_page(&node.vm, d->page),
                      (const uint8_t *)vm_sys_page(&node.vm, d->page), node.vm.page_size, scratch);
      /* Sent even when empty: the new home counts the diffs it waits for. */
      struct msg_diff diff = {.page = d->page, .epoch = epoch, .ack = 0};
      bundle_add(&out[d->new_home], msg_diff_pack(diff), scratch, len);
      STAT_INC(diffs_sent);
      STAT_ADD(diff_bytes, len);
    }
    if (d->new_home != old_home) {
      /* Numbers of the old home's log say nothing of the new home's. */
      atomic_store(&node.pages.seq[d->page], 0);
      atomic_store(&e->home, d->new_home);
      if (d->new_home == me()) {
        STAT_INC(home_migrations);
        note_change(d->page, me());
      }
    }
    if (d->new_home == me()) {
      int32_t due = atomic_fetch_add(&e->pending_diffs, (int32_t)d->ndiffs) + (int32_t)d->ndiffs;
      home_departure(e, d->page, due, &run);
      continue;
    }
    uint32_t others = d->nwriters - (uint32_t)i_wrote;
    uint32_t target = copy_target(state, others);
    if (target == state) {
      if (target != PAGE_INVALID)
        hint_copy(d->page);
      continue;
    }
    /* The states change by claim: a thread of the program's own may be
     * fetching the page, or faulting on it, as the departure goes. */
    if (state == PAGE_TRANSIENT || state == PAGE_BLOCKED || !page_claim(e, state)) {
      if (!busy && !(busy = malloc(count * sizeof *busy)))
        err_fatal("out of memory applying a departure");
      busy[nbusy++] = (struct busy_copy){d->page, others, old_home};
      continue;
    }
    depart_copy(d->page, state, target, &run);
  }
  prot_run_flush(&run);
  for (int dest = 0; dest < node.size; dest++) {
    comm_send_bundle(dest, &out[dest]);
    bundle_free(&out[dest]);
  }
  free(out);
  page_epoch_reset(&node.pages);
  depart_busy_copies(busy, nbusy, scratch);
  free(busy);
  free(scratch);
  atomic_store(&node.hlrc.stores, 0);
  atomic_store_explicit(&node.hlrc.epoch, epoch + 1, memory_order_release);
  atomic_store(&node.hlrc.departing, 0);
  atomic_store(&node.hlrc.deferred_ready, 1);
}

/* Notices per node in a barrier's first allgather; a barrier where some
 * node has more takes a second one for the rest. */
#define BARRIER_INLINE_NOTICES 63

static uint64_t notice_word(const struct notice_rec *r) {
  return (uint64_t)r->page << 8 | r->flags;
}

static struct notice_rec notice_of(uint64_t word, int writer) {
  return (struct notice_rec){(uint32_t)(word >> 8), (uint16_t)writer, (uint16_t)(word & 0xff)};
}

void hlrc_barrier(MPI_Comm comm, uint32_t participants, const void *data, size_t len,
                  void *data_all) {
  struct notice_rec *own;
  size_t n = hlrc_own_notices(&own);
  /* Each node's words: its notice count, its change log's last change,
   * its first notices, then its data. */
  const size_t head = 2 + BARRIER_INLINE_NOTICES;
  const size_t width = head + (len + sizeof(uint64_t) - 1) / sizeof(uint64_t);
  if (width > INT32_MAX / 8 || participants > INT32_MAX / width)
    err_fatal("a barrier carrying %zu bytes from each of %u nodes", len, participants);
  /* On the stack unless data rides along (a barrier's usual case). */
  uint64_t words[2 + BARRIER_INLINE_NOTICES] = {0};
  uint64_t *mine = len ? calloc(width, sizeof *mine) : words;
  uint64_t *all = malloc(participants * width * sizeof *all);
  int *counts = malloc(participants * sizeof *counts);
  int *displs = malloc(participants * sizeof *displs);
  if (!mine || !all || !counts || !displs)
    err_fatal("out of memory at a barrier");
  mine[0] = n;
  mine[1] = change_log_last();
  for (size_t i = 0; i < n && i < BARRIER_INLINE_NOTICES; i++)
    mine[2 + i] = notice_word(&own[i]);
  if (len)
    memcpy(mine + head, data, len);
  MPI_Request req;
  MPI_Iallgather(mine, (int)width, MPI_UINT64_T, all, (int)width, MPI_UINT64_T, comm, &req);
  comm_wait_mpi(&req);
  if (mine != words)
    free(mine);
  for (uint32_t r = 0; r < participants && len; r++)
    memcpy((char *)data_all + r * len, all + r * width + head, len);
  size_t total = 0, rest = 0;
  for (uint32_t r = 0; r < participants; r++) {
    uint64_t count = all[r * width];
    size_t extra = count > BARRIER_INLINE_NOTICES ? count - BARRIER_INLINE_NOTICES : 0;
    if (extra > INT32_MAX || rest + extra > INT32_MAX)
      err_fatal("more than 2^31 write notices at one barrier");
    counts[r] = (int)extra;
    displs[r] = (int)rest;
    rest += extra;
    total += count;
  }
  /* Every node decides the same homes from the same notices. */
  struct notice_rec *recs = malloc((total ? total : 1) * sizeof *recs);
  uint64_t *more = malloc((rest ? rest : 1) * sizeof *more);
  if (!recs || !more)
    err_fatal("out of memory at a barrier");
  if (rest) {
    size_t mine_extra = n > BARRIER_INLINE_NOTICES ? n - BARRIER_INLINE_NOTICES : 0;
    uint64_t *send = malloc((mine_extra ? mine_extra : 1) * sizeof *send);
    if (!send)
      err_fatal("out of memory at a barrier");
    for (size_t i = 0; i < mine_extra; i++)
      send[i] = notice_word(&own[BARRIER_INLINE_NOTICES + i]);
    MPI_Iallgatherv(send, (int)mine_extra, MPI_UINT64_T, more, counts, displs, MPI_UINT64_T, comm,
                    &req);
    comm_wait_mpi(&req);
    free(send);
  }
  free(own);
  size_t nrecs = 0;
  for (uint32_t r = 0; r < participants; r++) {
    uint64_t count = all[r * width];
    for (uint64_t i = 0; i < count && i < BARRIER_INLINE_NOTICES; i++)
      recs[nrecs++] = notice_of(all[r * width + 2 + i], (int)r);
    for (int i = 0; i < counts[r]; i++)
      recs[nrecs++] = notice_of(more[displs[r] + i], (int)r);
  }
  free(more);
  free(counts);
  free(displs);
  struct depart_entry *entries;
  size_t count = hlrc_decide(recs, nrecs, &entries);
  free(recs);
  /* Nodes outside the team keep the same homes: they apply the departure
   * from their control mailbox before their next fork. */
  if (node.rank == 0)
    for (int dest = (int)participants; dest < node.size; dest++)
      comm_send(dest, msg_depart_pack((struct msg_depart){.epoch = hlrc_epoch()}), entries,
                count * sizeof *entries);
  hlrc_apply_departure(entries, count);
  free(entries);
  /* Only now: the copies of every change up to each node's last one are
   * dropped (change_log_last), so a flush may skip them. */
  for (uint32_t r = 0; r < participants; r++)
    if (r != me())
      heard_up_to(r, all[r * width + 1]);
  free(all);
}

/* ---- Comm thread handlers -------------------------------------------- */

static void defer(int src, const struct msg_page_req *req) {
  struct deferred_req *d = malloc(sizeof *d);
  if (!d)
    err_fatal("out of memory deferring a page request");
  d->src = src;
  d->req = *req;
  d->next = node.hlrc.deferred;
  node.hlrc.deferred = d;
  atomic_fetch_add(&node.hlrc.deferred_count, 1);
}

/* A page its home keeps writable (DIRTY) would change after a copy of it
 * without a write fault, and so without a write notice: protect it first,
 * so that the home's next write is noticed. Its threads' writes so far are
 * in the copy. Returns 0 if a thread of this node is changing the page's
 * state. */
static int home_protect_for_copy(struct page_entry *e, size_t page) {
  uint32_t s = page_state_of(e);
  if (s == PAGE_DIRTY && page_claim(e, PAGE_DIRTY)) {
    /* A page made writable ahead may be copied with writes its twin lacks:
     * it counts as written from now on (hlrc_own_notices compares the two
     * at the barrier, and a copy that differs from the twin, restored
     * after it to the twin's content, would keep no notice). */
    atomic_fetch_and(&e->epoch_flags, ~(uint32_t)EPOCH_AHEAD);
    vm_protect(&node.vm, page, 1, PROT_READ);
    page_finish(e, PAGE_READ_ONLY);
    return 1;
  }
  return !(s == PAGE_DIRTY || s == PAGE_TRANSIENT || s == PAGE_BLOCKED);
}

/* How many of the @p count pages from @p page on (which the caller serves)
 * can go in one reply now: the pages after it must be homed here, with no
 * diff due and no thread of this node changing them. The first that cannot
 * ends the run; the requester asks for it again when it gets there. */
static uint32_t servable_following(size_t page, uint32_t count) {
  uint32_t n = 1;
  while (n < count && page + n < node.vm.npages) {
    struct page_entry *e = entry_of(page + n);
    if (home_of(page + n) != me() || atomic_load(&e->pending_diffs) > 0 ||
        !home_protect_for_copy(e, page + n))
      break;
    n++;
  }
  return n;
}

/* Serve a page request now if this node's copy is complete: it has applied
 * the requester's departure, every diff due, and every collective store
 * the requester had made. */
static int try_serve(int src, const struct msg_page_req *req) {
  size_t page = (size_t)req->page;
  uint64_t epoch = atomic_load_explicit(&node.hlrc.epoch, memory_order_acquire);
  if (req->epoch > epoch)
    return 0;
  if (req->epoch == epoch && req->stores > atomic_load(&node.hlrc.stores))
    return 0;
  struct page_entry *e = entry_of(page);
  if (home_of(page) != me()) {
    /* Moved away at a departure the request predates, or moving here at
     * one the requester has applied and this node not yet (its request
     * carries the same epoch: a thread of the program's own fetched as its
     * node applied it). The requester asks again. */
    comm_reply(src, req->slot, FETCH_MOVED, NULL, 0);
    return 1;
  }
  if (atomic_load(&e->pending_diffs) > 0)
    return 0;
  if (src == node.rank) {
    comm_reply(src, req->slot, page, NULL, 0); /* the home's copy is this node's */
  } else {
    /* The copies hold every change up to the last logged before they are
     * protected: a later write faults, and its change comes after. */
    uint64_t holds = change_log_last();
    if (!home_protect_for_copy(e, page)) {
      atomic_store(&node.hlrc.deferred_ready, 1); /* the request waits for the next round */
      return 0;
    }
    uint32_t n = servable_following(page, req->count);
    size_t len = (size_t)n * node.vm.page_size;
    memcpy(comm_reply_reserve(src, req->slot, holds, len), vm_sys_page(&node.vm, page), len);
    STAT_ADD(pages_served, n);
  }
  return 1;
}

static void hlrc_on_page_req(int src, const struct msg_hdr *hdr, const void *payload) {
  (void)payload;
  struct msg_page_req req = msg_page_req_unpack(hdr);
  if (req.page >= node.vm.npages || req.count < 1 || req.count > OPTIONS_MAX_PREFETCH_PAGES ||
      (src == node.rank && req.count != 1))
    err_fatal("protocol error: rank %d asked for %u page(s) from page %llu", src, req.count,
              (unsigned long long)req.page);
  if (!try_serve(src, &req))
    defer(src, &req);
}

static int hlrc_retry_deferred(void) {
  if (!node.hlrc.deferred || !atomic_exchange(&node.hlrc.deferred_ready, 0))
    return 0;
  int served = 0;
  struct deferred_req **link = &node.hlrc.deferred;
  while (*link) {
    struct deferred_req *d = *link;
    if (try_serve(d->src, &d->req)) {
      *link = d->next;
      free(d);
      atomic_fetch_sub(&node.hlrc.deferred_count, 1);
      served = 1;
    } else {
      link = &d->next;
    }
  }
  return served;
}

static void hlrc_on_diff(int src, const struct msg_hdr *hdr, const void *payload) {
  struct msg_diff diff = msg_diff_unpack(hdr);
  size_t page = (size_t)diff.page;
  if (page >= node.vm.npages || diff_apply((uint8_t *)vm_sys_page(&node.vm, page),
                                           node.vm.page_size, payload, (size_t)hdr->len) != 0)
    err_fatal("protocol error: malformed diff for page %zu from rank %d", page, src);
  STAT_INC(diffs_applied);
  uint64_t n = hdr->len ? note_change(page, (uint32_t)src) : atomic_load(&node.pages.seq[page]);
  if (diff.ack) {
    /* With the change's number, which the writer's notices carry. */
    uint64_t number[2] = {page, n};
    comm_reply(src, diff.slot, n, number, sizeof number);
  } else if (atomic_fetch_sub(&entry_of(page)->pending_diffs, 1) == 1) {
    atomic_store(&node.hlrc.deferred_ready, 1);
  }
}
